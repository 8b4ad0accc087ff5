import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  CUSTOM_DOMAIN_CHECK_PATH,
  CUSTOM_DOMAIN_META,
  GYM_API_PREFIX,
  GYM_BY_HOST_PATH,
  type GymRedirectResponse,
  type PublicGymResponse,
} from '@shared/gyms.contract';
import { logoIconUrl } from '@shared/branding.contract';
import type { Db } from '../../db/client';
import { NotFoundError } from '../../lib/errors';
import type { ObjectStore } from '../../storage/object-store';
import { gymsRepository } from './gyms.repository';
import { gymsService, type GymsService } from './gyms.service';

interface Deps {
  db: Db;
  store: ObjectStore;
  now?: () => number;
  /** How buildApp serves the web app; custom domains get the built index.html with a marker. */
  web: 'static' | 'vite' | 'none';
  webDist: string;
}

const GYM_NOT_FOUND_MESSAGE = 'Gym not found';
/** Short: a changed colour or a new class shows within a minute, and a busy page is cheap. */
const PUBLIC_CACHE = 'public, max-age=60';

function sendCached(request: FastifyRequest, reply: FastifyReply, etag: string, body: PublicGymResponse) {
  reply.header('cache-control', PUBLIC_CACHE).header('etag', etag);
  const match = request.headers['if-none-match'];
  if (match && match.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) {
    return reply.status(304).send();
  }
  return reply.send(body);
}

/** The public gym page (spec §3 Public gym response, §7 GET /api/gym/{gymSlug}) and custom domains (§9). */
export function gymsRoutes(app: FastifyInstance, deps: Deps): void {
  const gyms = gymsService({ repo: gymsRepository(deps.db), store: deps.store, now: deps.now ?? Date.now });

  // A static path: Fastify prefers it to ':gymSlug' (so 'by-host' belongs in RESERVED_SLUGS).
  app.get(GYM_BY_HOST_PATH, async (request, reply) => {
    const found = await gyms.byHost(request.hostname);
    if (!found) throw new NotFoundError(GYM_NOT_FOUND_MESSAGE);
    return sendCached(request, reply, found.etag, found.gym);
  });

  app.get<{ Params: { gymSlug: string } }>(`${GYM_API_PREFIX}/:gymSlug`, async (request, reply) => {
    const slug = request.params.gymSlug;
    const found = /^[a-z0-9-]{1,50}$/.test(slug) ? await gyms.bySlug(slug) : null;
    if (!found) throw new NotFoundError(GYM_NOT_FOUND_MESSAGE);
    if (found.kind === 'redirect') {
      const body: GymRedirectResponse = { redirectTo: found.to };
      return reply.header('cache-control', PUBLIC_CACHE).send(body);
    }
    return sendCached(request, reply, found.etag, found.gym);
  });

  app.get<{ Querystring: { domain?: string } }>(CUSTOM_DOMAIN_CHECK_PATH, async (request) => {
    const domain = typeof request.query.domain === 'string' ? request.query.domain : '';
    const owner = domain.length <= 253 ? await gyms.ownerOfHost(domain) : null;
    if (!owner) throw new NotFoundError('Domain not connected');
    return { domain: owner.customDomain, connected: true };
  });

  if (deps.web === 'static') serveCustomDomains(app, gyms, deps.webDist);
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * Requests whose Host is a gym's custom domain get the web app marked for that gym (a meta tag the
 * router reads, the gym's name as the title and its logo as the icon), so / is the public gym page.
 * Only the app's HTML is touched: API calls, assets and files pass through.
 */
function serveCustomDomains(app: FastifyInstance, gyms: GymsService, webDist: string): void {
  let template: Promise<string> | undefined;
  const indexHtml = () => (template ??= readFile(path.join(webDist, 'index.html'), 'utf8'));

  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    const pathname = request.url.split('?')[0] ?? '/';
    if (pathname.startsWith('/api/') || /\.[a-z0-9]+$/i.test(pathname)) return;
    const owner = await gyms.ownerOfHost(request.hostname);
    if (!owner) return;
    let html: string;
    try {
      html = await indexHtml();
    } catch {
      template = undefined;
      return; // no build: the app's own handling answers
    }
    const name = escapeHtml(owner.companyName || owner.companySlug || '');
    const icon = logoIconUrl(owner.companyLogoUrl);
    let marked = html.replace(/<title>[^<]*<\/title>/, `<title>${name}</title>`);
    if (icon) {
      marked = marked.replace(/<link rel="icon"[^>]*>/, `<link rel="icon" type="image/png" href="${escapeHtml(icon)}" />`);
    }
    marked = marked
      .replace('</head>', `  <meta name="${CUSTOM_DOMAIN_META}" content="${escapeHtml(owner.companySlug!)}" />\n  </head>`);
    return reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(marked);
  });
}

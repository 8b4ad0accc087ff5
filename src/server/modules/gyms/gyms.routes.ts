import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  CUSTOM_DOMAIN_CHECK_PATH,
  CUSTOM_DOMAIN_META,
  EMBEDDED_GYM_ID,
  GYM_API_PREFIX,
  GYM_BY_HOST_PATH,
  type EmbeddedGym,
  type GymRedirectResponse,
  type PublicGymResponse,
} from '@shared/gyms.contract';
import type { Db } from '../../db/client';
import { NotFoundError } from '../../lib/errors';
import type { ObjectStore } from '../../storage/object-store';
import { gymsRepository } from './gyms.repository';
import { gymsService, type GymsService } from './gyms.service';

interface Deps {
  db: Db;
  store: ObjectStore;
  now?: () => number;
  /** How buildApp serves the web app; in 'static' the public page's HTML is served from here. */
  web: 'static' | 'vite' | 'none';
  webDist: string;
}

const gzipAsync = promisify(gzip);

const GYM_NOT_FOUND_MESSAGE = 'Gym not found';
/** The public page (spec §2), the same path the web app routes. */
const PUBLIC_GYM_PAGE_PATH = '/gym/:gymSlug';
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

  if (deps.web === 'static') servePublicPage(app, gyms, deps.webDist);
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * The built public page: gym.html (vite.gym.config.ts), read from disk each time (about 1 KB), as
 * the static files are, so a new build is served without a restart. Null without a build.
 */
async function pageTemplate(webDist: string): Promise<string | null> {
  try {
    return await readFile(path.join(webDist, 'gym.html'), 'utf8');
  } catch {
    return null;
  }
}

/**
 * The page with its gym in it: the gym's name as the title, its logo as the icon, its first class
 * pictures preloaded and the public gym response as JSON (spec §3), so the page renders without a
 * second round trip. `<` is escaped so no text of the gym's can close the script.
 */
function pageWithGym(html: string, embedded: EmbeddedGym, extraHead = ''): string {
  const { gym } = embedded;
  const head = [
    ...gym.videos
      .slice(0, 2)
      .flatMap((video) => (video.thumbnailUrl ? [video.thumbnailUrl] : []))
      .map((url) => `<link rel="preload" as="image" href="${escapeHtml(url)}" fetchpriority="high" />`),
    `<script type="application/json" id="${EMBEDDED_GYM_ID}">${JSON.stringify(embedded).replace(/</g, '\\u003c')}</script>`,
    extraHead,
  ].join('\n    ');
  let page = html.replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(gym.gymName)}</title>`);
  if (gym.gymLogoIcon) {
    page = page.replace(/<link rel="icon"[^>]*>/, `<link rel="icon" type="image/png" href="${escapeHtml(gym.gymLogoIcon)}" />`);
  }
  return page.replace('</head>', `  ${head}\n  </head>`);
}

/** The query string of a request URL ('?…'), or ''. */
const queryOf = (url: string) => (url.includes('?') ? url.slice(url.indexOf('?')) : '');

/** The page, gzipped for browsers that take it (its gym JSON grows with the classes). */
async function sendPage(request: FastifyRequest, reply: FastifyReply, html: string, status = 200) {
  reply
    .status(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-cache')
    .header('vary', 'accept-encoding');
  if (!/\bgzip\b/.test(request.headers['accept-encoding'] ?? '')) return reply.send(html);
  return reply.header('content-encoding', 'gzip').send(await gzipAsync(html));
}

/**
 * The public gym page's HTML (the lean gym.html build, decision 0017) for /gym/{gymSlug} and for
 * every page path on a gym's custom domain (spec §9, marked with a meta tag the page reads). An old
 * slug redirects to the current one; an unknown slug gets the page with a 404 status, and the page
 * shows Gym Not Found. API calls, assets and files pass through.
 */
function servePublicPage(app: FastifyInstance, gyms: GymsService, webDist: string): void {
  // Without the build, the app's own handling answers (serveWeb warns about it).
  if (!existsSync(path.join(webDist, 'gym.html'))) return;
  const template = () => pageTemplate(webDist);

  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    const pathname = request.url.split('?')[0] ?? '/';
    if (pathname.startsWith('/api/') || /\.[a-z0-9]+$/i.test(pathname)) return;
    const found = await gyms.byHost(request.hostname);
    if (!found) return;
    const html = await template();
    if (html === null) return;
    const marker = `<meta name="${CUSTOM_DOMAIN_META}" content="${escapeHtml(found.gym.slug)}" />`;
    return sendPage(request, reply, pageWithGym(html, { slug: null, gym: found.gym }, marker));
  });

  app.get<{ Params: { gymSlug: string } }>(PUBLIC_GYM_PAGE_PATH, async (request, reply) => {
    const html = await template();
    if (html === null) throw new NotFoundError(GYM_NOT_FOUND_MESSAGE);
    const slug = request.params.gymSlug;
    const found = /^[a-z0-9-]{1,50}$/.test(slug) ? await gyms.bySlug(slug) : null;
    if (!found) return sendPage(request, reply, html, 404);
    if (found.kind === 'redirect') {
      return reply.redirect(`/gym/${encodeURIComponent(found.to)}${queryOf(request.url)}`, 302);
    }
    return sendPage(request, reply, pageWithGym(html, { slug, gym: found.gym }));
  });

  // One address per gym: /gym/{slug}/ moves to /gym/{slug} (the query kept).
  app.get<{ Params: { gymSlug: string } }>(`${PUBLIC_GYM_PAGE_PATH}/`, async (request, reply) => {
    return reply.redirect(`/gym/${encodeURIComponent(request.params.gymSlug)}${queryOf(request.url)}`, 301);
  });
}

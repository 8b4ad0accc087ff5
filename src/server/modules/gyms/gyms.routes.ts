import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { GYM_BUILD_HEADER } from '@shared/gym-app.contract';
import { CUSTOM_DOMAIN_META, gymPagePath } from '@shared/gyms.contract';
import { gymEndpointsWithSchemas as gymEndpoints } from '@shared/public-gym.contract';
import { NotFoundError } from '../../lib/errors';
import type { RouteCollector } from '../../plugins/routes';
import type { ObjectStore } from '../../storage/object-store';
import { buildVersionOf, onDemandAssetsOf, readBuildManifest } from './gym-app';
import { gymAppRoutes } from './gym-app.routes';
import type { GymsService, PublicGym } from './gyms.service';
import { addVary, customDomainMarker, pageWithGym, readPublicPage, sendPage } from './public-page';
import { screenPageRoutes } from './screen-page';

interface Deps {
  gyms: GymsService;
  store: ObjectStore;
  /** How buildApp serves the web app; in 'static' the public page's HTML is served from here. */
  web: 'static' | 'vite' | 'none';
  webDist: string;
}

const GYM_NOT_FOUND_MESSAGE = 'Gym not found';
/** Short: a changed colour or a new class shows within a minute, and a busy page is cheap. */
const PUBLIC_CACHE = 'public, max-age=60';

/** The kept answer (its JSON serialized once, when built), or 304 when the client has its tag. */
function sendCached(request: FastifyRequest, reply: FastifyReply, { etag, json }: PublicGym) {
  reply.header('cache-control', PUBLIC_CACHE).header('etag', etag);
  const match = request.headers['if-none-match'];
  if (match && match.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) {
    return reply.status(304).send();
  }
  return reply.type('application/json; charset=utf-8').send(json);
}

/** The public gym page (product.md §3 Public gym response, §7 GET /api/gym/{gymSlug}) and custom domains (§9). */
export function gymsRoutes(app: FastifyInstance, routes: RouteCollector, deps: Deps): void {
  const { gyms } = deps;

  // A static path: Fastify prefers it to ':gymSlug' (so 'by-host' belongs in RESERVED_SLUGS).
  // The answer depends on the Host: a shared cache must keep one per host (the 404 too).
  routes.route(gymEndpoints.byHost, async ({ request, reply }) => {
    addVary(reply, 'host');
    const found = await gyms.byHost(request.hostname);
    if (!found) throw new NotFoundError(GYM_NOT_FOUND_MESSAGE);
    return sendCached(request, reply, found);
  });

  routes.route(gymEndpoints.bySlug, async ({ params, request, reply }) => {
    const found = await gyms.bySlug(params.gymSlug);
    if (!found) throw new NotFoundError(GYM_NOT_FOUND_MESSAGE);
    if (found.kind === 'redirect') {
      return reply.header('cache-control', PUBLIC_CACHE).send({ redirectTo: found.to });
    }
    return sendCached(request, reply, found);
  });

  routes.route(gymEndpoints.customDomainCheck, async ({ request }) => {
    const { domain: raw } = request.query as { domain?: unknown };
    const domain = typeof raw === 'string' ? raw : '';
    const connected = domain.length <= 253 ? await gyms.connectedDomain(domain) : null;
    if (!connected) throw new NotFoundError('Domain not connected');
    return { domain: connected, connected: true as const };
  });

  if (deps.web === 'static') servePublicPage(app, routes, gyms, deps.store, deps.webDist);
}

/** The query string of a request URL ('?…'), or ''. */
const queryOf = (url: string) => (url.includes('?') ? url.slice(url.indexOf('?')) : '');

/**
 * The public gym page's HTML (public-page.ts) for /gym/{gymSlug} and for every page path on a gym's
 * custom domain (product.md §9, marked with a meta tag the page reads). An old slug redirects to the
 * current one; an unknown slug gets the page with a 404 status, and the page shows Gym Not Found.
 * API calls, assets and files pass through.
 */
function servePublicPage(
  app: FastifyInstance,
  routes: RouteCollector,
  gyms: GymsService,
  store: ObjectStore,
  webDist: string,
): void {
  const html = readPublicPage(webDist);
  if (html === null) {
    app.log.warn(
      { dir: webDist },
      'gym.html missing: no public gym page or custom domains; run npm run build',
    );
    return;
  }
  // The gym page as an app: manifest, icons, service worker (decision 0045). The page carries its
  // build's version, so the worker keeps no page of another build.
  // What the page loads on demand, from the build's manifest: both workers keep it from install.
  const onDemand = onDemandAssetsOf(readBuildManifest(webDist));
  gymAppRoutes(routes, { gyms, html, webDist, store, onDemand });
  // The studio screen page (decision 0050): the same build, its own chunk.
  screenPageRoutes(routes, { html, onDemand });
  const build = buildVersionOf(html);

  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    const pathname = request.url.split('?')[0] ?? '/';
    if (pathname.startsWith('/api/') || /\.[a-z0-9]+$/i.test(pathname)) return;
    // Every page path answers per Host (a gym's page on its domain, the app elsewhere).
    addVary(reply, 'host');
    const found = await gyms.byHost(request.hostname);
    if (!found) return;
    const marker = customDomainMarker(CUSTOM_DOMAIN_META, found.gym.slug);
    reply.header(GYM_BUILD_HEADER, build);
    return sendPage(request, reply, pageWithGym(html, { slug: null, gym: found.gym }, marker));
  });

  routes.route(gymEndpoints.page, async ({ params, request, reply }) => {
    const slug = params.gymSlug;
    const found = await gyms.bySlug(slug);
    if (!found) return sendPage(request, reply, html, 404);
    if (found.kind === 'redirect')
      return reply.redirect(gymPagePath(found.to) + queryOf(request.url), 302);
    reply.header(GYM_BUILD_HEADER, build);
    return sendPage(request, reply, pageWithGym(html, { slug, gym: found.gym }));
  });

  // One address per gym: /gym/{slug}/ moves to /gym/{slug} (the query kept).
  routes.route(gymEndpoints.pageWithSlash, async ({ params, request, reply }) =>
    reply.redirect(gymPagePath(params.gymSlug) + queryOf(request.url), 301),
  );
}

import type { FastifyRequest } from 'fastify';
import { buffer } from 'node:stream/consumers';
import { gymAppEndpoints } from '@shared/gym-app.contract';
import { gymPagePath, type PublicGymResponse } from '@shared/gyms.contract';
import { NotFoundError } from '../../lib/errors';
import type { RouteCollector } from '../../plugins/routes';
import { ObjectMissingError, type ObjectStore } from '../../storage/object-store';
import { gymLogoKey } from '../branding/branding.service';
import {
  buildVersionOf,
  displayFontAssets,
  gymManifest,
  iconSizeOf,
  renderGymIcon,
  serviceWorkerConfig,
  serviceWorkerScript,
  shellAssetsOf,
} from './gym-app';
import type { GymsService } from './gyms.service';
import { addVary } from './public-page';

interface Deps {
  gyms: GymsService;
  /** Where the gym's logo is stored (the icons are drawn from it). */
  store: ObjectStore;
  /** The built gym.html (the worker's shell is what it loads). */
  html: string;
  webDist: string;
  /** The built files the page loads on demand (onDemandAssetsOf). */
  onDemand: string[];
}

/** Made icons kept in memory (a few KB each): at most this many. */
const ICONS_KEPT = 200;
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * The gym page as an app (issue #21 part 1, decision 0045): its manifest, icons and service worker,
 * at `/gym/{slug}/…` on every host. On a gym's custom domain only that gym's slug answers and the
 * app's scope is `/`; elsewhere the scope is the page `/gym/{slug}`. An unknown or old slug, or a
 * slug not of the domain's gym, is a 404.
 */
export function gymAppRoutes(routes: RouteCollector, deps: Deps): void {
  const { gyms, html, store, onDemand } = deps;
  const version = buildVersionOf(html);
  const shell = shellAssetsOf(html);
  const fonts = displayFontAssets(deps.webDist);
  const icons = new Map<string, Buffer>();

  /** The page this slug names on this host: its gym, its scope, and the slug in its address. */
  async function pageOf(request: FastifyRequest, slug: string) {
    const onDomain = await gyms.byHost(request.hostname);
    if (onDomain) {
      if (onDomain.gym.slug !== slug) return null;
      return { gym: onDomain.gym, scope: '/', pageSlug: null };
    }
    const found = await gyms.bySlug(slug);
    if (!found || found.kind !== 'gym') return null;
    return { gym: found.gym, scope: gymPagePath(slug), pageSlug: slug };
  }

  /** The stored logo's full-size PNG (only a name Cadence hands out has a key), or null. */
  async function logoOf(gym: PublicGymResponse): Promise<Buffer | null> {
    const key = gymLogoKey({ companyLogoUrl: gym.gymLogo });
    if (!key) return null;
    try {
      return await buffer(await store.get(key));
    } catch (error) {
      if (error instanceof ObjectMissingError) return null;
      throw error;
    }
  }

  routes.route(gymAppEndpoints.manifest, async ({ params, request, reply }) => {
    addVary(reply, 'host');
    const page = await pageOf(request, params.gymSlug);
    if (!page) throw new NotFoundError('Gym not found');
    return reply
      .header('cache-control', 'public, max-age=60')
      .type('application/manifest+json; charset=utf-8')
      .send(JSON.stringify(gymManifest(page.gym, page.scope)));
  });

  routes.route(gymAppEndpoints.icon, async ({ params, request, reply }) => {
    addVary(reply, 'host');
    const page = await pageOf(request, params.gymSlug);
    const size = page ? iconSizeOf(page.gym, params.file) : null;
    if (!page || !size) throw new NotFoundError('Icon not found');
    const key = `${page.gym.slug}/${params.file}`;
    let png = icons.get(key);
    if (!png) {
      png = await renderGymIcon(page.gym, size, await logoOf(page.gym));
      if (icons.size >= ICONS_KEPT) icons.delete(icons.keys().next().value!);
      icons.set(key, png);
    }
    return reply.header('cache-control', IMMUTABLE).type('image/png').send(png);
  });

  routes.route(gymAppEndpoints.serviceWorker, async ({ params, request, reply }) => {
    addVary(reply, 'host');
    const page = await pageOf(request, params.gymSlug);
    if (!page) throw new NotFoundError('Gym not found');
    const font = page.gym.branding.displayFont;
    const config = serviceWorkerConfig({
      version,
      slug: page.pageSlug,
      scope: page.scope,
      shell,
      fonts: font ? (fonts.get(font) ?? []) : [],
      onDemand,
    });
    return reply
      .header('cache-control', 'no-cache')
      .header('service-worker-allowed', page.scope)
      .type('text/javascript; charset=utf-8')
      .send(serviceWorkerScript(config));
  });
}

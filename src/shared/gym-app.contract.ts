/**
 * The installable gym page (issue #21 part 1, decision 0045): its web app manifest, its icons and
 * its service worker. Zod-free: the public page's own build imports the paths (decision 0017).
 *
 * All three live under the gym's page, `/gym/{slug}/…`, on the app's host and on a custom domain
 * alike (a custom domain serves the gym page on every page path, and files pass through to these
 * routes). What differs is the app's scope: `/gym/{slug}` on the app's host, `/` on a custom
 * domain; the server decides it from the request's Host.
 */
import { endpoint } from './endpoint';
import { gymPagePath, PUBLIC_GYM_PATH, type EmbeddedGym } from './gyms.contract';

/** The icon sizes the manifest lists (PNG squares). */
export const GYM_ICON_SIZES = [192, 512] as const;
export type GymIconSize = (typeof GYM_ICON_SIZES)[number];

/** The header the page's HTML carries with its build's version (the worker keeps only its own). */
export const GYM_BUILD_HEADER = 'x-cadence-build';

export function gymManifestPath(slug: string): string {
  return `${gymPagePath(slug)}/manifest.webmanifest`;
}
export function gymServiceWorkerPath(slug: string): string {
  return `${gymPagePath(slug)}/sw.js`;
}
/** An icon's address, versioned by what it is drawn from (cached for good). */
export function gymIconPath(slug: string, version: string, size: GymIconSize): string {
  return `${gymPagePath(slug)}/icons/${version}-${size}.png`;
}

/**
 * Where the app of a page lives: the scope its worker controls and its manifest's start_url (the
 * page itself: `/gym/{slug}`, or `/` on a custom domain), and its worker's address.
 */
export function gymAppOf(embedded: EmbeddedGym): { scope: string; serviceWorker: string } {
  const slug = embedded.slug ?? embedded.gym.slug;
  return {
    scope: embedded.slug === null ? '/' : gymPagePath(embedded.slug),
    serviceWorker: gymServiceWorkerPath(slug),
  };
}

export const gymAppEndpoints = {
  manifest: endpoint()({
    method: 'GET',
    path: `${PUBLIC_GYM_PATH}/manifest.webmanifest`,
    access: 'public',
    summary: "The gym page's web app manifest (name, colours, icons, scope)",
    produces: 'application/manifest+json',
  }),
  icon: endpoint()({
    method: 'GET',
    path: `${PUBLIC_GYM_PATH}/icons/:file`,
    access: 'public',
    summary: "The gym page's app icon, a PNG square ({version}-{192|512}.png)",
    produces: 'image/png',
  }),
  serviceWorker: endpoint()({
    method: 'GET',
    path: `${PUBLIC_GYM_PATH}/sw.js`,
    access: 'public',
    summary: "The gym page's service worker (its shell and public answer, offline)",
    produces: 'text/javascript',
  }),
} as const;

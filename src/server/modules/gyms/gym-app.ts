import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { parseHex } from '@shared/color';
import type { DisplayFontId } from '@shared/display-fonts';
import {
  GYM_BUILD_HEADER,
  GYM_ICON_SIZES,
  gymIconPath,
  type GymIconSize,
} from '@shared/gym-app.contract';
import { GYM_API_PREFIX, GYM_BY_HOST_PATH, type PublicGymResponse } from '@shared/gyms.contract';

/**
 * The installable gym page (issue #21 part 1, decision 0045): the manifest, the icons and the
 * service worker of one gym page. Pure functions of the public answer and the build; the routes
 * (gym-app.routes.ts) look the gym up.
 */

/** Drawn on the hero's colour (the secondary), like the logo on the page. */
const FALLBACK_BACKGROUND = '#111111';
const FALLBACK_FOREGROUND = '#ffffff';
/** Bumped when the drawing of the icons changes, so every icon gets a new address. */
const ICON_DESIGN = 1;
/** The logo's share of the icon's side (the rest is the background around it). */
const LOGO_SHARE = 0.72;
/** Manifests suggest at most 12 characters for `short_name` (a launcher's label). */
const SHORT_NAME_MAX = 12;

const hexOr = (value: string, fallback: string) => (parseHex(value) ? value : fallback);

/** The icons' colours: the hero's (secondary) colour and the text chosen to read on it. */
export function iconColours(gym: PublicGymResponse): { background: string; foreground: string } {
  return {
    background: hexOr(gym.branding.secondaryColor, FALLBACK_BACKGROUND),
    foreground: hexOr(gym.branding.secondaryTextColor, FALLBACK_FOREGROUND),
  };
}

/** The icons' version: a hash of what they are drawn from (a new logo or colour: new addresses). */
export function iconVersion(gym: PublicGymResponse): string {
  const { background, foreground } = iconColours(gym);
  return createHash('sha256')
    .update(JSON.stringify([ICON_DESIGN, gym.gymLogo, background, foreground]))
    .digest('hex')
    .slice(0, 12);
}

/** The icon an icon file name asks for (`{version}-{size}.png`, the current version only), or null. */
export function iconSizeOf(gym: PublicGymResponse, file: string): GymIconSize | null {
  if (!file.endsWith('.png') || file.length > 40) return null;
  const [version, size, ...rest] = file.slice(0, -'.png'.length).split('-');
  if (rest.length > 0 || version !== iconVersion(gym)) return null;
  return GYM_ICON_SIZES.find((s) => String(s) === size) ?? null;
}

/** The launcher's label: the name when short, else its first words (or characters) that fit. */
export function shortNameOf(name: string): string {
  const whole = name.trim();
  if ([...whole].length <= SHORT_NAME_MAX) return whole;
  const words: string[] = [];
  for (const word of whole.split(' ').filter((w) => w !== '')) {
    if ([...[...words, word].join(' ')].length > SHORT_NAME_MAX) break;
    words.push(word);
  }
  // A word of no letters or digits ('&', '-') does not end a label.
  while (words.length > 0 && !/[\p{L}\p{N}]/u.test(words.at(-1)!)) words.pop();
  return words.join(' ') || [...whole].slice(0, SHORT_NAME_MAX).join('').trim();
}

export interface WebAppManifest {
  id: string;
  name: string;
  short_name: string;
  description: string;
  lang: string;
  start_url: string;
  scope: string;
  display: 'standalone';
  theme_color: string;
  background_color: string;
  icons: Array<{ src: string; sizes: string; type: 'image/png'; purpose: 'any' }>;
}

/**
 * The gym page's manifest. `scope` is the page (`/gym/{slug}`, or `/` on a custom domain): the app
 * starts there and stays there. Standalone, not fullscreen: the tablet's status bar (clock,
 * battery, the wifi) stays in view, and the class player goes full screen by itself.
 */
export function gymManifest(gym: PublicGymResponse, scope: string): WebAppManifest {
  const { background } = iconColours(gym);
  const version = iconVersion(gym);
  return {
    id: scope,
    name: gym.gymName,
    short_name: shortNameOf(gym.gymName),
    description: gym.branding.description,
    lang: 'en',
    start_url: scope,
    scope,
    display: 'standalone',
    theme_color: background,
    background_color: background,
    icons: GYM_ICON_SIZES.map((size) => ({
      src: gymIconPath(gym.slug, version, size),
      sizes: `${size}x${size}`,
      type: 'image/png',
      purpose: 'any',
    })),
  };
}

/** Cadence's mark (public/favicon.svg's curve and dot) for a gym without a logo. */
function cadenceMark(size: number, background: string, foreground: string): Buffer {
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 32 32">` +
      `<rect width="32" height="32" fill="${background}"/>` +
      `<g transform="translate(5.6 5.6) scale(0.65)">` +
      `<path d="M9 21.5c2.2 1.7 4.5 2.5 7 2.5 4.4 0 8-3.6 8-8s-3.6-8-8-8c-2.5 0-4.8.8-7 2.5" fill="none" stroke="${foreground}" stroke-width="3" stroke-linecap="round"/>` +
      `<circle cx="16" cy="16" r="2.5" fill="${foreground}"/></g></svg>`,
  );
}

/**
 * An opaque PNG square: the gym's stored logo (a PNG Cadence made, decision 0006) contained in the
 * middle on the hero's colour, or Cadence's mark in the gym's colours when there is no logo.
 */
export async function renderGymIcon(
  gym: PublicGymResponse,
  size: GymIconSize,
  logo: Buffer | null,
): Promise<Buffer> {
  const { background, foreground } = iconColours(gym);
  if (!logo)
    return sharp(cadenceMark(size, background, foreground))
      .png()
      .toBuffer();
  const inner = Math.round(size * LOGO_SHARE);
  const fitted = await sharp(logo, { limitInputPixels: 4096 * 4096 })
    .resize(inner, inner, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .png()
    .toBuffer();
  return sharp({ create: { width: size, height: size, channels: 4, background } })
    .composite([{ input: fitted, gravity: 'centre' }])
    .png()
    .toBuffer();
}

/** The build's version: a hash of the built gym.html (its scripts' hashed names are in it). */
export function buildVersionOf(html: string): string {
  return createHash('sha256').update(html).digest('hex').slice(0, 16);
}

/** What gym.html loads from this origin: its script, stylesheet, theme-init.js and icon. */
export function shellAssetsOf(html: string): string[] {
  const urls = html
    .split('"')
    .filter((v) => v.startsWith('/assets/') || v === '/theme-init.js' || v === '/favicon.svg');
  return [...new Set(urls)];
}

/** The gym build's manifest (vite.gym.config.ts `build.manifest`), under the web build. */
export const GYM_BUILD_MANIFEST = path.join('.vite', 'manifest.json');

/** The gym build's manifest as written, or null without one (no build, a build before it). */
export function readBuildManifest(webDist: string): string | null {
  try {
    return readFileSync(path.join(webDist, GYM_BUILD_MANIFEST), 'utf8');
  } catch {
    return null;
  }
}

interface ManifestChunk {
  file?: unknown;
  imports?: unknown;
  dynamicImports?: unknown;
  css?: unknown;
}

/**
 * What gym.html loads on demand, from its build's manifest: every chunk of our own its entry
 * imports dynamically (the class player, the saving screens, a program, the toaster, the screen
 * page), with the chunks each imports and their stylesheets, as /assets/ addresses. Libraries
 * loaded only where a browser needs them (hls.js, not on Safari) are left to the page's own
 * warm-up: a saved class plays without them. The worker keeps these from its install, so a class
 * saved on the first visit plays offline at the next open (decision 0045). None without a
 * manifest (or one not of this shape).
 */
export function onDemandAssetsOf(manifestJson: string | null, entry = 'gym.html'): string[] {
  let manifest: Record<string, ManifestChunk>;
  try {
    manifest = JSON.parse(manifestJson ?? 'null') as Record<string, ManifestChunk>;
  } catch {
    return [];
  }
  const strings = (value: unknown) =>
    Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  const root = manifest?.[entry];
  if (!root || typeof root !== 'object') return [];
  const files = new Set<string>();
  const seen = new Set<string>([entry]);
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk || typeof chunk !== 'object') return;
    for (const file of [chunk.file, ...strings(chunk.css)]) {
      if (typeof file === 'string' && /^assets\/[\w.-]+\.(?:js|css)$/.test(file))
        files.add(`/${file}`);
    }
    for (const next of [...strings(chunk.imports), ...strings(chunk.dynamicImports)]) visit(next);
  };
  for (const key of strings(root.dynamicImports)) if (!key.includes('node_modules/')) visit(key);
  return [...files];
}

/** The file names (before Vite's hash) of each display font (components/gym/display-font.ts). */
const FONT_FILES: Record<DisplayFontId, string[]> = {
  oswald: ['oswald-latin-700-normal-', 'oswald-latin-ext-700-normal-'],
  'bebas-neue': ['bebas-neue-latin-400-normal-', 'bebas-neue-latin-ext-400-normal-'],
  montserrat: ['montserrat-latin-700-normal-', 'montserrat-latin-ext-700-normal-'],
  'playfair-display': [
    'playfair-display-latin-700-normal-',
    'playfair-display-latin-ext-700-normal-',
  ],
  'roboto-slab': ['roboto-slab-latin-700-normal-', 'roboto-slab-latin-ext-700-normal-'],
};

/** The built files of every display font, read once at start: id -> their /assets/ addresses. */
export function displayFontAssets(webDist: string): Map<DisplayFontId, string[]> {
  const dir = path.join(webDist, 'assets');
  const names = existsSync(dir) ? readdirSync(dir).filter((n) => n.endsWith('.woff2')) : [];
  const found = new Map<DisplayFontId, string[]>();
  for (const [id, prefixes] of Object.entries(FONT_FILES) as Array<[DisplayFontId, string[]]>) {
    found.set(
      id,
      names.filter((n) => prefixes.some((p) => n.startsWith(p))).map((n) => `/assets/${n}`),
    );
  }
  return found;
}

/** The on-demand files a worker fetches besides its shell (the entry's own chunks are in both). */
export const beyondShell = (onDemand: readonly string[], shell: readonly string[]) =>
  onDemand.filter((url) => !shell.includes(url));

export interface ServiceWorkerConfig {
  /** The build's version (the cache's name; the page's GYM_BUILD_HEADER must match it). */
  version: string;
  /** What the worker controls: `/gym/{slug}` or `/` on a custom domain. */
  scope: string;
  /** The page's address the app opens at (the scope). */
  page: string;
  /**
   * The public answer the page asks for: GET /api/gym/{slug}, or /api/gym/by-host; null for the
   * studio screen page, which keeps its own timetable on the device (decision 0050).
   */
  api: string | null;
  /** Files fetched at install (the shell); more of /assets/ is kept as the page loads it. */
  precache: string[];
  /**
   * Hashed files the page loads on demand (onDemandAssetsOf), fetched at install too, through the
   * HTTP cache (the page's own warm-up has often fetched them already, and they never change),
   * each on its own: one that fails leaves the install whole.
   */
  onDemand: string[];
}

export function serviceWorkerConfig(options: {
  version: string;
  /** The slug in the page's address, or null on a custom domain. */
  slug: string | null;
  scope: string;
  shell: string[];
  fonts: string[];
  onDemand: string[];
}): ServiceWorkerConfig {
  const { slug } = options;
  return {
    version: options.version,
    scope: options.scope,
    page: options.scope,
    api: slug === null ? GYM_BY_HOST_PATH : `${GYM_API_PREFIX}/${encodeURIComponent(slug)}`,
    precache: [...new Set([...options.shell, ...options.fonts])],
    onDemand: beyondShell(options.onDemand, options.shell),
  };
}

/**
 * The worker itself (plain JavaScript, run by the browser; tested by e2e/installable.e2e.ts):
 * - install: the page (only when its GYM_BUILD_HEADER is this build's: never a mix of builds),
 *   the shell, the files the page loads on demand and the public answer go into a cache named by
 *   the scope and the build;
 * - no skipWaiting: a new build's worker waits until every window of the old one is closed, so it
 *   takes over on the next open, and a page never mixes files of two builds;
 * - activate: deletes this scope's caches of other builds;
 * - fetch: the page and the public answer network first (4 s, then the last copy), the build's
 *   hashed files cache first; anything else (other origins, media, the owner's app, other API
 *   routes, other pages) is never touched.
 */
const SERVICE_WORKER_SOURCE = `
const PREFIX = 'cadence-gym:' + CONFIG.scope + ':';
const CACHE = PREFIX + CONFIG.version;
const NETWORK_WAIT_MS = 4000;
const BUILD_HEADER = ${JSON.stringify(GYM_BUILD_HEADER)};
const KEPT_FILES = ['.js', '.css', '.woff2'];

const ownBuild = (response) => response.ok && response.headers.get(BUILD_HEADER) === CONFIG.version;

self.addEventListener('install', (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    const page = await fetch(CONFIG.page, { cache: 'no-store', credentials: 'same-origin' });
    if (!ownBuild(page)) throw new Error('The page is of another build: not installed');
    await cache.addAll(CONFIG.precache.map((url) => new Request(url, { cache: 'reload' })));
    // One by one and best effort: a chunk missed on poor wifi is kept when the page loads it.
    await Promise.all(CONFIG.onDemand.map((url) => cache.add(url).catch(() => undefined)));
    await cache.put(CONFIG.page, page);
    if (!CONFIG.api) return;
    const answer = await fetch(CONFIG.api, { credentials: 'same-origin' }).catch(() => null);
    if (answer && answer.ok) await cache.put(CONFIG.api, answer);
  })());
});

self.addEventListener('activate', (event) => {
  event.waitUntil(caches.keys().then((names) => Promise.all(
    names.filter((name) => name.startsWith(PREFIX) && name !== CACHE).map((name) => caches.delete(name)),
  )));
});

async function networkFirst(event, key, keep) {
  const cache = await caches.open(CACHE);
  const network = fetch(event.request).then(async (response) => {
    if (keep(response)) await cache.put(key, response.clone());
    return response;
  });
  event.waitUntil(network.catch(() => undefined));
  const slow = new Promise((resolve) => setTimeout(resolve, NETWORK_WAIT_MS)).then(() => cache.match(key));
  try {
    return (await Promise.race([network, slow])) || (await network);
  } catch (error) {
    const copy = await cache.match(key);
    if (copy) return copy;
    throw error;
  }
}

async function cacheFirst(event) {
  const cache = await caches.open(CACHE);
  const copy = await cache.match(event.request, { ignoreSearch: true });
  if (copy) return copy;
  const response = await fetch(event.request);
  if (response.ok && response.type === 'basic') event.waitUntil(cache.put(event.request, response.clone()));
  return response;
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate') {
    if (url.pathname === CONFIG.page) event.respondWith(networkFirst(event, CONFIG.page, ownBuild));
    return;
  }
  if (CONFIG.api && url.pathname === CONFIG.api) {
    event.respondWith(networkFirst(event, CONFIG.api, (response) => response.ok));
    return;
  }
  const built = url.pathname.startsWith('/assets/') && KEPT_FILES.some((end) => url.pathname.endsWith(end));
  if (built || CONFIG.precache.includes(url.pathname)) event.respondWith(cacheFirst(event));
});
`;

/** The worker's script for one page: its configuration, then the worker. */
export function serviceWorkerScript(config: ServiceWorkerConfig): string {
  return `'use strict';\nconst CONFIG = ${JSON.stringify(config)};\n${SERVICE_WORKER_SOURCE}`;
}

import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { gymIconPath, gymManifestPath } from '@shared/gym-app.contract';
import { EMBEDDED_GYM_ID, type EmbeddedGym } from '@shared/gyms.contract';
import { iconColours, iconVersion } from './gym-app';

/**
 * The public gym page's HTML (decision 0017): the built gym.html (vite.gym.config.ts) with a gym
 * written into it. Every piece of the gym's own text is escaped, and inserted through replacer
 * functions, so neither `<` nor a `$` pattern in a name changes the page.
 */

const gzipAsync = promisify(gzip);

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/**
 * gym.html, read once at start (a new build needs a restart, as the static files do), or null when
 * the build has none.
 */
export function readPublicPage(webDist: string): string | null {
  const file = path.join(webDist, 'gym.html');
  return existsSync(file) ? readFileSync(file, 'utf8') : null;
}

/**
 * The page with its gym in it: the gym's name as the title, its logo as the icon, its first class
 * pictures preloaded (not `data:` ones: nothing to fetch) and the public gym response as JSON (docs/product.md
 * §3), so the page renders without a second round trip. `extraHead` is trusted markup.
 */
export function pageWithGym(html: string, embedded: EmbeddedGym, extraHead = ''): string {
  const { gym } = embedded;
  const head = [
    ...gym.videos
      .slice(0, 2)
      .flatMap((video) =>
        video.thumbnailUrl && !video.thumbnailUrl.startsWith('data:') ? [video.thumbnailUrl] : [],
      )
      .map(
        (url) => `<link rel="preload" as="image" href="${escapeHtml(url)}" fetchpriority="high" />`,
      ),
    // The page as an app (decision 0045): its manifest and the icon a home screen shows.
    `<link rel="manifest" href="${escapeHtml(gymManifestPath(gym.slug))}" />`,
    `<link rel="apple-touch-icon" href="${escapeHtml(gymIconPath(gym.slug, iconVersion(gym), 192))}" />`,
    `<script type="application/json" id="${EMBEDDED_GYM_ID}">${JSON.stringify(embedded).replace(/</g, '\\u003c')}</script>`,
    extraHead,
  ].join('\n    ');
  let page = html.replace(
    /<title>[^<]*<\/title>/,
    () => `<title>${escapeHtml(gym.gymName)}</title>`,
  );
  // The browser's bar in the hero's colour, as the installed app's.
  const theme = iconColours(gym).background;
  page = page.replace(
    /<meta name="theme-color"[^>]*>/,
    () => `<meta name="theme-color" content="${escapeHtml(theme)}" />`,
  );
  const icon = gym.gymLogoIcon;
  if (icon) {
    page = page.replace(
      /<link rel="icon"[^>]*>/,
      () => `<link rel="icon" type="image/png" href="${escapeHtml(icon)}" />`,
    );
  }
  return page.replace('</head>', () => `  ${head}\n  </head>`);
}

/** The custom-domain marker (product.md §9) the page reads: `extraHead` for pageWithGym. */
export function customDomainMarker(meta: string, slug: string): string {
  return `<meta name="${meta}" content="${escapeHtml(slug)}" />`;
}

/** Whether an Accept-Encoding header takes gzip (listed, and not with q=0). */
export function acceptsGzip(header: string | undefined): boolean {
  return (header ?? '').split(',').some((part) => {
    const [coding, ...params] = part.split(';').map((s) => s.trim().toLowerCase());
    if (coding !== 'gzip') return false;
    const q = params.find((p) => p.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}

/** Adds a request header to the answer's Vary (kept once, the ones already there kept). */
export function addVary(reply: FastifyReply, field: string): void {
  const current = reply.getHeader('vary');
  const fields = (Array.isArray(current) ? current.join(',') : String(current ?? ''))
    .split(',')
    .map((f) => f.trim())
    .filter((f) => f !== '');
  if (!fields.some((f) => f.toLowerCase() === field.toLowerCase())) fields.push(field);
  reply.header('vary', fields.join(', '));
}

/** The page, never cached, gzipped for browsers that take it (its gym JSON grows with the classes). */
export async function sendPage(
  request: FastifyRequest,
  reply: FastifyReply,
  html: string,
  status = 200,
) {
  reply
    .status(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-cache');
  addVary(reply, 'accept-encoding');
  if (!acceptsGzip(request.headers['accept-encoding'])) return reply.send(html);
  return reply.header('content-encoding', 'gzip').send(await gzipAsync(html));
}

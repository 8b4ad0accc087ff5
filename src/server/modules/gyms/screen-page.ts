import { GYM_BUILD_HEADER } from '@shared/gym-app.contract';
import { SCREEN_PAGE_PATH, screenPageEndpoints } from '@shared/screen-page';
import type { RouteCollector } from '../../plugins/routes';
import { beyondShell, buildVersionOf, serviceWorkerScript, shellAssetsOf } from './gym-app';
import { sendPage } from './public-page';

/**
 * The studio screen page (issue #21 part 3, docs/decisions/0050): the gym build's gym.html, whose
 * entry routes /screen to the screen's own lazy chunk (features/gym/screen), so the screen plays
 * classes in the same player as the gym page. No gym is written into it: a screen learns its gym
 * from its timetable once paired. It is nobody's page to find: not indexed, and dark before the
 * script paints (a TV in a dim room).
 */
export function screenPageHtml(html: string): string {
  return html
    .replace(/<title>[^<]*<\/title>/, () => '<title>Studio screen · Cadence</title>')
    .replace(
      /<meta name="theme-color"[^>]*>/,
      () => '<meta name="theme-color" content="#000000" />',
    )
    .replace('</head>', () => '  <meta name="robots" content="noindex" />\n  </head>');
}

/**
 * GET /screen: the page, never cached by HTTP (a new build's scripts come with the next open),
 * carrying its build's version; GET /screen/sw.js: its service worker, the gym page's worker
 * (decision 0045) with the screen as its page and no public answer, so a screen restarted with no
 * network opens on its last timetable (kept on the device) and plays its saved classes (`onDemand`:
 * the screen's chunk and the player, onDemandAssetsOf).
 */
export function screenPageRoutes(
  routes: RouteCollector,
  { html, onDemand }: { html: string; onDemand: string[] },
): void {
  const page = screenPageHtml(html);
  const version = buildVersionOf(html);
  const precache = shellAssetsOf(html);
  const worker = serviceWorkerScript({
    version,
    scope: SCREEN_PAGE_PATH,
    page: SCREEN_PAGE_PATH,
    api: null,
    precache,
    onDemand: beyondShell(onDemand, precache),
  });
  routes.route(screenPageEndpoints.page, async ({ request, reply }) =>
    sendPage(request, reply.header(GYM_BUILD_HEADER, version), page),
  );
  routes.route(screenPageEndpoints.serviceWorker, async ({ reply }) =>
    reply
      .header('cache-control', 'no-cache')
      .header('service-worker-allowed', SCREEN_PAGE_PATH)
      .type('text/javascript; charset=utf-8')
      .send(worker),
  );
}

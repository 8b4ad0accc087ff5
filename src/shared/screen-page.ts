/**
 * The studio screen page (issue #21 part 3, docs/decisions/0050): the address a TV browser or a
 * spin room's tablet opens once, to pair and then play the studio's timetable. Zod-free: the gym
 * page's own build routes it (docs/decisions/0017).
 */
import { endpoint } from './endpoint';

export const SCREEN_PAGE_PATH = '/screen';
/** The screen page's service worker (its scope is the page: Service-Worker-Allowed names it). */
export const SCREEN_WORKER_PATH = '/screen/sw.js';

export const screenPageEndpoints = {
  page: endpoint()({
    method: 'GET',
    path: SCREEN_PAGE_PATH,
    access: 'public',
    summary: 'The studio screen page: a pairing code, then the timetable played on time',
    produces: 'text/html',
  }),
  serviceWorker: endpoint()({
    method: 'GET',
    path: SCREEN_WORKER_PATH,
    access: 'public',
    summary: "The studio screen page's service worker: the page opens with no network",
    produces: 'text/javascript',
  }),
} as const;

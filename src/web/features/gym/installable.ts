/**
 * The gym page as an app (issue #21 part 1, decision 0045): registers the page's service worker
 * once the page has loaded and the browser is idle, so the worker's install (the page's shell into
 * its cache) never competes with the page's own start. Kept tiny: the gym build's budget is 50 KB
 * gzip of JavaScript at open (decision 0030).
 */
import { gymAppOf } from '@shared/gym-app.contract';
import type { EmbeddedGym } from '@shared/gyms.contract';

/** `text`: the gym the server wrote into the page (none: Gym Not Found, nothing to install). */
export function registerGymApp(text: string | null): void {
  if (!text) return;
  let app: ReturnType<typeof gymAppOf>;
  try {
    app = gymAppOf(JSON.parse(text) as EmbeddedGym);
  } catch {
    return;
  }
  registerWorkerWhenIdle(app.serviceWorker, app.scope);
}

/** Registers a page's worker (the gym page's, the studio screen's) once loaded and idle. */
export function registerWorkerWhenIdle(script: string, scope: string): void {
  if (!('serviceWorker' in navigator)) return;
  const register = () =>
    navigator.serviceWorker.register(script, { scope }).catch(() => {
      // Not installable here (a private window, storage off): the page works as before.
    });
  const whenIdle = () =>
    'requestIdleCallback' in window ? requestIdleCallback(register) : setTimeout(register, 1000);
  if (document.readyState === 'complete') whenIdle();
  else addEventListener('load', whenIdle, { once: true });
}

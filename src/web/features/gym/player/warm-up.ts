import { browserSupport, enginesFor, type BrowserSupport, type PlayerSource } from './media-engine';

/** The class player's chunk: the same import for the tap (public-gym-page.tsx) and the warm-up. */
export const loadClassPlayer = () => import('./class-player');

export interface IdleScheduler {
  /** Runs `task` once the page has loaded and the browser is idle; answers a cancel function. */
  (task: () => void): () => void;
}

/** After the load event, then the first idle moment (a timer where requestIdleCallback is missing). */
export const afterLoadWhenIdle: IdleScheduler = (task) => {
  let cancelIdle = () => {};
  const whenIdle = () => {
    if ('requestIdleCallback' in window) {
      const handle = window.requestIdleCallback(task, { timeout: 5_000 });
      cancelIdle = () => window.cancelIdleCallback(handle);
    } else {
      const timer = setTimeout(task, 1_000);
      cancelIdle = () => clearTimeout(timer);
    }
  };
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
  return () => {
    window.removeEventListener('load', whenIdle);
    cancelIdle();
  };
};

export interface WarmUpDeps {
  schedule: IdleScheduler;
  support: () => BrowserSupport;
  loadPlayer: () => Promise<unknown>;
  loadHlsJs: () => Promise<unknown>;
}

const BROWSER: WarmUpDeps = {
  schedule: afterLoadWhenIdle,
  support: () => browserSupport(document.createElement('video')),
  loadPlayer: loadClassPlayer,
  loadHlsJs: () => import('hls.js/light'),
};

/**
 * Warms the player's code while the rider looks at the classes (issue #22 part 4, decision 0030):
 * the player's chunk, and hls.js when this browser would play one of these classes with it, are
 * downloaded and evaluated when the page is idle, so a tap on Start Class waits for no script.
 * A failed download is left to the tap (which shows its own error and Retry). Answers a cancel.
 */
export function warmPlayerWhenIdle(
  sources: readonly PlayerSource[],
  deps: WarmUpDeps = BROWSER,
): () => void {
  if (sources.length === 0) return () => {};
  return deps.schedule(() => {
    void deps.loadPlayer().catch(() => undefined);
    const support = deps.support();
    if (sources.some((source) => enginesFor(source, support)[0] === 'hls.js')) {
      void deps.loadHlsJs().catch(() => undefined);
    }
  });
}

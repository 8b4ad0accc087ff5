/**
 * The owner app's entry: index.html's only script. It starts the app (start-app.tsx, React and its
 * stylesheet) at once, except on a signed-out `/`, where the landing page painted from the HTML is
 * the page until the visitor's first interaction (features/landing/first-interaction.ts, decisions
 * 0030 and 0039): no script is evaluated there at load but this one.
 */
import { watchPaintedLanding } from '@web/features/landing/first-interaction';
import { dropLandingFirstPaint, isLandingPainted } from '@web/lib/first-paint';

/** Where the landing page opens with its card in sign-in mode (lib/session.ts SIGN_IN_PATH). */
const SIGN_IN_HASH = '#sign-in';

/** GET /api/auth/user (shared/auth.contract.ts authEndpoints.user): 200 when signed in. */
const SESSION_PATH = '/api/auth/user';

let starting: Promise<unknown> | null = null;
function startApp(withLanding: boolean): void {
  starting ??= Promise.all([
    import('./start-app'),
    // The landing page's own chunk, fetched beside the app's rather than after it.
    withLanding ? import('@web/features/landing/landing-page') : null,
  ]);
}

const painted = document.getElementById('landing-first-paint');
if (!painted || !isLandingPainted()) {
  // Anywhere but a signed-out `/`, index.html's landing copy goes at once (its ids are also those
  // of React's landing page, and of the shell's skip link target).
  dropLandingFirstPaint();
  startApp(false);
} else {
  const startNow = watchPaintedLanding(painted, () => startApp(true), {
    // The card in sign-in mode is React's to show.
    startNow: location.hash === SIGN_IN_HASH,
  });
  // A session this browser did not know of (signed in elsewhere, or before the hint existed):
  // the app starts and `/` goes to the dashboard, as it would have without the painted page.
  // Asked once the page has loaded and painted, when the browser is idle, so the request never
  // competes with the first paint; not asked when the visitor has started the app already.
  if (startNow) {
    afterFirstPaint(() => {
      if (starting) return;
      fetch(SESSION_PATH, { credentials: 'include' })
        .then((response) => {
          if (response.ok) startNow();
        })
        .catch(() => undefined);
    });
  }
}

/** Runs `task` after the load event and the next frames, when the browser is idle. */
function afterFirstPaint(task: () => void): void {
  const whenIdle = () =>
    requestAnimationFrame(() =>
      requestAnimationFrame(() => {
        if ('requestIdleCallback' in window) requestIdleCallback(task, { timeout: 2000 });
        else setTimeout(task, 200);
      }),
    );
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}

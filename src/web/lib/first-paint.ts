/**
 * The landing page painted from the HTML (decision 0030): index.html carries the landing page
 * rendered at build time (features/landing/landing-markup.tsx) in #landing-first-paint, shown by
 * public/theme-init.js (the `landing-first-paint` class on <html>) on `/` for a visitor not known to
 * be signed in. It stays until React's own landing page mounts in its place, or the session says
 * someone is signed in.
 */
const FIRST_PAINT = 'landing-first-paint';

/** Set while this browser's last known session was signed in (read by public/theme-init.js). */
const SIGNED_IN_HINT = 'cadence-signed-in';

/** Whether the build-time landing page is on screen (so the app shows no loading screen over it). */
export function isLandingPainted(): boolean {
  if (!document.documentElement.classList.contains(FIRST_PAINT)) return false;
  return Boolean(document.getElementById(FIRST_PAINT)?.firstElementChild);
}

/** Removes the build-time landing page (React's page, or another screen, takes its place). */
export function dropLandingFirstPaint(): void {
  document.getElementById(FIRST_PAINT)?.remove();
  document.documentElement.classList.remove(FIRST_PAINT);
}

/** Remembers whether a session is signed in, so the next visit to `/` paints the right screen first. */
export function rememberSignedIn(signedIn: boolean): void {
  try {
    if (signedIn) localStorage.setItem(SIGNED_IN_HINT, '1');
    else localStorage.removeItem(SIGNED_IN_HINT);
  } catch {
    /* storage unavailable: every visit to `/` paints the landing page first */
  }
}

// Applies the theme before the first paint, so a dark-theme visitor never sees a white flash: the
// visitor's own choice when stored, else the system's (docs/product.md: theme). On `/`, for a
// visitor not known to be signed in, index.html's landing page (rendered at build time) is painted
// at once in place of the loading screen (lib/first-paint.ts, decision 0030).
(function () {
  var stored = null;
  var signedIn = false;
  try {
    stored = localStorage.getItem('cadence-theme');
    signedIn = localStorage.getItem('cadence-signed-in') === '1';
  } catch {
    /* storage unavailable: follow the system */
  }
  var dark =
    stored === 'dark' ||
    (stored !== 'light' && window.matchMedia('(prefers-color-scheme: dark)').matches);
  if (dark) document.documentElement.classList.add('dark');
  if (location.pathname === '/' && !signedIn) {
    document.documentElement.classList.add('landing-first-paint');
  }
})();

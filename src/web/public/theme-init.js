// Applies the theme before the first paint, so a dark-theme visitor never sees a white flash: the
// visitor's own choice when stored, else the system's (docs/product.md: theme).
(function () {
  var stored = null;
  try {
    stored = localStorage.getItem('cadence-theme');
  } catch {
    /* storage unavailable: follow the system */
  }
  var dark =
    stored === 'dark' ||
    (stored !== 'light' && window.matchMedia('(prefers-color-scheme: dark)').matches);
  if (dark) document.documentElement.classList.add('dark');
})();

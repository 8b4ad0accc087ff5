// Applies the stored theme before the first paint, so a dark-theme visitor never sees a white flash.
try {
  if (localStorage.getItem('cadence-theme') === 'dark')
    document.documentElement.classList.add('dark');
} catch {
  /* storage unavailable: stay light */
}

import { fileURLToPath } from 'node:url';
import { mergeConfig } from 'vite';
import base from './vite.config.ts';

/**
 * The public gym page (gym.html, `src/web/gym-main.tsx`), built after the main app into the same
 * folder: the same components with Preact's React-compatible runtime (about 5 KB gzip instead of
 * React's 60), so a rider's tablet starts fast. Decision 0017.
 */
const preact = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-(dev-)?runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react$/, replacement: 'preact/compat' },
];

export default mergeConfig(base, {
  resolve: { alias: preact },
  // The main build copied the public folder already.
  publicDir: false,
  build: {
    emptyOutDir: false,
    // Every browser the page serves preloads modules itself except Safari before 17, which then
    // fetches the page's two shared chunks after its entry (one round trip, once: the page's worker
    // keeps them, decision 0045). The polyfill cost 0.5 KB gzip of the 50 KB at open (decision 0030).
    modulePreload: { polyfill: false },
    // Which chunks the page loads on demand (the player, the saving screens): the page's worker
    // keeps them from its install, so a class saved on a first visit plays offline (decision 0045).
    manifest: true,
    rollupOptions: { input: fileURLToPath(new URL('./src/web/gym.html', import.meta.url)) },
  },
});

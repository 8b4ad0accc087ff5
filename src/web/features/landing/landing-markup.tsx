/**
 * The landing page as static HTML, rendered once at build time (vite.config.ts, `landingFirstPaint`)
 * into index.html: a signed-out visitor sees the whole page from the HTML, before any script runs;
 * React's own render of the same page takes its place when it mounts (lib/first-paint.ts). Decision 0030.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ThemeProvider } from '@web/lib/theme';
import { LandingPage } from './landing-page';

export function renderLandingMarkup(): string {
  return renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <ThemeProvider>
        <LandingPage />
      </ThemeProvider>
    </QueryClientProvider>,
  );
}

/**
 * The owner app, started by the entry (main.tsx): at once, or on a signed-out `/` at the visitor's
 * first interaction (decision 0039). Its stylesheet comes with it (index.html inlines only what the
 * painted landing page and the loading screen need, vite.config.ts `criticalCss`).
 */
import { lazy, startTransition, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { App } from '@web/app/app';
import { createQueryClient } from '@web/lib/query-client';
import { ThemeProvider } from '@web/lib/theme';
import './styles.css';

const queryClient = createQueryClient();
// Loaded after the first screen: a toast raised before it arrives waits in the toast store.
const Toaster = lazy(() =>
  import('@web/components/ui/toaster').then((module) => ({ default: module.Toaster })),
);

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

// A transition: React renders in slices that yield to the browser, so the first render is no single
// long task while the page painted from the HTML is already on screen (decision 0030).
startTransition(() =>
  createRoot(container).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <ThemeProvider>
          <App />
          <Suspense fallback={null}>
            <Toaster />
          </Suspense>
        </ThemeProvider>
      </QueryClientProvider>
    </StrictMode>,
  ),
);

/**
 * The public gym page's own entry (gym.html, built by vite.gym.config.ts with Preact in place of
 * React): a rider's tablet downloads the page and its player, not the owner's app. The server sends
 * gym.html for /gym/{slug} and on custom domains; the main app routes the same page for in-app
 * navigation and `npm run dev`. Decision 0017.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { Route, Switch } from 'wouter';
import { PUBLIC_GYM_PATH } from '@shared/gyms.contract';
import { SCREEN_PAGE_PATH } from '@shared/screen-page';
import { embeddedGymText, seedEmbeddedGym } from '@web/features/gym/api/gym-query';
import { registerGymApp } from '@web/features/gym/installable';
import { OfflineNote } from '@web/features/gym/offline-note';
import { GymNotFound, PublicGymHostPage, PublicGymPage } from '@web/features/gym/public-gym-page';
import { isCustomDomainPage } from '@web/lib/custom-domain';
import { createQueryClient } from '@web/lib/query-client';
import { useToast } from '@web/lib/use-toast';
import './styles.css';

const queryClient = createQueryClient();
seedEmbeddedGym(queryClient, embeddedGymText());
/** The studio screen page (decision 0050): its own chunk, fetched only at /screen. */
const ScreenPage = lazy(() => import('@web/features/gym/screen/screen-page'));
const screenPage = window.location.pathname === SCREEN_PAGE_PATH;
const Toaster = lazy(() =>
  import('@web/components/ui/toaster').then((module) => ({ default: module.Toaster })),
);

/** Radix's toast code loads with the first toast (a sample class's): most riders never see one. */
function ToasterOnDemand() {
  const shown = useToast().toasts.length > 0;
  const [needed, setNeeded] = useState(false);
  useEffect(() => {
    if (shown) setNeeded(true);
  }, [shown]);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

createRoot(container).render(
  <QueryClientProvider client={queryClient}>
    {!screenPage && <OfflineNote />}
    {screenPage && !isCustomDomainPage() ? (
      <Suspense fallback={<div className="min-h-dvh bg-background" />}>
        <ScreenPage />
      </Suspense>
    ) : isCustomDomainPage() ? (
      <PublicGymHostPage />
    ) : (
      <Switch>
        <Route path={PUBLIC_GYM_PATH} component={PublicGymPage} />
        {/* The server sends this page for /gym/{slug} only; a path without a slug (/gym/) has no gym. */}
        <Route>
          <GymNotFound failed={false} />
        </Route>
      </Switch>
    )}
    <ToasterOnDemand />
  </QueryClientProvider>,
);
// The page as an installable app that opens offline (decision 0045), once the page is idle.
registerGymApp(embeddedGymText());

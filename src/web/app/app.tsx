import {
  lazy,
  Suspense,
  useEffect,
  useLayoutEffect,
  type ComponentType,
  type LazyExoticComponent,
} from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Redirect, Route, Switch, useLocation, useRoute } from 'wouter';
import { isFlagSet } from '@shared/flags';
import { PUBLIC_GYM_PATH } from '@shared/gyms.contract';
import { VERIFY_EMAIL_PATH } from '@shared/email-verification.contract';
import { RESET_PASSWORD_PATH } from '@shared/password-reset.contract';
import { gymQuery } from '@web/features/gym/api/gym-query';
import { dropLandingFirstPaint, isLandingPainted } from '@web/lib/first-paint';
import { useCurrentUser } from '@web/lib/session';
import { dismissErrorToasts } from '@web/lib/use-toast';
import { LoadingScreen } from './loading-screen';
import { NotFoundPage } from './not-found-page';

/** A page loaded on demand, so the landing and public pages never download the owner's app. */
function lazyPage<K extends string>(
  load: () => Promise<Record<K, ComponentType>>,
  name: K,
): LazyExoticComponent<ComponentType> {
  return lazy(() => load().then((module) => ({ default: module[name] })));
}

const LandingPage = lazyPage(() => import('@web/features/landing/landing-page'), 'LandingPage');
/**
 * The public gym page inside the app: reached by in-app navigation and under `npm run dev`. A
 * rider's browser gets the page's own build (gym.html, also on custom domains; decision 0017).
 */
const PublicGymRoutePage = lazyPage(
  () => import('@web/features/gym/public-gym-page'),
  'PublicGymPage',
);

/**
 * The admin area (product.md §2): every /admin path, in every session state (signed out, not onboarded,
 * onboarded). It shows its own login, spinner and routes.
 */
const AdminArea = lazyPage(() => import('@web/features/admin/admin-area'), 'AdminArea');
export function isAdminPath(pathname: string): boolean {
  return pathname === '/admin' || pathname.startsWith('/admin/');
}

/** A reset email's link (product.md §1): the same page in every session state. */
const ResetPasswordPage = lazyPage(
  () => import('@web/features/password-reset/reset-password-page'),
  'ResetPasswordPage',
);

/** A verification or email-change link (product.md §14): the same page in every session state. */
const VerifyEmailPage = lazyPage(
  () => import('@web/features/verify-email/verify-email-page'),
  'VerifyEmailPage',
);

const OnboardingPage = lazyPage(
  () => import('@web/features/onboarding/onboarding-page'),
  'OnboardingPage',
);
// Tooltips are for the owner's screens: the public pages never download Radix's tooltip code.
const TooltipProvider = lazy(() =>
  import('@web/components/ui/tooltip').then((module) => ({ default: module.TooltipProvider })),
);
const AppShell = lazy(() =>
  import('./shell/app-shell').then((module) => ({ default: module.AppShell })),
);

/**
 * Every page inside the app shell (product.md §2 shell routes), one entry each. A page still being built
 * elsewhere shows a placeholder: replace its entry with
 * `{ path: '/x', component: lazyPage(() => import('@web/features/x/x-page'), 'XPage') }`.
 */
const SHELL_ROUTES: ReadonlyArray<{ path: string; component: ComponentType }> = [
  {
    path: '/dashboard',
    component: lazyPage(() => import('@web/features/dashboard/dashboard-page'), 'DashboardPage'),
  },
  {
    path: '/videos',
    component: lazyPage(() => import('@web/features/library/library-page'), 'LibraryPage'),
  },
  {
    // RIDE_TRACK_SCREEN_PATH (lib/ride-track, kept out of this first chunk): a class's ride track.
    path: '/videos/:id/ride-track',
    component: lazyPage(() => import('@web/features/ride-track/ride-track-page'), 'RideTrackPage'),
  },
  {
    path: '/upload',
    component: lazyPage(() => import('@web/features/upload/upload-page'), 'UploadPage'),
  },
  {
    path: '/instructors',
    component: lazyPage(
      () => import('@web/features/instructors/instructors-page'),
      'InstructorsPage',
    ),
  },
  {
    path: '/programs',
    component: lazyPage(() => import('@web/features/programs/programs-page'), 'ProgramsPage'),
  },
  {
    path: '/customize',
    component: lazyPage(() => import('@web/features/customize/customize-page'), 'CustomizePage'),
  },
  {
    path: '/analytics',
    component: lazyPage(() => import('@web/features/analytics/analytics-page'), 'AnalyticsPage'),
  },
  {
    path: '/locations',
    component: lazyPage(() => import('@web/features/locations/locations-page'), 'LocationsPage'),
  },
  {
    path: '/screens',
    component: lazyPage(() => import('@web/features/screens/screens-page'), 'ScreensPage'),
  },
  {
    path: '/subscription',
    component: lazyPage(
      () => import('@web/features/subscription/subscription-page'),
      'SubscriptionPage',
    ),
  },
  {
    path: '/settings',
    component: lazyPage(() => import('@web/features/settings/settings-page'), 'SettingsPage'),
  },
  {
    // WEBHOOKS_SCREEN_PATH (webhooks.contract, kept out of this first chunk): Settings > API.
    path: '/settings/api',
    component: lazyPage(
      () => import('@web/features/developers/api-settings-page'),
      'ApiSettingsPage',
    ),
  },
  {
    path: '/student',
    component: lazyPage(() => import('@web/features/student/student-page'), 'StudentPage'),
  },
];

/** Signed out: the landing page everywhere (the public gym page is routed before, see App). */
function SignedOutRoutes() {
  return (
    <Switch>
      <Route component={LandingPage} />
    </Switch>
  );
}

/** Signed in, onboarding not complete: the wizard only; every other path goes to it. */
function OnboardingRoutes() {
  return (
    <Switch>
      <Route path="/onboarding" component={OnboardingPage} />
      <Route>
        <Redirect to="/onboarding" replace />
      </Route>
    </Switch>
  );
}

/**
 * Signed in and onboarded (the public gym page and the admin area are routed before the session
 * states, see App): everything sits in the app shell, with the 404 for a path no route knows.
 */
function OnboardedRoutes() {
  return (
    <Switch>
      <Route path="/">
        <Redirect to="/dashboard" replace />
      </Route>
      <Route path="/onboarding">
        <Redirect to="/dashboard" replace />
      </Route>
      <Route>
        <AppShell>
          <Switch>
            {SHELL_ROUTES.map(({ path, component }) => (
              <Route key={path} path={path} component={component} />
            ))}
            <Route component={NotFoundPage} />
          </Switch>
        </AppShell>
      </Route>
    </Switch>
  );
}

/** Session-dependent routing (product.md §2). */
export function App() {
  const { user, isLoading } = useCurrentUser();
  const [location] = useLocation();
  const [isPublicGymPage, gymParams] = useRoute<{ gymSlug: string }>(PUBLIC_GYM_PATH);
  const gymSlug = isPublicGymPage ? gymParams.gymSlug : null;
  const queryClient = useQueryClient();
  // An error toast speaks of the page it was raised on: it goes when the page changes.
  useEffect(() => dismissErrorToasts(), [location]);
  // The gym's data loads alongside the page's code, not after it.
  useEffect(() => {
    if (gymSlug) void queryClient.prefetchQuery(gymQuery(gymSlug));
  }, [gymSlug, queryClient]);

  // The landing page painted from the HTML stays, instead of a loading screen, until React's
  // landing page replaces it; a signed-in session removes it at once (decision 0030).
  const landingPainted = isLandingPainted();
  const keepLanding = landingPainted && (isLoading || !user);
  useLayoutEffect(() => {
    if (landingPainted && !keepLanding) dropLandingFirstPaint();
  }, [landingPainted, keepLanding]);
  const loading = keepLanding ? null : <LoadingScreen />;

  let routes;
  if (isAdminPath(location)) routes = <AdminArea />;
  else if (location === RESET_PASSWORD_PATH) routes = <ResetPasswordPage />;
  else if (location === VERIFY_EMAIL_PATH) routes = <VerifyEmailPage />;
  // The same page in every session state: it does not wait for the session to load.
  else if (isPublicGymPage)
    routes = <Route path={PUBLIC_GYM_PATH} component={PublicGymRoutePage} />;
  else if (isLoading) routes = loading;
  else if (!user) routes = <SignedOutRoutes />;
  else if (!isFlagSet(user.onboardingCompleted)) routes = <OnboardingRoutes />;
  else routes = <OnboardedRoutes />;

  return (
    <Suspense fallback={loading}>
      {gymSlug ? routes : <TooltipProvider>{routes}</TooltipProvider>}
    </Suspense>
  );
}

import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { Redirect, Route, Switch, useLocation } from 'wouter';
import { isFlagSet } from '@shared/auth.contract';
import { TooltipProvider } from '@web/components/ui/tooltip';
import { LandingPage } from '@web/features/landing/landing-page';
import { isCustomDomainPage } from '@web/lib/custom-domain';
import { useCurrentUser } from '@web/lib/session';
import { LoadingScreen } from './loading-screen';
import { NotFoundPage } from './not-found-page';

/** A page loaded on demand, so the landing and public pages never download the owner's app. */
function lazyPage<K extends string>(
  load: () => Promise<Record<K, ComponentType>>,
  name: K,
): LazyExoticComponent<ComponentType> {
  return lazy(() => load().then((module) => ({ default: module[name] })));
}

/** The public gym page path (spec §2), open to anyone with the slug, signed in or not. */
export const PUBLIC_GYM_PATH = '/gym/:gymSlug';
const PublicGymRoutePage = lazyPage(
  () => import('@web/features/gym/public-gym-page'),
  'PublicGymPage',
);
/** On a gym's custom domain (spec §9) every path is that gym's public page. */
const PublicGymHostPage = lazyPage(
  () => import('@web/features/gym/public-gym-page'),
  'PublicGymHostPage',
);

/**
 * The admin area (spec §2): every /admin path, in every session state (signed out, not onboarded,
 * onboarded). It shows its own login, spinner and routes.
 */
const AdminArea = lazyPage(() => import('@web/features/admin/admin-area'), 'AdminArea');
export function isAdminPath(pathname: string): boolean {
  return pathname === '/admin' || pathname.startsWith('/admin/');
}

const OnboardingPage = lazyPage(
  () => import('@web/features/onboarding/onboarding-page'),
  'OnboardingPage',
);
const AppShell = lazy(() =>
  import('./shell/app-shell').then((module) => ({ default: module.AppShell })),
);

/**
 * Every page inside the app shell (spec §2 shell routes), one entry each. A page still being built
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
    path: '/upload',
    component: lazyPage(() => import('@web/features/upload/upload-page'), 'UploadPage'),
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
    path: '/student',
    component: lazyPage(() => import('@web/features/student/student-page'), 'StudentPage'),
  },
];

/** Signed out: the public gym page, and the landing page everywhere else. */
function SignedOutRoutes() {
  return (
    <Switch>
      <Route path={PUBLIC_GYM_PATH} component={PublicGymRoutePage} />
      <Route component={LandingPage} />
    </Switch>
  );
}

/** Signed in, onboarding not complete: the wizard only; every other path goes to it. */
function OnboardingRoutes() {
  return (
    <Switch>
      <Route path="/onboarding" component={OnboardingPage} />
      <Route path={PUBLIC_GYM_PATH} component={PublicGymRoutePage} />
      <Route>
        <Redirect to="/onboarding" replace />
      </Route>
    </Switch>
  );
}

/**
 * Signed in and onboarded: the public gym page stands alone (the admin area is routed before the
 * session states, see App); everything else sits in the app shell, with the 404 for a path no
 * route knows.
 */
function OnboardedRoutes() {
  return (
    <Switch>
      <Route path={PUBLIC_GYM_PATH} component={PublicGymRoutePage} />
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

/** Session-dependent routing (spec §2). */
export function App() {
  const { user, isLoading } = useCurrentUser();
  const [location] = useLocation();

  let routes;
  if (isCustomDomainPage()) routes = <PublicGymHostPage />;
  else if (isAdminPath(location)) routes = <AdminArea />;
  else if (isLoading) routes = <LoadingScreen />;
  else if (!user) routes = <SignedOutRoutes />;
  else if (!isFlagSet(user.onboardingCompleted)) routes = <OnboardingRoutes />;
  else routes = <OnboardedRoutes />;

  return (
    <TooltipProvider>
      <Suspense fallback={<LoadingScreen />}>{routes}</Suspense>
    </TooltipProvider>
  );
}

import { Redirect, Route, Switch } from 'wouter';
import { isFlagSet } from '@shared/auth.contract';
import { DashboardPage } from '@web/features/dashboard/dashboard-page';
import { LandingPage } from '@web/features/landing/landing-page';
import { OnboardingPage } from '@web/features/onboarding/onboarding-page';
import { useCurrentUser } from '@web/lib/session';
import { LoadingScreen } from './loading-screen';
import { NotFoundPage } from './not-found-page';

/**
 * The public gym page path (spec §2), open to anyone with the slug.
 * PUBLIC GYM PAGE SLOT: a later issue replaces `PublicGymRoutePage` with the real page.
 */
export const PUBLIC_GYM_PATH = '/gym/:gymSlug';
const PublicGymRoutePage = LandingPage;

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
      <Route>
        <Redirect to="/onboarding" replace />
      </Route>
    </Switch>
  );
}

/** Signed in and onboarded. The app shell (sidebar, /videos, ...) arrives in a later issue. */
function OnboardedRoutes() {
  return (
    <Switch>
      <Route path="/">
        <Redirect to="/dashboard" replace />
      </Route>
      <Route path="/onboarding">
        <Redirect to="/dashboard" replace />
      </Route>
      <Route path="/dashboard" component={DashboardPage} />
      <Route component={NotFoundPage} />
    </Switch>
  );
}

/** Session-dependent routing (spec §2). */
export function App() {
  const { user, isLoading } = useCurrentUser();

  if (isLoading) return <LoadingScreen />;
  if (!user) return <SignedOutRoutes />;
  if (!isFlagSet(user.onboardingCompleted)) return <OnboardingRoutes />;
  return <OnboardedRoutes />;
}

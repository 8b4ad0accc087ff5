import { Redirect, Route, Switch } from 'wouter';
import { ADMIN_MESSAGES } from '@shared/admin.contract';
import { isFlagSet } from '@shared/flags';
import { Spinner } from '@web/components/ui/spinner';
import { useCurrentUser } from '@web/lib/session';
import { AdminDomainsPage } from './admin-domains-page';
import { AdminHeader } from './admin-header';
import { AdminLogin } from './admin-login';
import { AdminOwnerBillingPage } from './admin-owner-billing-page';
import { ADMIN_DOMAINS, ADMIN_HOME, ADMIN_OWNER } from './admin-paths';
import { AdminVideosPage } from './admin-videos-page';

/**
 * Everything under /admin (product.md §2 Admin area), whatever the session: signed out or not an admin,
 * the admin login; an admin (onboarded or not), the dashboard and the custom domains, with every
 * other /admin/* path redirected to the dashboard.
 */
export function AdminArea() {
  const { user, isLoading } = useCurrentUser();

  if (isLoading) {
    return (
      <div className="flex min-h-dvh items-center justify-center bg-background">
        <Spinner size="lg" label={ADMIN_MESSAGES.loading} className="flex-col gap-3 font-medium" />
      </div>
    );
  }
  if (!user || !isFlagSet(user.isAdmin)) return <AdminLogin user={user} />;

  return (
    <div className="min-h-dvh bg-muted/30">
      <AdminHeader email={user.email} />
      <Switch>
        <Route path={ADMIN_HOME} component={AdminVideosPage} />
        <Route path={ADMIN_DOMAINS} component={AdminDomainsPage} />
        <Route path={ADMIN_OWNER} component={AdminOwnerBillingPage} />
        <Route>
          <Redirect to={ADMIN_HOME} replace />
        </Route>
      </Switch>
    </div>
  );
}

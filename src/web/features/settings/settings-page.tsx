import { useCurrentUser } from '@web/lib/session';
import { ApiLinkCard } from './api-link-card';
import { NotificationsCard } from './notifications-card';
import { ProfileCard } from './profile-card';
import { SecurityCard } from './security-card';

/**
 * Settings (product.md §2, §5, §8): profile, notifications and security, all really saved; and the
 * way to Settings > API (issue #19).
 */
export function SettingsPage() {
  const { user } = useCurrentUser();
  if (!user) return null;
  return (
    <div className="mx-auto w-full max-w-3xl space-y-6">
      <div className="space-y-1">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Settings</h1>
        <p className="text-muted-foreground">
          Manage your studio profile, notifications, security and API access.
        </p>
      </div>
      <ProfileCard user={user} />
      <NotificationsCard user={user} />
      <SecurityCard />
      <ApiLinkCard />
    </div>
  );
}

import { useCurrentUser } from '@web/lib/session';
import { NotificationsCard } from './notifications-card';
import { ProfileCard } from './profile-card';
import { SecurityCard } from './security-card';

/** Settings (product.md §2, §5, §8): profile, notifications and security, all really saved. */
export function SettingsPage() {
  const { user } = useCurrentUser();
  if (!user) return null;
  return (
    <div className="mx-auto w-full max-w-3xl space-y-6">
      <div className="space-y-1">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Settings</h1>
        <p className="text-muted-foreground">
          Manage your studio profile, notifications and security.
        </p>
      </div>
      <ProfileCard user={user} />
      <NotificationsCard user={user} />
      <SecurityCard />
    </div>
  );
}

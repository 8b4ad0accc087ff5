import { useId } from 'react';
import { Bell } from 'lucide-react';
import type { PublicUser } from '@shared/auth.contract';
import { NOTIFICATION_SETTINGS, type NotificationsBody } from '@shared/account.contract';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Label } from '@web/components/ui/label';
import { Switch } from '@web/components/ui/switch';
import { useUpdateNotifications } from './api/update-notifications';
import { settingsFailed, settingsSaved } from './settings-toasts';
import { TimeZoneSelect } from './time-zone-select';

/**
 * product.md §2 Settings: three switches, all on by default, each saved as soon as it changes; and
 * the time zone the scheduled emails follow (saved as soon as it is picked).
 */
export function NotificationsCard({ user }: { user: PublicUser }) {
  const id = useId();
  const update = useUpdateNotifications();
  const saving = update.isPending ? Object.keys(update.variables ?? {}) : [];

  function change(body: NotificationsBody) {
    update.mutate(body, { onSuccess: settingsSaved, onError: settingsFailed });
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-lg">
          <Bell aria-hidden="true" className="size-5 text-primary" />
          <h2>Notifications</h2>
        </CardTitle>
        <CardDescription>
          Choose what we tell you about. Changes are saved right away.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="divide-y">
          {NOTIFICATION_SETTINGS.map(({ key, label, description }) => {
            const switchId = `${id}-${key}`;
            const descriptionId = `${switchId}-description`;
            return (
              <li
                key={key}
                className="flex items-center justify-between gap-4 py-4 first:pt-0 last:pb-0"
              >
                <div className="min-w-0 space-y-1">
                  <Label htmlFor={switchId} className="cursor-pointer">
                    {label}
                  </Label>
                  <p id={descriptionId} className="text-sm text-muted-foreground">
                    {description}
                  </p>
                </div>
                <Switch
                  id={switchId}
                  checked={user[key]}
                  disabled={saving.includes(key)}
                  aria-describedby={descriptionId}
                  onCheckedChange={(checked) => change({ [key]: checked })}
                />
              </li>
            );
          })}
        </ul>
        <div className="mt-4 border-t">
          <TimeZoneSelect
            value={user.timeZone}
            disabled={saving.includes('timeZone')}
            onChange={(timeZone) => change({ timeZone })}
          />
        </div>
      </CardContent>
    </Card>
  );
}

import { Users } from 'lucide-react';
import type { AnalyticsResponse } from '@shared/analytics.contract';
import { publicGymUrl } from '@shared/slug.contract';
import { Badge } from '@web/components/ui/badge';
import {
  Card,
  CardAction,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '@web/components/ui/card';
import { useCurrentUser } from '@web/lib/session';
import { BarSeries } from './charts';
import { EmptyState } from '@web/components/empty-state';
import { ExportCsv } from './export-csv';
import { dayLabel, formatCount, hourLabel, shortDayLabel } from './format';
import type { DashboardView } from './view';

/** Student Activity: active students by day and the busiest hours. */
export function StudentActivityTab({
  data,
  view,
}: {
  data: AnalyticsResponse;
  view: DashboardView;
}) {
  const caption = data.period.custom ? view.period : 'last 30 days';
  const { user } = useCurrentUser();
  const { activeStudents, byDay, busiestHours } = data.studentActivity;
  const badge = <Badge variant="secondary">Active Students: {formatCount(activeStudents)}</Badge>;
  const publicUrl = user?.companySlug
    ? publicGymUrl(window.location.origin, user.companySlug)
    : null;

  if (activeStudents === 0) {
    return (
      <Card>
        <CardContent>
          <EmptyState
            icon={Users}
            title="No Student Activity"
            hint="Share your public URL with your students to start tracking their activity."
          >
            {publicUrl && (
              <code className="max-w-full rounded-md border bg-muted px-3 py-1.5 font-mono text-xs break-all">
                {publicUrl}
              </code>
            )}
            {badge}
          </EmptyState>
        </CardContent>
      </Card>
    );
  }

  const busiest = busiestHours.reduce(
    (best, h) => (h.views > best.views ? h : best),
    busiestHours[0]!,
  );
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card>
        <CardHeader>
          <CardTitle className="text-lg">
            <h2>Active Students by Day</h2>
          </CardTitle>
          <CardDescription>Distinct students who watched a class, {caption}.</CardDescription>
          <CardAction className="flex flex-wrap items-center justify-end gap-2">
            {badge}
            {view.advanced && (
              <ExportCsv
                table="days"
                label="active students per day"
                range={view.range}
                location={view.location}
              />
            )}
          </CardAction>
        </CardHeader>
        <CardContent>
          <BarSeries
            caption={`Active students per day, ${caption}`}
            valueName="Active students"
            interval={Math.max(0, Math.ceil(byDay.length / 5) - 1)}
            data={byDay.map((d) => ({
              label: shortDayLabel(d.date),
              fullLabel: dayLabel(d.date),
              value: d.activeStudents,
            }))}
          />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle className="text-lg">
            <h2>Busiest Hours</h2>
          </CardTitle>
          <CardDescription>
            Views by time of day, {caption}. Busiest: {hourLabel(busiest.hour)}.
          </CardDescription>
          {view.advanced && (
            <CardAction>
              <ExportCsv
                table="hours"
                label="views by hour"
                range={view.range}
                location={view.location}
              />
            </CardAction>
          )}
        </CardHeader>
        <CardContent>
          <BarSeries
            caption={`Views by hour of the day, ${caption}`}
            valueName="Views"
            interval={5}
            data={busiestHours.map((h) => ({
              label: hourLabel(h.hour),
              fullLabel: hourLabel(h.hour),
              value: h.views,
            }))}
          />
        </CardContent>
      </Card>
    </div>
  );
}

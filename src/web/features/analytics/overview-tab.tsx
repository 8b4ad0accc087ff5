import { Link } from 'wouter';
import { BarChart3, Film } from 'lucide-react';
import type { AnalyticsResponse } from '@shared/analytics.contract';
import {
  Card,
  CardAction,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '@web/components/ui/card';
import { BarSeries } from './charts';
import { EmptyState } from '@web/components/empty-state';
import { ExportCsv } from './export-csv';
import { formatWatchTime } from '@shared/format';
import { dayLabel, formatCount, shortDayLabel, weekdayLabel } from './format';
import type { DashboardView } from './view';

/**
 * Overview: Views This Week (a chart; with a custom range, Views per Day over the range) and Top
 * Performing Videos.
 */
export function OverviewTab({ data, view }: { data: AnalyticsResponse; view: DashboardView }) {
  const custom = data.period.custom;
  const days = custom ? data.viewsByDay : data.viewsThisWeek;
  const shownViews = days.reduce((n, d) => n + d.views, 0);
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card>
        <CardHeader>
          <CardTitle className="text-lg">
            <h2>{custom ? 'Views per Day' : 'Views This Week'}</h2>
          </CardTitle>
          <CardDescription>
            {custom ? `Views per day ${view.period}.` : 'Views per day over the last 7 days.'}
          </CardDescription>
          {view.advanced && (
            <CardAction>
              <ExportCsv
                table="days"
                label="views per day"
                range={view.range}
                location={view.location}
              />
            </CardAction>
          )}
        </CardHeader>
        <CardContent>
          {shownViews === 0 ? (
            <EmptyState
              icon={BarChart3}
              title="No view data available yet"
              hint={
                <>
                  <Link
                    href="/upload"
                    className="font-medium text-primary underline-offset-4 hover:underline"
                  >
                    Upload videos
                  </Link>{' '}
                  and share your public link: views appear here as your students ride.
                </>
              }
            />
          ) : (
            <BarSeries
              caption={custom ? `Views per day, ${view.period}` : 'Views per day, last 7 days'}
              valueName="Views"
              interval={custom ? Math.max(0, Math.ceil(days.length / 7) - 1) : 0}
              data={days.map((d) => ({
                label: custom ? shortDayLabel(d.date) : weekdayLabel(d.date),
                fullLabel: dayLabel(d.date),
                value: d.views,
              }))}
            />
          )}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle className="text-lg">
            <h2>Top Performing Videos</h2>
          </CardTitle>
          <CardDescription>Your most watched classes {view.period}.</CardDescription>
        </CardHeader>
        <CardContent>
          {data.topVideos.length === 0 ? (
            <EmptyState
              icon={Film}
              title="No videos uploaded yet"
              hint="Upload your first class to see how it performs."
            />
          ) : (
            <ol className="divide-y">
              {data.topVideos.map((video, index) => (
                <li
                  key={video.videoId}
                  className="flex items-center gap-3 py-3 first:pt-0 last:pb-0"
                >
                  <span
                    aria-hidden="true"
                    className="flex size-8 shrink-0 items-center justify-center rounded-full bg-primary/10 text-sm font-semibold text-primary"
                  >
                    {index + 1}
                  </span>
                  <div className="min-w-0 flex-1">
                    <p className="truncate text-sm font-medium">{video.title}</p>
                    <p className="text-xs text-muted-foreground">
                      {formatWatchTime(video.watchTimeHours)} watched
                    </p>
                  </div>
                  <p className="shrink-0 text-sm font-semibold tabular-nums">
                    {formatCount(video.views)} {video.views === 1 ? 'view' : 'views'}
                  </p>
                </li>
              ))}
            </ol>
          )}
        </CardContent>
      </Card>
    </div>
  );
}

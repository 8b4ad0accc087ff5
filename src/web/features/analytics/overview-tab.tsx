import { Link } from 'wouter';
import { BarChart3, Film } from 'lucide-react';
import type { AnalyticsResponse } from '@shared/analytics.contract';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { BarSeries } from './charts';
import { EmptyState } from './empty-state';
import { formatWatchTime } from '@shared/format';
import { dayLabel, formatCount, weekdayLabel } from './format';

/** Overview: Views This Week (a chart) and Top Performing Videos. */
export function OverviewTab({ data }: { data: AnalyticsResponse }) {
  const weekViews = data.viewsThisWeek.reduce((n, d) => n + d.views, 0);
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card>
        <CardHeader>
          <CardTitle className="text-lg">
            <h2>Views This Week</h2>
          </CardTitle>
          <CardDescription>Views per day over the last 7 days.</CardDescription>
        </CardHeader>
        <CardContent>
          {weekViews === 0 ? (
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
              caption="Views per day, last 7 days"
              valueName="Views"
              data={data.viewsThisWeek.map((d) => ({
                label: weekdayLabel(d.date),
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
          <CardDescription>Your most watched classes over the last 30 days.</CardDescription>
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

import { Link } from 'wouter';
import { Film } from 'lucide-react';
import type { AnalyticsResponse } from '@shared/analytics.contract';
import { queryString } from '@shared/endpoint';
import { formatDuration } from '@shared/format';
import { Badge } from '@web/components/ui/badge';
import {
  Card,
  CardAction,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '@web/components/ui/card';
import { ANALYTICS_LOCKS } from '@shared/analytics.contract';
import { EmptyState } from '@web/components/empty-state';
import { ExportCsv } from './export-csv';
import { formatWatchTime } from '@shared/format';
import { formatCount, formatPercent } from './format';
import { LockedNote } from '@web/components/locked-note';
import type { DashboardView } from './view';

function VideoTitle({
  data,
  video,
  view,
}: {
  data: AnalyticsResponse;
  video: AnalyticsResponse['videoPerformance'][number];
  view: DashboardView;
}) {
  return data.video ? (
    <span className="block truncate font-medium">{video.title}</span>
  ) : (
    <Link
      href={`/analytics${queryString({ video: video.videoId, location: view.location ?? undefined, ...view.range })}`}
      className="block truncate font-medium underline-offset-4 hover:underline"
    >
      {video.title}
    </Link>
  );
}

/** A phone's screen is too narrow for the table's five columns: one block per video instead. */
function VideoList({ data, view }: { data: AnalyticsResponse; view: DashboardView }) {
  return (
    <ul className="divide-y sm:hidden" aria-label="Video performance">
      {data.videoPerformance.map((v) => (
        <li key={v.videoId} className="space-y-2 py-3 text-sm first:pt-0 last:pb-0">
          <div className="flex items-baseline justify-between gap-3">
            <div className="min-w-0">
              <VideoTitle data={data} video={v} view={view} />
            </div>
            <span className="shrink-0 text-xs text-muted-foreground">
              {formatDuration(v.durationSeconds) ?? '—'}
            </span>
          </div>
          <dl className="grid grid-cols-2 gap-x-4 gap-y-1">
            {[
              ['Views', formatCount(v.views)],
              ['Students', formatCount(v.uniqueViewers)],
              ['Watch time', formatWatchTime(v.watchTimeHours)],
              ['Completion', v.completionRate === null ? '—' : formatPercent(v.completionRate)],
            ].map(([term, value]) => (
              <div key={term} className="flex justify-between gap-2">
                <dt className="text-muted-foreground">{term}</dt>
                <dd className="tabular-nums">{value}</dd>
              </div>
            ))}
          </dl>
        </li>
      ))}
    </ul>
  );
}

/** Video Performance: views, watch time and completion per video. */
export function VideoPerformanceTab({
  data,
  view,
}: {
  data: AnalyticsResponse;
  view: DashboardView;
}) {
  const badge = <Badge variant="secondary">Videos: {formatCount(data.videoCount)}</Badge>;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">
          <h2>Video Performance</h2>
        </CardTitle>
        <CardDescription>Each class {view.period}.</CardDescription>
        {data.videoPerformance.length > 0 && (
          <CardAction className="flex flex-wrap items-center justify-end gap-2">
            {badge}
            {view.advanced && (
              <ExportCsv
                table="videos"
                label="video performance"
                videoId={data.video?.id ?? null}
                range={view.range}
                location={view.location}
              />
            )}
          </CardAction>
        )}
      </CardHeader>
      <CardContent>
        {data.videoPerformance.length === 0 ? (
          <EmptyState
            icon={Film}
            title="No Videos Yet"
            hint="Upload videos to see how each class performs."
          >
            {badge}
          </EmptyState>
        ) : (
          <>
            <VideoList data={data} view={view} />
            <div
              className="-mx-6 hidden overflow-x-auto px-6 sm:block focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
              tabIndex={0}
              role="region"
              aria-label="Video performance table"
            >
              <table className="w-full min-w-[36rem] text-sm">
                <thead>
                  <tr className="border-b text-left text-muted-foreground">
                    <th scope="col" className="py-2 pr-4 font-medium">
                      Video
                    </th>
                    <th scope="col" className="py-2 pr-4 text-right font-medium">
                      Views
                    </th>
                    <th scope="col" className="py-2 pr-4 text-right font-medium">
                      Students
                    </th>
                    <th scope="col" className="py-2 pr-4 text-right font-medium">
                      Watch time
                    </th>
                    <th scope="col" className="py-2 text-right font-medium">
                      Completion
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {data.videoPerformance.map((v) => (
                    <tr key={v.videoId} className="border-b last:border-b-0">
                      <th scope="row" className="max-w-[16rem] py-3 pr-4 text-left font-normal">
                        <VideoTitle data={data} video={v} view={view} />
                        <span className="text-xs text-muted-foreground">
                          {formatDuration(v.durationSeconds) ?? '—'}
                        </span>
                      </th>
                      <td className="py-3 pr-4 text-right tabular-nums">{formatCount(v.views)}</td>
                      <td className="py-3 pr-4 text-right tabular-nums">
                        {formatCount(v.uniqueViewers)}
                      </td>
                      <td className="py-3 pr-4 text-right tabular-nums">
                        {formatWatchTime(v.watchTimeHours)}
                      </td>
                      <td className="py-3 text-right tabular-nums">
                        {v.completionRate === null ? '—' : formatPercent(v.completionRate)}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            {!view.advanced && (
              <LockedNote
                feature="advancedAnalytics"
                message={ANALYTICS_LOCKS.csv}
                className="mt-4"
              />
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}

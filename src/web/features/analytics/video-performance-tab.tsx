import { Link } from 'wouter';
import { Film } from 'lucide-react';
import type { AnalyticsResponse } from '@shared/analytics.contract';
import { Badge } from '@web/components/ui/badge';
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { EmptyState } from './empty-state';
import { formatCount, formatDuration, formatHours, formatPercent } from './format';

/** Video Performance: views, watch time and completion per video. */
export function VideoPerformanceTab({ data }: { data: AnalyticsResponse }) {
  const badge = <Badge variant="secondary">Videos: {formatCount(data.videoCount)}</Badge>;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">
          <h2>Video Performance</h2>
        </CardTitle>
        <CardDescription>Each class over the last 30 days.</CardDescription>
        {data.videoPerformance.length > 0 && <CardAction>{badge}</CardAction>}
      </CardHeader>
      <CardContent>
        {data.videoPerformance.length === 0 ? (
          <EmptyState icon={Film} title="No Videos Yet" hint="Upload videos to see how each class performs.">
            {badge}
          </EmptyState>
        ) : (
          <div
            className="-mx-6 overflow-x-auto px-6 focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
            tabIndex={0}
            role="region"
            aria-label="Video performance table"
          >
            <table className="w-full min-w-[36rem] text-sm">
              <thead>
                <tr className="border-b text-left text-muted-foreground">
                  <th scope="col" className="py-2 pr-4 font-medium">Video</th>
                  <th scope="col" className="py-2 pr-4 text-right font-medium">Views</th>
                  <th scope="col" className="py-2 pr-4 text-right font-medium">Students</th>
                  <th scope="col" className="py-2 pr-4 text-right font-medium">Watch time (h)</th>
                  <th scope="col" className="py-2 text-right font-medium">Completion</th>
                </tr>
              </thead>
              <tbody>
                {data.videoPerformance.map((v) => (
                  <tr key={v.videoId} className="border-b last:border-b-0">
                    <th scope="row" className="max-w-[16rem] py-3 pr-4 text-left font-normal">
                      {data.video ? (
                        <span className="block truncate font-medium">{v.title}</span>
                      ) : (
                        <Link
                          href={`/analytics?video=${encodeURIComponent(v.videoId)}`}
                          className="block truncate font-medium underline-offset-4 hover:underline"
                        >
                          {v.title}
                        </Link>
                      )}
                      <span className="text-xs text-muted-foreground">{formatDuration(v.durationSeconds)}</span>
                    </th>
                    <td className="py-3 pr-4 text-right tabular-nums">{formatCount(v.views)}</td>
                    <td className="py-3 pr-4 text-right tabular-nums">{formatCount(v.uniqueViewers)}</td>
                    <td className="py-3 pr-4 text-right tabular-nums">{formatHours(v.watchTimeHours)}</td>
                    <td className="py-3 text-right tabular-nums">
                      {v.completionRate === null ? '—' : formatPercent(v.completionRate)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </CardContent>
    </Card>
  );
}

import { useId, useState } from 'react';
import {
  Area,
  AreaChart,
  CartesianGrid,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { TrendingDown } from 'lucide-react';
import type { AnalyticsResponse, RetentionPoint } from '@shared/analytics.contract';
import {
  Card,
  CardAction,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '@web/components/ui/card';
import { Label } from '@web/components/ui/label';
import { Spinner } from '@web/components/ui/spinner';
import { useRetention, type DayRange, type LocationFilter } from './api/analytics';
import { EmptyState } from '@web/components/empty-state';
import { AXIS_TICK, TOOLTIP_STYLE } from './charts';
import { ExportCsv } from './export-csv';
import { formatCount, formatPercent } from './format';

/** 0:00, 5:24, 1:02:00: a point of the class. */
export function classTime(seconds: number): string {
  const s = Math.round(seconds);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

function RetentionChart({ points, title }: { points: RetentionPoint[]; title: string }) {
  const data = points.map((p) => ({ label: classTime(p.position), value: p.percent }));
  return (
    <div>
      <div aria-hidden="true" className="h-64 w-full">
        <ResponsiveContainer width="100%" height="100%">
          <AreaChart
            data={data}
            accessibilityLayer={false}
            margin={{ top: 8, right: 24, bottom: 0, left: 0 }}
          >
            <CartesianGrid vertical={false} stroke="var(--color-border)" />
            <XAxis
              dataKey="label"
              tickLine={false}
              axisLine={false}
              tick={AXIS_TICK}
              interval={9}
              tickMargin={8}
            />
            <YAxis
              domain={[0, 100]}
              ticks={[0, 25, 50, 75, 100]}
              tickFormatter={(v: number) => `${v}%`}
              tickLine={false}
              axisLine={false}
              tick={AXIS_TICK}
              width={44}
            />
            <Tooltip
              formatter={(value) => [`${value}%`, 'Still watching']}
              labelFormatter={(label) => `At ${label}`}
              {...TOOLTIP_STYLE}
            />
            <Area
              type="linear"
              dataKey="value"
              stroke="var(--color-primary)"
              strokeWidth={2}
              fill="var(--color-primary)"
              fillOpacity={0.15}
              isAnimationActive={false}
            />
          </AreaChart>
        </ResponsiveContainer>
      </div>
      <div className="sr-only">
        <table>
          <caption>Audience retention of {title}</caption>
          <thead>
            <tr>
              <th scope="col">Point of the class</th>
              <th scope="col">Still watching (%)</th>
            </tr>
          </thead>
          <tbody>
            {data.map((d) => (
              <tr key={d.label}>
                <th scope="row">{d.label}</th>
                <td>{d.value}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

/** Audience retention (Advanced analytics): how many riders are still watching at each point of a class. */
export function RetentionTab({
  data,
  range,
  location,
  periodText,
}: {
  data: AnalyticsResponse;
  range: DayRange;
  location: LocationFilter;
  periodText: string;
}) {
  const classes = data.videoPerformance;
  const [chosen, setChosen] = useState<string | null>(null);
  const videoId = chosen ?? classes[0]?.videoId ?? null;
  const query = useRetention(videoId, range, location);
  const id = useId();
  const r = query.data;
  const half = r?.points.find((p) => p.percent < 50);

  if (classes.length === 0) {
    return (
      <Card>
        <CardContent>
          <EmptyState
            icon={TrendingDown}
            title="No Videos Yet"
            hint="Upload a class to see how long riders stay with it."
          />
        </CardContent>
      </Card>
    );
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">
          <h2>Audience Retention</h2>
        </CardTitle>
        <CardDescription>
          The share of views still watching at each point of the class, {periodText}.
        </CardDescription>
        {r && r.points.length > 0 && (
          <CardAction>
            <ExportCsv
              table="retention"
              label={`the audience retention of ${r.video.title}`}
              videoId={r.video.id}
              range={range}
              location={location}
            />
          </CardAction>
        )}
      </CardHeader>
      <CardContent className="space-y-4">
        <div className="grid max-w-md gap-1.5">
          <Label htmlFor={`${id}-class`}>Class</Label>
          <select
            id={`${id}-class`}
            value={videoId ?? ''}
            onChange={(e) => setChosen(e.target.value)}
            className="h-9 w-full rounded-md border border-input bg-background px-3 text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 dark:bg-input/30"
          >
            {classes.map((c) => (
              <option key={c.videoId} value={c.videoId}>
                {c.title}
              </option>
            ))}
          </select>
        </div>
        {query.isLoading && (
          <div className="flex min-h-40 items-center justify-center">
            <Spinner label="Loading..." />
          </div>
        )}
        {query.isError && (
          <p role="alert" className="text-sm text-destructive-text">
            Unable to load the audience retention. Please try again.
          </p>
        )}
        {r &&
          (r.points.length === 0 ? (
            <EmptyState
              icon={TrendingDown}
              title={
                r.video.durationSeconds === null ? 'Length unknown' : 'No views in this period'
              }
              hint={
                r.video.durationSeconds === null
                  ? 'This class has no known length, so its retention cannot be drawn.'
                  : 'Once riders watch this class, you will see where they stop.'
              }
            />
          ) : (
            <>
              <p className="text-sm text-muted-foreground">
                From {formatCount(r.views)} {r.views === 1 ? 'view' : 'views'}.{' '}
                {half
                  ? `Half the riders had stopped by ${classTime(half.position)}.`
                  : 'At least half the riders watched to the end.'}{' '}
                {formatPercent(r.points.at(-1)!.percent)} reached the end.
              </p>
              <RetentionChart points={r.points} title={r.video.title} />
            </>
          ))}
      </CardContent>
    </Card>
  );
}

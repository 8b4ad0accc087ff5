import { Link, useLocation, useSearch } from 'wouter';
import { AlertTriangle, X } from 'lucide-react';
import { ANALYTICS_LOCKS } from '@shared/analytics.contract';
import { LOCATION_MESSAGES } from '@shared/locations.contract';
import { planIncludes } from '@shared/plan-features';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Spinner } from '@web/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs';
import { ApiError } from '@web/lib/api';
import { useLocations } from '@web/lib/locations';
import { useCurrentUser } from '@web/lib/session';
import {
  useAnalytics,
  useAnalyticsSummary,
  type DayRange,
  type LocationFilter,
} from './api/analytics';
import { DateRangePicker, localDay } from './date-range-picker';
import { periodText } from './format';
import { LocationSelect } from './location-filter';
import { OverviewTab } from './overview-tab';
import { LockedNote } from '@web/components/locked-note';
import { RetentionTab } from './retention-tab';
import { StudentActivityTab } from './student-activity-tab';
import { SummaryCards } from './summary-cards';
import { VideoPerformanceTab } from './video-performance-tab';
import type { DashboardView } from './view';

const TABS = [
  { value: 'overview', label: 'Overview' },
  { value: 'videos', label: 'Video Performance' },
  { value: 'students', label: 'Student Activity' },
  { value: 'retention', label: 'Audience Retention' },
] as const;

/** Why a play may be missing from the figures (the beacons' rule, product.md §11). */
const VIEW_RULE =
  'A view counts once a class has played for 10 seconds (half of a class under 20 seconds); shorter plays are not counted.';

function Loading() {
  return (
    <div className="flex min-h-40 items-center justify-center">
      <Spinner size="lg" label="Loading..." className="flex-col gap-3" />
    </div>
  );
}

function LoadError({
  error,
  reset,
}: {
  error: unknown;
  reset: { href: string; label: string } | null;
}) {
  const status = error instanceof ApiError ? error.status : 0;
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center gap-2 rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm"
    >
      <AlertTriangle aria-hidden="true" className="size-4 shrink-0 text-destructive-text" />
      {status === 404
        ? (error as ApiError).serverMessage === LOCATION_MESSAGES.notFound
          ? LOCATION_MESSAGES.notFound
          : 'That video was not found.'
        : status === 400 || status === 403
          ? (error as ApiError).serverMessage
          : 'Unable to load analytics. Please try again.'}
      {reset && (
        <Link href={reset.href} className="font-medium underline underline-offset-4">
          {reset.label}
        </Link>
      )}
    </div>
  );
}

/**
 * Analytics (product.md §2) by plan (issue #18): Spin Starter sees the four totals and an
 * invitation to upgrade; Power Cycle the dashboard (summary cards and tabs), the advanced parts
 * locked; Spin Master and up a date range, audience retention per class and CSV export.
 * Lazy-loaded by the router, so the chart library stays out of the other screens' bundles.
 */
export function AnalyticsPage() {
  const { user } = useCurrentUser();
  const dashboard = planIncludes(user?.plan, 'analyticsDashboard');
  return dashboard ? (
    <Dashboard advanced={planIncludes(user?.plan, 'advancedAnalytics')} />
  ) : (
    <Totals />
  );
}

function Heading({ text }: { text: string }) {
  return (
    <div className="space-y-1">
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Analytics</h1>
      <p className="text-muted-foreground">{text}</p>
    </div>
  );
}

/** Spin Starter: the four totals of the last 30 days, and what Power Cycle adds. */
function Totals() {
  const query = useAnalyticsSummary();
  return (
    <div className="mx-auto w-full max-w-7xl space-y-6">
      <Heading text="How your classes are doing over the last 30 days." />
      {query.isLoading && <Loading />}
      {query.isError && <LoadError error={query.error} reset={null} />}
      {query.data && <SummaryCards summary={query.data.summary} />}
      <Card>
        <CardHeader>
          <CardTitle className="text-lg">
            <h2>See every class in detail</h2>
          </CardTitle>
          <CardDescription>
            Views per day, each class’s views, students, watch time and completion, and the hours
            your riders ride.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <LockedNote feature="analyticsDashboard" message={ANALYTICS_LOCKS.dashboard} />
        </CardContent>
      </Card>
      <p className="text-sm text-muted-foreground">{VIEW_RULE}</p>
    </div>
  );
}

/** Power Cycle and up: the summary cards and the tabs; Spin Master and up: the advanced parts. */
function Dashboard({ advanced }: { advanced: boolean }) {
  const { user } = useCurrentUser();
  const search = useSearch();
  const [, navigate] = useLocation();
  const params = new URLSearchParams(search);
  const videoId = params.get('video');
  const from = params.get('from');
  const to = params.get('to');
  const range: DayRange = advanced && from && to ? { from, to } : null;
  const location: LocationFilter = params.get('location') || null;
  const query = useAnalytics(videoId, range, location);
  const data = query.data;
  const locations = useLocations().data?.locations ?? [];

  /** The same screen with another range (the class and location filters kept). */
  function hrefWith(next: DayRange, video = videoId, place = location): string {
    const q = new URLSearchParams();
    if (video) q.set('video', video);
    if (place) q.set('location', place);
    if (next) {
      q.set('from', next.from);
      q.set('to', next.to);
    }
    const text = q.toString();
    return text ? `/analytics?${text}` : '/analytics';
  }

  const view: DashboardView | null = data
    ? { range, location, advanced, period: periodText(data.period) }
    : null;

  return (
    <div className="mx-auto w-full max-w-7xl space-y-6">
      <Heading
        text={
          data?.period.custom
            ? `How your classes did ${periodText(data.period)}.`
            : 'How your classes are doing over the last 30 days.'
        }
      />

      {/* The filters share a row where they fit (the location one with further locations only). */}
      <div className="flex flex-wrap gap-3 empty:hidden *:grow">
        {locations.length > 1 && (
          <LocationSelect
            locations={locations}
            value={location}
            onChange={(next) => navigate(hrefWith(range, videoId, next))}
          />
        )}
        {advanced && data && user && (
          <DateRangePicker
            // A new range from the address (back, forward) starts the fields over.
            key={`${range?.from ?? ''}:${range?.to ?? ''}`}
            range={range}
            accountOpened={localDay(user.createdAt)}
            defaultFrom={data.period.firstDay}
            onChange={(next) => navigate(hrefWith(next))}
          />
        )}
      </div>
      {!advanced && <LockedNote feature="advancedAnalytics" message={ANALYTICS_LOCKS.range} />}

      {data?.video && (
        <div className="flex flex-wrap items-center gap-2 rounded-lg border bg-muted/50 px-4 py-2 text-sm">
          <span>
            Showing figures for <span className="font-semibold">{data.video.title}</span>
          </span>
          <Button asChild variant="ghost" size="sm" className="ml-auto">
            <Link href={hrefWith(range, null)}>
              <X aria-hidden="true" />
              Show all videos
            </Link>
          </Button>
        </div>
      )}

      {query.isLoading && <Loading />}

      {query.isError && (
        <LoadError
          error={query.error}
          reset={
            location
              ? { href: hrefWith(range, videoId, null), label: 'Show all locations' }
              : videoId
                ? { href: hrefWith(null, null), label: 'Show all videos' }
                : range
                  ? { href: '/analytics', label: 'Show the last 30 days' }
                  : null
          }
        />
      )}

      {data && view && (
        <>
          <SummaryCards
            summary={data.summary}
            rangeDays={data.period.custom ? data.period.days : undefined}
          />
          <Tabs defaultValue="overview">
            <TabsList className="grid h-auto w-full grid-cols-2 sm:inline-flex sm:h-10 sm:w-fit">
              {TABS.map(({ value, label }) => (
                <TabsTrigger
                  key={value}
                  value={value}
                  className="h-auto min-h-8 px-2 text-center leading-tight whitespace-normal sm:h-full sm:px-3 sm:whitespace-nowrap"
                >
                  {label}
                </TabsTrigger>
              ))}
            </TabsList>
            <TabsContent value="overview">
              <OverviewTab data={data} view={view} />
            </TabsContent>
            <TabsContent value="videos">
              <VideoPerformanceTab data={data} view={view} />
            </TabsContent>
            <TabsContent value="students">
              <StudentActivityTab data={data} view={view} />
            </TabsContent>
            <TabsContent value="retention">
              {advanced ? (
                <RetentionTab
                  data={data}
                  range={range}
                  location={location}
                  periodText={view.period}
                />
              ) : (
                <Card>
                  <CardHeader>
                    <CardTitle className="text-lg">
                      <h2>Audience Retention</h2>
                    </CardTitle>
                    <CardDescription>
                      Where riders stop in each class: the share still watching at each point.
                    </CardDescription>
                  </CardHeader>
                  <CardContent>
                    <LockedNote feature="advancedAnalytics" message={ANALYTICS_LOCKS.retention} />
                  </CardContent>
                </Card>
              )}
            </TabsContent>
          </Tabs>
          <p className="text-sm text-muted-foreground">{VIEW_RULE}</p>
        </>
      )}
    </div>
  );
}

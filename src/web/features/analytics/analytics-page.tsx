import { Link, useSearch } from 'wouter';
import { AlertTriangle, X } from 'lucide-react';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs';
import { ApiError } from '@web/lib/api';
import { useAnalytics } from './api/analytics';
import { OverviewTab } from './overview-tab';
import { StudentActivityTab } from './student-activity-tab';
import { SummaryCards } from './summary-cards';
import { VideoPerformanceTab } from './video-performance-tab';

const TABS = [
  { value: 'overview', label: 'Overview' },
  { value: 'videos', label: 'Video Performance' },
  { value: 'students', label: 'Student Activity' },
] as const;

/** Why a play may be missing from the figures (the beacons' rule, product.md §11). */
const VIEW_RULE =
  'A view counts once a class has played for 10 seconds (half of a class under 20 seconds); shorter plays are not counted.';

/**
 * Analytics (product.md §2): four summary cards and three tabs on the owner's real playback figures.
 * Lazy-loaded by the router, so the chart library stays out of the other screens' bundles.
 */
export function AnalyticsPage() {
  const search = useSearch();
  const videoId = new URLSearchParams(search).get('video');
  const query = useAnalytics(videoId);
  const data = query.data;

  return (
    <div className="mx-auto w-full max-w-7xl space-y-6">
      <div className="space-y-1">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Analytics</h1>
        <p className="text-muted-foreground">How your classes are doing over the last 30 days.</p>
      </div>

      {data?.video && (
        <div className="flex flex-wrap items-center gap-2 rounded-lg border bg-muted/50 px-4 py-2 text-sm">
          <span>
            Showing figures for <span className="font-semibold">{data.video.title}</span>
          </span>
          <Button asChild variant="ghost" size="sm" className="ml-auto">
            <Link href="/analytics">
              <X aria-hidden="true" />
              Show all videos
            </Link>
          </Button>
        </div>
      )}

      {query.isLoading && (
        <div className="flex min-h-40 items-center justify-center">
          <Spinner size="lg" label="Loading..." className="flex-col gap-3" />
        </div>
      )}

      {query.isError && (
        <div
          role="alert"
          className="flex flex-wrap items-center gap-2 rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm"
        >
          <AlertTriangle aria-hidden="true" className="size-4 shrink-0 text-destructive-text" />
          {query.error instanceof ApiError && query.error.status === 404
            ? 'That video was not found.'
            : 'Unable to load analytics. Please try again.'}
          {videoId && (
            <Link href="/analytics" className="font-medium underline underline-offset-4">
              Show all videos
            </Link>
          )}
        </div>
      )}

      {data && (
        <>
          <SummaryCards summary={data.summary} />
          <Tabs defaultValue="overview">
            <TabsList className="grid h-auto w-full grid-cols-3 sm:inline-flex sm:h-10 sm:w-fit">
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
              <OverviewTab data={data} />
            </TabsContent>
            <TabsContent value="videos">
              <VideoPerformanceTab data={data} />
            </TabsContent>
            <TabsContent value="students">
              <StudentActivityTab data={data} />
            </TabsContent>
          </Tabs>
          <p className="text-sm text-muted-foreground">{VIEW_RULE}</p>
        </>
      )}
    </div>
  );
}

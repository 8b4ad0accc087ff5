import { useMemo } from 'react';
import { AlertTriangle } from 'lucide-react';
import { Skeleton } from '@web/components/ui/skeleton';
import { useLocations } from '@web/lib/locations';
import { useOwnerVideos } from '@web/lib/owner-videos';
import { useScreens, useTimetable } from './api/screens';
import { PairScreenForm } from './pair-screen-form';
import { screenPages } from './screen-pages';
import { ScreenList } from './screen-list';
import { TimetableSection } from './timetable-section';

/**
 * /screens (issue #21 part 3, decision 0049): the studio's screens (a TV or tablet paired once with
 * the code it shows) and, per page, the week's timetable they play on time.
 */
export function ScreensPage() {
  const screens = useScreens();
  const timetable = useTimetable();
  const locations = useLocations();
  const videos = useOwnerVideos();
  const pages = useMemo(() => screenPages(locations.data), [locations.data]);

  const failed = screens.isError || timetable.isError || locations.isError;
  const loading = !screens.data || !timetable.data || !locations.data;

  return (
    <div className="mx-auto w-full max-w-6xl space-y-6">
      <div className="space-y-1">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Studio screens</h1>
        <p className="text-muted-foreground">
          A TV or tablet in your studio that counts down to the next class and plays it on time,
          full screen. Pair it once with the code it shows; no login on the screen.
        </p>
      </div>
      {failed ? (
        <div
          role="alert"
          className="flex items-center gap-2 rounded-lg border border-destructive/40 p-4 text-sm"
        >
          <AlertTriangle aria-hidden="true" className="size-4 text-destructive-text" />
          Unable to load your screens. Please reload the page.
        </div>
      ) : loading ? (
        <div className="grid gap-4" role="status" aria-label="Loading">
          <Skeleton className="h-40 w-full" />
          <Skeleton className="h-72 w-full" />
        </div>
      ) : (
        <>
          <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
            <PairScreenForm pages={pages} full={screens.data.screens.length} />
            <ScreenList screens={screens.data.screens} pages={pages} />
          </div>
          <TimetableSection
            timetable={timetable.data}
            screens={screens.data.screens}
            pages={pages}
            videos={videos.data}
          />
        </>
      )}
    </div>
  );
}

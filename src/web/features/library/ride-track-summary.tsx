import { Link } from 'wouter';
import { Activity } from 'lucide-react';
import { Button } from '@web/components/ui/button';
import { rideTrackScreenUrl, useRideTrack } from '@web/lib/ride-track';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/**
 * In Edit details (issue #20 part 3): whether the class has a ride track (its segments and last
 * save) and the way to the editor.
 */
export function RideTrackSummary({ videoId }: { videoId: string }) {
  const { data, isLoading, isError } = useRideTrack(videoId);
  const saved = data?.rideTrack ?? null;
  const count = saved?.segments.length ?? 0;
  const text = isLoading
    ? 'Checking...'
    : isError
      ? 'Unable to check for a ride track.'
      : saved
        ? `${count} ${count === 1 ? 'segment' : 'segments'}, saved ${dateFormat.format(new Date(saved.updatedAt))}`
        : 'No ride track yet. Riders see the targets you call as the class plays.';

  return (
    <section
      aria-label="Ride track"
      className="flex flex-wrap items-center justify-between gap-3 border-t pt-4"
      data-testid="ride-track-summary"
    >
      <div className="min-w-0 space-y-1">
        <h3 className="font-semibold">Ride track</h3>
        <p className="text-sm text-muted-foreground">{text}</p>
      </div>
      <Button type="button" variant="outline" size="sm" asChild>
        <Link href={rideTrackScreenUrl(videoId)}>
          <Activity aria-hidden="true" />
          {saved ? 'Edit ride track' : 'Build a ride track'}
        </Link>
      </Button>
    </section>
  );
}

import type { ReactNode } from 'react';
import { Link, useParams } from 'wouter';
import { AlertTriangle, ArrowLeft, Clock } from 'lucide-react';
import { RIDE_TRACK_MESSAGES } from '@shared/ride-track';
import { Skeleton } from '@web/components/ui/skeleton';
import { ApiError } from '@web/lib/api';
import { useOwnerVideos } from '@web/lib/owner-videos';
import { useRideTrack } from '@web/lib/ride-track';
import { RideTrackEditor } from './ride-track-editor';

/**
 * /videos/:id/ride-track (issue #20 part 3): the owner builds a class's ride track beside its
 * video, reached from the Video Library.
 */
export function RideTrackPage() {
  const { id = '' } = useParams<{ id: string }>();
  const videos = useOwnerVideos();
  const track = useRideTrack(id);
  const video = videos.data?.find((v) => v.id === id);

  const notFound =
    (track.error instanceof ApiError && track.error.status === 404) ||
    (videos.data !== undefined && !video);

  const heading = (
    <h1 className="text-2xl font-bold tracking-tight break-words sm:text-3xl">
      Ride track{video && <span className="text-muted-foreground">: {video.title}</span>}
    </h1>
  );

  let body: ReactNode;
  if (notFound) {
    body = (
      <Message>
        This class is not in your library. It may have been deleted.{' '}
        <Link href="/videos" className="font-medium underline underline-offset-4">
          Back to the Video Library
        </Link>
      </Message>
    );
  } else if (track.isError || videos.isError) {
    body = <Message>Unable to load this class’s ride track. Please reload the page.</Message>;
  } else if (!video || !track.data) {
    body = (
      <div className="space-y-4" role="status" aria-label="Loading">
        <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_19rem] xl:grid-cols-[minmax(0,1fr)_22rem]">
          <div className="space-y-3">
            <Skeleton className="aspect-video w-full" />
            <Skeleton className="h-28 w-full" />
          </div>
          <Skeleton className="h-96 w-full" />
        </div>
      </div>
    );
  } else if (track.data.durationSeconds === null || track.data.durationSeconds <= 0) {
    body = (
      <Message icon={<Clock aria-hidden="true" className="size-4 shrink-0" />}>
        {RIDE_TRACK_MESSAGES.lengthUnknown}
      </Message>
    );
  } else {
    return (
      <div className="mx-auto w-full max-w-7xl space-y-2">
        <BackLink />
        <RideTrackEditor
          key={id}
          heading={heading}
          video={video}
          data={track.data}
          durationSeconds={track.data.durationSeconds}
        />
      </div>
    );
  }

  return (
    <div className="mx-auto w-full max-w-7xl space-y-2">
      <BackLink />
      <div className="space-y-4">
        {heading}
        {body}
      </div>
    </div>
  );
}

function BackLink() {
  return (
    <Link
      href="/videos"
      className="inline-flex items-center gap-1 rounded-sm text-sm text-muted-foreground outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50"
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
      Video Library
    </Link>
  );
}

function Message({ children, icon }: { children: ReactNode; icon?: ReactNode }) {
  return (
    <div role="alert" className="flex items-start gap-2 rounded-lg border p-4 text-sm">
      {icon ?? (
        <AlertTriangle aria-hidden="true" className="size-4 shrink-0 text-destructive-text" />
      )}
      <p>{children}</p>
    </div>
  );
}

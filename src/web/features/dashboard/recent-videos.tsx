import { useState } from 'react';
import { Link } from 'wouter';
import { ArrowRight, Clock, Download, Film, HardDrive, Play, Upload } from 'lucide-react';
import { formatDuration, formatSize } from '@shared/format';
import type { VideoDto } from '@shared/videos.contract';
import { VideoPlayerDialog } from '@web/components/video-player-dialog';
import { ProcessingEstimate } from '@web/components/processing-estimate';
import { VideoStatusBadge } from '@web/components/video-status-badge';
import { Button } from '@web/components/ui/button';
import {
  Card,
  CardAction,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';
import { videoCardStatus } from '@web/lib/owner-videos';
import { useEnhancementTimeText } from '@web/lib/processing-time';

export const RECENT_VIDEOS_COUNT = 6;

function RecentVideoCard({
  video,
  onWatch,
}: {
  video: VideoDto;
  onWatch: (video: VideoDto) => void;
}) {
  const status = videoCardStatus(video);
  const ready = status === 'ready';
  const duration = formatDuration(video.duration);
  const size = formatSize(video.fileSize);
  return (
    <li
      className="grid grid-cols-[8rem_minmax(0,1fr)] overflow-hidden rounded-lg border bg-card sm:flex sm:flex-col"
      data-testid="recent-video"
    >
      <div className="relative aspect-video self-start bg-muted sm:self-auto">
        {video.thumbnailUrl ? (
          <img src={video.thumbnailUrl} alt="" loading="lazy" className="size-full object-cover" />
        ) : (
          <div className="flex size-full items-center justify-center text-muted-foreground">
            <Film aria-hidden="true" className="size-8" />
          </div>
        )}
        <VideoStatusBadge
          status={status}
          className="absolute top-2 left-2 hidden shadow-sm sm:inline-flex"
        />
      </div>
      <div className="flex min-w-0 flex-col gap-1.5 px-3 pt-2 sm:gap-2 sm:pt-3">
        <VideoStatusBadge status={status} className="sm:hidden" />
        <h3 className="line-clamp-2 text-sm font-semibold break-words">{video.title}</h3>
        <p className="flex flex-wrap gap-x-3 gap-y-1 text-xs text-muted-foreground">
          {duration && (
            <span className="inline-flex items-center gap-1">
              <Clock aria-hidden="true" className="size-3.5" />
              {duration}
            </span>
          )}
          {size && (
            <span className="inline-flex items-center gap-1">
              <HardDrive aria-hidden="true" className="size-3.5" />
              {size}
            </span>
          )}
        </p>
        {status === 'processing' && <ProcessingEstimate video={video} />}
      </div>
      <div className="col-span-2 mt-auto flex gap-2 p-3">
        <Button
          size="sm"
          variant={ready ? 'default' : 'secondary'}
          className="flex-1"
          disabled={!ready}
          onClick={() => onWatch(video)}
        >
          <Play aria-hidden="true" />
          Watch<span className="sr-only"> {video.title}</span>
        </Button>
        {ready && video.enhancedFileUrl ? (
          <Button asChild size="sm" variant="outline" className="flex-1">
            <a href={video.enhancedFileUrl} download={`${video.title}.mp4`}>
              <Download aria-hidden="true" />
              Download<span className="sr-only"> {video.title}</span>
            </a>
          </Button>
        ) : (
          <Button size="sm" variant="outline" className="flex-1" disabled>
            <Download aria-hidden="true" />
            Download<span className="sr-only"> {video.title}</span>
          </Button>
        )}
      </div>
    </li>
  );
}

/** Recent Videos (product.md §2): the newest few, Watch and Download only when ready, or an empty state. */
export function RecentVideos({
  videos,
  isLoading,
  onUpload,
}: {
  videos: VideoDto[] | undefined;
  isLoading: boolean;
  onUpload: () => void;
}) {
  const [watching, setWatching] = useState<VideoDto | null>(null);
  const enhancementTime = useEnhancementTimeText();
  const recent = videos?.slice(0, RECENT_VIDEOS_COUNT) ?? [];

  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">
          <h2>Recent Videos</h2>
        </CardTitle>
        <CardDescription>Your latest uploads and where they are in processing.</CardDescription>
        {recent.length > 0 && (
          <CardAction>
            <Button asChild variant="ghost" size="sm">
              <Link href="/videos">
                View all
                <ArrowRight aria-hidden="true" />
              </Link>
            </Button>
          </CardAction>
        )}
      </CardHeader>
      <CardContent>
        {isLoading ? (
          <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="aspect-video w-full" />
            ))}
          </div>
        ) : recent.length === 0 ? (
          <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed px-4 py-10 text-center">
            <span
              aria-hidden="true"
              className="flex size-12 items-center justify-center rounded-full bg-primary/10 text-primary"
            >
              <Film className="size-6" />
            </span>
            <div className="space-y-1">
              <h3 className="font-semibold">No videos yet</h3>
              <p className="text-sm text-muted-foreground">
                Upload your first class and we will enhance it ({enhancementTime}).
              </p>
            </div>
            <Button onClick={onUpload}>
              <Upload aria-hidden="true" />
              Upload your first video
            </Button>
          </div>
        ) : (
          <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
            {recent.map((video) => (
              <RecentVideoCard key={video.id} video={video} onWatch={setWatching} />
            ))}
          </ul>
        )}
      </CardContent>
      <VideoPlayerDialog video={watching} onClose={() => setWatching(null)} />
    </Card>
  );
}

import { memo } from 'react';
import { Link } from 'wouter';
import {
  Activity,
  AlertTriangle,
  BarChart3,
  Calendar,
  Clock,
  Film,
  HardDrive,
  MoreVertical,
  Pencil,
  Play,
  RefreshCw,
  Trash2,
} from 'lucide-react';
import { formatDuration, formatSize } from '@shared/format';
import { explainFailure } from '@shared/video-failure';
import type { VideoDto } from '@shared/videos.contract';
import { ProcessingEstimate } from '@web/components/processing-estimate';
import { playableSource } from '@web/components/video-player-dialog';
import { VideoStatusBadge } from '@web/components/video-status-badge';
import { Button } from '@web/components/ui/button';
import { Progress } from '@web/components/ui/progress';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@web/components/ui/dropdown-menu';
import { videoCardStatus } from '@web/lib/owner-videos';
import { rideTrackScreenUrl } from '@web/lib/ride-track';

const dateFormat = new Intl.DateTimeFormat(undefined, {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});

export interface VideoCardActions {
  onWatch: (video: VideoDto) => void;
  onEdit: (video: VideoDto) => void;
  onDelete: (video: VideoDto) => void;
}

/** One video in the library grid: thumbnail, title, status, facts and the card actions. */
export const VideoCard = memo(function VideoCard({
  video,
  onWatch,
  onEdit,
  onDelete,
}: { video: VideoDto } & VideoCardActions) {
  const status = videoCardStatus(video);
  const ready = status === 'ready';
  // A processing class the owner can already play: its preview (growing or complete).
  const preview = !ready && playableSource(video) !== null;
  const failed = status === 'error';
  const duration = formatDuration(video.duration);
  const size = formatSize(video.fileSize);
  const uploaded = new Date(video.uploadedAt);

  return (
    <li
      className="flex flex-col overflow-hidden rounded-xl border bg-card text-card-foreground shadow-sm"
      data-testid="video-card"
    >
      <div className="relative aspect-video bg-muted">
        {video.thumbnailUrl ? (
          <img
            src={video.thumbnailUrl}
            alt=""
            loading="lazy"
            decoding="async"
            className="size-full object-cover"
          />
        ) : (
          <div className="flex size-full items-center justify-center text-muted-foreground">
            <Film aria-hidden="true" className="size-10" />
          </div>
        )}
        <VideoStatusBadge status={status} className="absolute top-2 left-2 shadow-sm" />
        {duration && (
          <span className="absolute right-2 bottom-2 rounded bg-black/75 px-1.5 py-0.5 text-xs font-medium text-white tabular-nums">
            {duration}
          </span>
        )}
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <div className="flex items-start justify-between gap-2">
          <h3 className="line-clamp-2 min-w-0 font-semibold break-words" data-testid="video-title">
            {video.title}
          </h3>
          <DropdownMenu>
            <DropdownMenuTrigger asChild>
              <Button
                variant="ghost"
                size="icon"
                className="-mt-1 -mr-2 size-8 shrink-0"
                aria-label={`Actions for ${video.title}`}
              >
                <MoreVertical aria-hidden="true" />
              </Button>
            </DropdownMenuTrigger>
            <DropdownMenuContent align="end">
              <DropdownMenuItem onSelect={() => onEdit(video)}>
                <Pencil aria-hidden="true" />
                Edit details
              </DropdownMenuItem>
              {!failed && (
                <DropdownMenuItem asChild>
                  <Link href={rideTrackScreenUrl(video.id)}>
                    <Activity aria-hidden="true" />
                    Ride track
                  </Link>
                </DropdownMenuItem>
              )}
              <DropdownMenuItem asChild>
                <Link href={`/analytics?video=${encodeURIComponent(video.id)}`}>
                  <BarChart3 aria-hidden="true" />
                  View analytics
                </Link>
              </DropdownMenuItem>
              <DropdownMenuSeparator />
              <DropdownMenuItem variant="destructive" onSelect={() => onDelete(video)}>
                <Trash2 aria-hidden="true" />
                Delete
              </DropdownMenuItem>
            </DropdownMenuContent>
          </DropdownMenu>
        </div>
        {video.description && (
          <p className="line-clamp-2 text-sm break-words text-muted-foreground">
            {video.description}
          </p>
        )}
        {video.progress !== null && <JobProgress video={video} />}
        {status === 'processing' && <ProcessingEstimate video={video} />}
        {failed && (
          <div
            className="flex gap-2 rounded-md bg-destructive-soft p-2.5 text-sm text-destructive-text"
            data-testid="failure-reason"
          >
            <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            <p>{explainFailure(video.processingNotes)}</p>
          </div>
        )}
        <dl className="mt-auto flex flex-wrap gap-x-4 gap-y-1 pt-1 text-xs text-muted-foreground">
          {/* A failed video is never measured: no 'Measuring...' for ever. */}
          {(duration || !failed) && (
            <div className="inline-flex items-center gap-1">
              <dt>
                <Clock aria-hidden="true" className="size-3.5" />
                <span className="sr-only">Duration</span>
              </dt>
              <dd>{duration ?? 'Measuring...'}</dd>
            </div>
          )}
          {size && (
            <div className="inline-flex items-center gap-1">
              <dt>
                <HardDrive aria-hidden="true" className="size-3.5" />
                <span className="sr-only">Size</span>
              </dt>
              <dd>{size}</dd>
            </div>
          )}
          <div className="inline-flex items-center gap-1">
            <dt>
              <Calendar aria-hidden="true" className="size-3.5" />
              <span className="sr-only">Uploaded</span>
            </dt>
            <dd>
              <time dateTime={video.uploadedAt}>{dateFormat.format(uploaded)}</time>
            </dd>
          </div>
        </dl>
        {failed ? (
          <div className="flex gap-2 pt-2">
            <Button size="sm" className="flex-1" asChild>
              <Link href={`/upload?replace=${encodeURIComponent(video.id)}`}>
                <RefreshCw aria-hidden="true" />
                Replace<span className="sr-only"> {video.title}</span>
              </Link>
            </Button>
            <Button size="sm" variant="outline" onClick={() => onDelete(video)}>
              <Trash2 aria-hidden="true" />
              Delete<span className="sr-only"> {video.title}</span>
            </Button>
          </div>
        ) : (
          <div className="flex gap-2 pt-2">
            <Button
              size="sm"
              variant={ready ? 'default' : 'secondary'}
              className="flex-1"
              disabled={!ready && !preview}
              onClick={() => onWatch(video)}
            >
              <Play aria-hidden="true" />
              {ready ? 'Watch' : preview ? 'Preview' : 'Processing'}
              <span className="sr-only"> {video.title}</span>
            </Button>
            <Button size="sm" variant="outline" onClick={() => onEdit(video)}>
              <Pencil aria-hidden="true" />
              Edit<span className="sr-only"> {video.title}</span>
            </Button>
          </div>
        )}
      </div>
    </li>
  );
});

/** The running job's progress: the enhancement, or the stream being prepared for a ready video. */
function JobProgress({ video }: { video: VideoDto }) {
  const label = video.processingStatus === 'enhanced' ? 'Preparing stream' : 'Enhancing';
  const percent = video.progress ?? 0;
  return (
    <div
      className="flex items-center gap-2 text-xs text-muted-foreground"
      data-testid="job-progress"
    >
      <Progress value={percent} className="h-1.5" aria-label={`${label}: ${percent}%`} />
      <span className="shrink-0 tabular-nums">
        {label} {percent}%
      </span>
    </div>
  );
}

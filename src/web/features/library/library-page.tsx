import { useCallback, useDeferredValue, useId, useMemo, useState } from 'react';
import { Link } from 'wouter';
import { AlertTriangle, Search, SearchX, Upload, Video } from 'lucide-react';
import type { VideoDto } from '@shared/videos.contract';
import { VideoPlayerDialog } from '@web/components/video-player-dialog';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Skeleton } from '@web/components/ui/skeleton';
import { useOwnerVideos } from '@web/lib/owner-videos';
import { cn } from '@web/lib/utils';
import { DeleteVideoDialog } from './delete-video-dialog';
import { EditVideoDialog } from './edit-video-dialog';
import {
  countByStatus,
  filterVideos,
  LIBRARY_PAGE_SIZE,
  STATUS_FILTER_LABELS,
  STATUS_FILTERS,
  type StatusFilter,
} from './library-filter';
import { VideoCard } from './video-card';
import { useEnhancementTimeText } from '@web/lib/processing-time';

function EmptyLibrary() {
  const enhancementTime = useEnhancementTimeText();
  return (
    <div className="flex flex-col items-center gap-4 rounded-xl border border-dashed px-6 py-16 text-center">
      <span
        aria-hidden="true"
        className="flex size-14 items-center justify-center rounded-full bg-primary/10 text-primary"
      >
        <Video className="size-7" />
      </span>
      <div className="max-w-md space-y-2">
        <h2 className="text-xl font-semibold">Welcome to your Video Library!</h2>
        <p className="text-sm text-muted-foreground">
          {`Upload your first class video. We enhance the lighting, sound and branding (${enhancementTime}), then it appears on your public page.`}
        </p>
      </div>
      <Button asChild>
        <Link href="/upload">
          <Upload aria-hidden="true" />
          Upload Video
        </Link>
      </Button>
    </div>
  );
}

function NoMatches({ onReset }: { onReset: () => void }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed px-6 py-14 text-center">
      <SearchX aria-hidden="true" className="size-10 text-muted-foreground" />
      <div className="space-y-1">
        <h2 className="text-lg font-semibold">No videos found</h2>
        <p className="text-sm text-muted-foreground">Try another search or status.</p>
      </div>
      <Button variant="outline" onClick={onReset}>
        Clear filters
      </Button>
    </div>
  );
}

/** The Video Library (product.md §2) on the owner's real videos, refetched every 30 s. */
export function LibraryPage() {
  const id = useId();
  const { data: videos, isLoading, isError } = useOwnerVideos();
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<StatusFilter>('all');
  const [visible, setVisible] = useState(LIBRARY_PAGE_SIZE);
  const [watching, setWatching] = useState<VideoDto | null>(null);
  const [editing, setEditing] = useState<VideoDto | null>(null);
  const [deleting, setDeleting] = useState<VideoDto | null>(null);

  // Typing stays responsive with a large library: filtering follows at lower priority.
  const deferredSearch = useDeferredValue(search);
  const all = useMemo(() => videos ?? [], [videos]);
  const counts = useMemo(() => countByStatus(all), [all]);
  const filtered = useMemo(
    () => filterVideos(all, deferredSearch, status),
    [all, deferredSearch, status],
  );
  const shown = filtered.slice(0, visible);

  const onWatch = useCallback((video: VideoDto) => setWatching(video), []);
  const onEdit = useCallback((video: VideoDto) => setEditing(video), []);
  const onDelete = useCallback((video: VideoDto) => setDeleting(video), []);

  function changeSearch(value: string) {
    setSearch(value);
    setVisible(LIBRARY_PAGE_SIZE);
  }
  function changeStatus(value: StatusFilter) {
    setStatus(value);
    setVisible(LIBRARY_PAGE_SIZE);
  }

  return (
    <div className="mx-auto w-full max-w-7xl space-y-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="space-y-2">
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Video Library</h1>
          <ul
            aria-label="Video counts"
            className="flex flex-wrap gap-2"
            data-testid="library-badges"
          >
            <li>
              <Badge variant="secondary" data-testid="badge-total">
                {counts.all} total
              </Badge>
            </li>
            <li>
              <Badge
                variant="outline"
                className="border-transparent bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200"
                data-testid="badge-ready"
              >
                {counts.ready} ready
              </Badge>
            </li>
            <li>
              <Badge
                variant="outline"
                className="border-transparent bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200"
                data-testid="badge-processing"
              >
                {counts.processing} processing
              </Badge>
            </li>
            <li>
              <Badge
                variant="outline"
                className="border-transparent bg-destructive-soft text-destructive-text"
                data-testid="badge-error"
              >
                {counts.error} error
              </Badge>
            </li>
          </ul>
        </div>
        <Button asChild className="self-start sm:self-auto">
          <Link href="/upload">
            <Upload aria-hidden="true" />
            Upload Video
          </Link>
        </Button>
      </div>

      {isError && (
        <div
          role="alert"
          className="flex items-center gap-2 rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm"
        >
          <AlertTriangle aria-hidden="true" className="size-4 shrink-0 text-destructive-text" />
          Unable to load your videos. We will try again shortly.
        </div>
      )}

      <div className="flex flex-col gap-3 lg:flex-row lg:items-center">
        <div className="relative flex-1">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          />
          <label htmlFor={`${id}-search`} className="sr-only">
            Search videos
          </label>
          <Input
            id={`${id}-search`}
            type="search"
            placeholder="Search videos..."
            value={search}
            onChange={(event) => changeSearch(event.target.value)}
            className="pl-9"
          />
        </div>
        <div
          role="group"
          aria-label="Filter by status"
          className="grid grid-cols-2 gap-1 rounded-lg bg-muted p-1 sm:flex"
        >
          {STATUS_FILTERS.map((value) => (
            <button
              key={value}
              type="button"
              aria-pressed={status === value}
              onClick={() => changeStatus(value)}
              data-testid={`filter-${value}`}
              className={cn(
                'inline-flex flex-1 cursor-pointer items-center justify-center gap-1.5 rounded-md px-3 py-1.5 text-sm font-medium whitespace-nowrap text-muted-foreground transition-colors outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50',
                status === value && 'bg-background text-foreground shadow-sm',
              )}
            >
              {STATUS_FILTER_LABELS[value]}
              <span className="rounded-full bg-foreground/10 px-1.5 text-xs tabular-nums">
                {counts[value]}
              </span>
            </button>
          ))}
        </div>
      </div>

      {isLoading ? (
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 2xl:grid-cols-4" aria-busy="true">
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} className="h-72 w-full rounded-xl" />
          ))}
        </div>
      ) : all.length === 0 ? (
        <EmptyLibrary />
      ) : filtered.length === 0 ? (
        <NoMatches
          onReset={() => {
            changeSearch('');
            changeStatus('all');
          }}
        />
      ) : (
        <>
          <p className="sr-only" aria-live="polite">
            {filtered.length} {filtered.length === 1 ? 'video' : 'videos'} found
          </p>
          <ul
            className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 2xl:grid-cols-4"
            data-testid="video-grid"
          >
            {shown.map((video) => (
              <VideoCard
                key={video.id}
                video={video}
                onWatch={onWatch}
                onEdit={onEdit}
                onDelete={onDelete}
              />
            ))}
          </ul>
          <div className="flex flex-col items-center gap-2 pt-2">
            <p className="text-sm text-muted-foreground" data-testid="library-showing">
              Showing {shown.length} of {filtered.length}
            </p>
            {shown.length < filtered.length && (
              <Button variant="outline" onClick={() => setVisible((n) => n + LIBRARY_PAGE_SIZE)}>
                Load more
              </Button>
            )}
          </div>
        </>
      )}

      <VideoPlayerDialog video={watching} onClose={() => setWatching(null)} />
      <EditVideoDialog video={editing} onClose={() => setEditing(null)} />
      <DeleteVideoDialog video={deleting} onClose={() => setDeleting(null)} />
    </div>
  );
}

import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ChevronLeft, ChevronRight, Inbox, Search, X } from 'lucide-react';
import { ADMIN_MESSAGES, ADMIN_STATUS_LABELS } from '@shared/admin.contract';
import { VIDEO_STATUSES, type VideoStatus } from '@shared/videos.contract';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@web/components/ui/select';
import { Spinner } from '@web/components/ui/spinner';
import { AdminVideoCard } from './admin-video-card';
import { adminVideosQuery, type AdminVideoFilters } from './api/admin-videos';

const ALL = 'all';
const SEARCH_DELAY_MS = 300;

/** /admin/videos: the Video Processing Dashboard (product.md §2). */
export function AdminVideosPage() {
  const [filters, setFilters] = useState<AdminVideoFilters>({ page: 1 });
  const [owner, setOwner] = useState<{ id: string; name: string } | null>(null);
  const [searchText, setSearchText] = useState('');

  // The search waits for a pause in typing.
  useEffect(() => {
    const timer = setTimeout(() => {
      const q = searchText.trim() || undefined;
      setFilters((f) => (f.q === q ? f : { ...f, q, page: 1 }));
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [searchText]);

  const query = useQuery(adminVideosQuery(filters));
  const data = query.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const allCount = data ? Object.values(data.counts).reduce((a, b) => a + b, 0) : 0;

  function filterByOwner(id: string, name: string) {
    setOwner({ id, name });
    setFilters((f) => ({ ...f, ownerId: id, page: 1 }));
  }

  return (
    <main className="mx-auto max-w-7xl px-4 py-6 sm:px-6">
      <div className="mb-6 flex flex-col gap-1">
        <h1 className="text-2xl font-bold tracking-tight">{ADMIN_MESSAGES.dashboardTitle}</h1>
        <p className="text-sm text-muted-foreground">
          Review every studio&apos;s uploads, run or override the enhancement, and publish the
          result.
        </p>
      </div>

      <ul className="mb-4 flex flex-wrap gap-2" aria-label="Videos by status">
        {VIDEO_STATUSES.map((status) => (
          <li
            key={status}
            className="rounded-full border bg-card px-3 py-1 text-xs text-muted-foreground"
          >
            {ADMIN_STATUS_LABELS[status]}:{' '}
            <span className="font-semibold text-foreground tabular-nums">
              {data?.counts[status] ?? 0}
            </span>
          </li>
        ))}
      </ul>

      <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="grid flex-1 gap-1.5">
          <Label htmlFor="admin-search">Search</Label>
          <div className="relative">
            <Search
              aria-hidden="true"
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
            />
            <Input
              id="admin-search"
              type="search"
              placeholder="Title, file name or company..."
              className="pl-9"
              value={searchText}
              onChange={(e) => setSearchText(e.target.value)}
            />
          </div>
        </div>
        <div className="grid gap-1.5 sm:w-64">
          <Label htmlFor="admin-status-filter">Status</Label>
          <Select
            value={filters.status ?? ALL}
            onValueChange={(value) =>
              setFilters((f) => ({
                ...f,
                status: value === ALL ? undefined : (value as VideoStatus),
                page: 1,
              }))
            }
          >
            <SelectTrigger id="admin-status-filter" className="w-full">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ALL}>All statuses ({allCount})</SelectItem>
              {VIDEO_STATUSES.map((status) => (
                <SelectItem key={status} value={status}>
                  {ADMIN_STATUS_LABELS[status]} ({data?.counts[status] ?? 0})
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
      </div>

      {owner && (
        <div className="mb-4 flex items-center gap-2 text-sm">
          <span className="text-muted-foreground">Studio:</span>
          <span className="inline-flex items-center gap-1 rounded-full bg-primary/10 py-0.5 pr-1 pl-3 font-medium">
            {owner.name}
            <Button
              variant="ghost"
              size="icon"
              className="size-6 rounded-full"
              aria-label={`Show every studio, not only ${owner.name}`}
              onClick={() => {
                setOwner(null);
                setFilters((f) => ({ ...f, ownerId: undefined, page: 1 }));
              }}
            >
              <X aria-hidden="true" />
            </Button>
          </span>
        </div>
      )}

      {query.isLoading ? (
        <div className="flex justify-center py-16">
          <Spinner label="Loading videos..." />
        </div>
      ) : query.isError ? (
        <p role="alert" className="py-16 text-center text-sm text-destructive-text">
          Unable to load videos. {query.error.message}
        </p>
      ) : data && data.videos.length > 0 ? (
        <>
          <p className="mb-3 text-sm text-muted-foreground" aria-live="polite">
            {data.total} {data.total === 1 ? 'video' : 'videos'}
          </p>
          <ul className="grid gap-4">
            {data.videos.map((video) => (
              <AdminVideoCard key={video.id} video={video} onOwnerFilter={filterByOwner} />
            ))}
          </ul>
          {pages > 1 && (
            <nav className="mt-6 flex items-center justify-center gap-3" aria-label="Pages">
              <Button
                variant="outline"
                size="sm"
                disabled={filters.page <= 1}
                onClick={() => setFilters((f) => ({ ...f, page: f.page - 1 }))}
              >
                <ChevronLeft aria-hidden="true" />
                Previous
              </Button>
              <span className="text-sm tabular-nums">
                Page {filters.page} of {pages}
              </span>
              <Button
                variant="outline"
                size="sm"
                disabled={filters.page >= pages}
                onClick={() => setFilters((f) => ({ ...f, page: f.page + 1 }))}
              >
                Next
                <ChevronRight aria-hidden="true" />
              </Button>
            </nav>
          )}
        </>
      ) : (
        <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed bg-card py-16 text-center">
          <Inbox aria-hidden="true" className="size-10 text-muted-foreground" />
          <p className="font-medium">No videos found</p>
          <p className="text-sm text-muted-foreground">
            Uploads from every studio appear here as they arrive.
          </p>
        </div>
      )}
    </main>
  );
}

import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { ArrowRight, Film } from 'lucide-react';
import { OWNER_STATUS_LABELS } from '@shared/videos.contract';
import { Card, CardAction, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { Progress } from '@web/components/ui/progress';
import { Skeleton } from '@web/components/ui/skeleton';
import { OWNER_VIDEOS_REFETCH_MS, ownerVideosQuery } from '@web/lib/owner-videos';

export const RECENT_UPLOADS_COUNT = 5;

/**
 * The owner's latest uploads with their processing status, under the idle upload form. product.md §4:
 * on the upload screen the owner's video list refetches every 30 s only while idle.
 */
export function RecentUploads({ idle }: { idle: boolean }) {
  const { data, isPending } = useQuery({
    ...ownerVideosQuery,
    refetchInterval: idle ? OWNER_VIDEOS_REFETCH_MS : false,
  });
  if (!idle) return null;
  const recent = (data ?? []).slice(0, RECENT_UPLOADS_COUNT);
  if (!isPending && recent.length === 0) return null;

  return (
    <Card data-testid="recent-uploads">
      <CardHeader>
        <CardTitle>
          <h2 className="text-lg">Recent uploads</h2>
        </CardTitle>
        <CardAction>
          <Link
            href="/videos"
            className="inline-flex min-h-11 items-center gap-1 text-sm font-medium text-primary underline-offset-4 hover:underline"
          >
            Video Library
            <ArrowRight aria-hidden="true" className="size-4" />
          </Link>
        </CardAction>
      </CardHeader>
      <CardContent>
        {isPending ? (
          <Skeleton className="h-24 w-full" />
        ) : (
          <ul className="divide-y">
            {recent.map((video) => (
              <li
                key={video.id}
                className="flex items-center gap-3 py-2.5"
                data-testid="recent-upload"
              >
                <div className="flex aspect-video w-20 shrink-0 items-center justify-center overflow-hidden rounded bg-muted text-muted-foreground">
                  {video.thumbnailUrl ? (
                    <img
                      src={video.thumbnailUrl}
                      alt=""
                      loading="lazy"
                      className="size-full object-cover"
                    />
                  ) : (
                    <Film aria-hidden="true" className="size-5" />
                  )}
                </div>
                <div className="min-w-0 flex-1 space-y-1">
                  <p className="truncate text-sm font-medium">{video.title}</p>
                  <p className="text-xs text-muted-foreground">
                    {OWNER_STATUS_LABELS[video.processingStatus]}
                    {video.progress !== null && ` · ${video.progress}%`}
                  </p>
                  {video.progress !== null && (
                    <Progress
                      value={video.progress}
                      className="h-1"
                      aria-label={`${video.title}: ${video.progress}%`}
                    />
                  )}
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

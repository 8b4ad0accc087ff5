import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { History } from 'lucide-react';
import { ADMIN_STATUS_LABELS, EVENT_LABELS, type VideoEventDto } from '@shared/admin.contract';
import { Spinner } from '@web/components/ui/spinner';
import { videoEventsQuery } from './api/video-events';

const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** The audit trail (who, what, when, notes), loaded the first time it is opened. */
export function VideoHistory({ videoId }: { videoId: string }) {
  const [open, setOpen] = useState(false);
  return (
    <details
      className="group rounded-lg border"
      onToggle={(e) => setOpen((e.target as HTMLDetailsElement).open)}
    >
      <summary className="flex cursor-pointer items-center gap-2 px-3 py-2 text-sm font-medium select-none">
        <History aria-hidden="true" className="size-4 text-muted-foreground" />
        History
      </summary>
      {open && <HistoryList videoId={videoId} />}
    </details>
  );
}

function HistoryList({ videoId }: { videoId: string }) {
  const query = useQuery(videoEventsQuery(videoId));
  if (query.isLoading)
    return <Spinner size="sm" label="Loading history..." className="px-3 pb-3" />;
  if (query.isError)
    return <p className="px-3 pb-3 text-sm text-destructive-text">Unable to load the history.</p>;
  const events = query.data ?? [];
  if (events.length === 0)
    return <p className="px-3 pb-3 text-sm text-muted-foreground">Nothing recorded yet.</p>;
  return (
    <ol className="grid gap-2 px-3 pb-3 text-sm" data-testid="video-history">
      {events.map((event) => (
        <li key={event.id} className="border-l-2 border-primary/40 pl-3">
          <p>
            <span className="font-medium">{EVENT_LABELS[event.action] ?? event.action}</span>
            {moved(event)}
            <span className="text-muted-foreground"> · {event.actor?.email ?? 'System'}</span>
          </p>
          <p className="text-xs text-muted-foreground">
            <time dateTime={event.createdAt}>{timeFormat.format(new Date(event.createdAt))}</time>
          </p>
          {event.notes && <p className="break-words text-muted-foreground">{event.notes}</p>}
        </li>
      ))}
    </ol>
  );
}

function moved(event: VideoEventDto): string {
  if (!event.fromStatus || !event.toStatus || event.fromStatus === event.toStatus) return '';
  return `: ${ADMIN_STATUS_LABELS[event.fromStatus]} → ${ADMIN_STATUS_LABELS[event.toStatus]}`;
}

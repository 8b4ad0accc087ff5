import { AlertTriangle, CheckCircle2, Loader2 } from 'lucide-react';
import { Badge } from '@web/components/ui/badge';
import { VIDEO_CARD_STATUS_LABELS, type VideoCardStatus } from '@web/lib/owner-videos';
import { cn } from '@web/lib/utils';

const STYLES: Record<VideoCardStatus, string> = {
  ready: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200',
  processing: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
  error: 'bg-destructive-soft text-destructive-text',
};

const ICONS = { ready: CheckCircle2, processing: Loader2, error: AlertTriangle } as const;

/** A video card's status (product.md §2): Processing, Ready or Error. */
export function VideoStatusBadge({
  status,
  className,
}: {
  status: VideoCardStatus;
  className?: string;
}) {
  const Icon = ICONS[status];
  return (
    <Badge
      variant="outline"
      data-status={status}
      className={cn('border-transparent', STYLES[status], className)}
    >
      <Icon
        aria-hidden="true"
        className={cn(status === 'processing' && 'animate-spin motion-reduce:animate-none')}
      />
      {VIDEO_CARD_STATUS_LABELS[status]}
    </Badge>
  );
}

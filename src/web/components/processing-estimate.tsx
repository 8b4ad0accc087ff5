import { Hourglass } from 'lucide-react';
import { readyEstimate, readyEstimateText } from '@shared/processing-time.contract';
import type { VideoDto } from '@shared/videos.contract';
import { useNow, useProcessingTime } from '@web/lib/processing-time';
import { cn } from '@web/lib/utils';

/** The countdown moves on every 30 s: it speaks in whole minutes. */
const TICK_MS = 30_000;

/**
 * When a processing video should be ready (issue #15 part 1): from its length and the pipeline's
 * own speed, or the admin team's 24-48 hours where the video waits for them.
 */
export function ProcessingEstimate({
  video,
  className,
}: {
  video: Pick<VideoDto, 'processingStatus' | 'processingNotes' | 'duration' | 'uploadedAt'>;
  className?: string;
}) {
  const time = useProcessingTime();
  const now = useNow(TICK_MS);
  if (!time) return null;
  return (
    <p
      className={cn('flex items-start gap-1.5 text-xs text-muted-foreground', className)}
      data-testid="processing-estimate"
    >
      <Hourglass aria-hidden="true" className="mt-px size-3.5 shrink-0" />
      {readyEstimateText(readyEstimate(video, time, now))}
    </p>
  );
}

import { Check, Loader2 } from 'lucide-react';
import { formatSize } from '@shared/format';
import { Progress } from '@web/components/ui/progress';
import { cn } from '@web/lib/utils';
import { formatRate, formatTimeLeft, type TransferStats } from './transfer-meter';
import type { UploadStep } from './upload-state';

const STEP_LABELS: Record<UploadStep, string> = {
  logo: 'Uploading logo',
  video: 'Uploading video file',
  details: 'Saving video details',
};

interface UploadProgressPanelProps {
  fileName: string;
  step: UploadStep | null;
  steps: UploadStep[];
  stats: TransferStats | null;
}

/** The uploading state: the real progress of the video file (bytes, speed, time left) and the steps. */
export function UploadProgressPanel({ fileName, step, steps, stats }: UploadProgressPanelProps) {
  const percent = stats ? Math.floor(stats.percent) : 0;
  const current = step ? steps.indexOf(step) : -1;
  const summary = stats
    ? `${formatSize(stats.sent)} of ${formatSize(stats.total)}`
    : 'Preparing upload...';
  const pace = stats?.bytesPerSecond
    ? `${formatRate(stats.bytesPerSecond)} · ${formatTimeLeft(stats.secondsLeft ?? 0)}`
    : null;

  return (
    <div className="space-y-5">
      <div className="space-y-2">
        <div className="flex items-baseline justify-between gap-3">
          <p className="min-w-0 truncate text-sm font-medium" title={fileName}>
            {fileName}
          </p>
          <p className="shrink-0 text-sm font-semibold tabular-nums" aria-hidden="true">
            {percent}%
          </p>
        </div>
        <Progress
          value={percent}
          aria-label="Video upload progress"
          aria-valuetext={`${percent}% uploaded`}
          className="h-3"
        />
        <div className="flex flex-wrap justify-between gap-x-4 gap-y-1 text-sm text-muted-foreground tabular-nums">
          <span>{summary}</span>
          {pace && <span>{pace}</span>}
        </div>
      </div>

      <ol className="space-y-2" aria-label="Upload steps">
        {steps.map((s, index) => {
          const done = current > index;
          const active = current === index;
          return (
            <li key={s} className="flex items-center gap-3 text-sm">
              <span
                aria-hidden="true"
                className={cn(
                  'flex size-6 shrink-0 items-center justify-center rounded-full border',
                  done && 'border-primary bg-primary text-primary-foreground',
                  active && 'border-primary text-primary',
                )}
              >
                {done ? (
                  <Check className="size-3.5" />
                ) : active ? (
                  <Loader2 className="size-3.5 animate-spin motion-reduce:animate-none" />
                ) : (
                  <span className="text-xs">{index + 1}</span>
                )}
              </span>
              <span
                className={cn(!done && !active && 'text-muted-foreground', active && 'font-medium')}
              >
                {STEP_LABELS[s]}
                <span className="sr-only">{done ? ' (done)' : active ? ' (in progress)' : ''}</span>
              </span>
            </li>
          );
        })}
      </ol>
      <p aria-live="polite" className="sr-only">
        {step ? STEP_LABELS[step] : ''}
      </p>
    </div>
  );
}

import { AlertTriangle, CheckCircle2, Loader2, Pause, RotateCcw } from 'lucide-react';
import { formatSize } from '@shared/format';
import { Button } from '@web/components/ui/button';
import { Progress } from '@web/components/ui/progress';
import { cn } from '@web/lib/utils';
import { formatRate, formatTimeLeft } from './transfer-meter';
import { uploadStatusText, type UploadPhase, type UploadState } from './upload-state';

interface UploadProgressPanelProps {
  phase: UploadPhase;
  state: UploadState;
  onResume: () => void;
  onChooseDifferent: () => void;
}

/**
 * The transfer's real progress (bytes, speed, time left) and where the upload is, kept in view at
 * the top of the screen while the owner fills in the form below; a failure says what helps.
 */
export function UploadProgressPanel({
  phase,
  state,
  onResume,
  onChooseDifferent,
}: UploadProgressPanelProps) {
  const { file, stats, error } = state;
  const percent = state.transfer === 'sent' ? 100 : stats ? Math.floor(stats.percent) : 0;
  const size = file?.size ?? 0;
  const summary =
    state.transfer === 'sent'
      ? formatSize(size)
      : stats
        ? `${formatSize(stats.sent)} of ${formatSize(stats.total)}`
        : 'Preparing upload...';
  const pace =
    state.transfer === 'sending' && stats?.bytesPerSecond
      ? `${formatRate(stats.bytesPerSecond)} · ${formatTimeLeft(stats.secondsLeft ?? 0)}`
      : null;
  const busy = phase === 'sending' || phase === 'waiting' || phase === 'saving';

  return (
    <section
      aria-label="Upload progress"
      data-testid="upload-progress"
      className={cn(
        'sticky top-16 z-10 space-y-2 rounded-xl border bg-card p-3 text-card-foreground shadow-md sm:p-4',
        error && 'border-destructive/50',
      )}
    >
      <div className="flex items-baseline justify-between gap-3">
        <p className="min-w-0 truncate text-sm font-medium" title={file?.name}>
          {file?.name}
        </p>
        <p className="shrink-0 text-sm font-semibold tabular-nums" aria-hidden="true">
          {percent}%
        </p>
      </div>
      <Progress
        value={percent}
        aria-label="Video upload progress"
        aria-valuetext={`${percent}% uploaded`}
        className="h-2.5"
      />
      <div className="flex flex-wrap justify-between gap-x-4 gap-y-1 text-xs text-muted-foreground tabular-nums sm:text-sm">
        <span>{summary}</span>
        {pace && <span>{pace}</span>}
      </div>

      {error ? (
        <div role="alert" className="space-y-2 pt-1">
          <div className="flex gap-2">
            <AlertTriangle
              aria-hidden="true"
              className="mt-0.5 size-4 shrink-0 text-destructive-text"
            />
            <div className="space-y-0.5 text-sm">
              <p className="font-medium text-destructive-text">{error.message}</p>
              {error.detail ? (
                <p className="text-muted-foreground">{error.detail}</p>
              ) : error.kind === 'connection' ? (
                <p className="text-muted-foreground">
                  Check your connection and try again. Anything already sent is kept.
                </p>
              ) : null}
            </div>
          </div>
          <div className="flex flex-wrap gap-2 pl-6">
            {error.kind !== 'file' && state.transfer === 'failed' && (
              <Button type="button" size="sm" onClick={onResume}>
                <RotateCcw aria-hidden="true" />
                Try Again
              </Button>
            )}
            <Button type="button" size="sm" variant="outline" onClick={onChooseDifferent}>
              Choose Different File
            </Button>
          </div>
        </div>
      ) : (
        <p aria-live="polite" className="flex items-center gap-2 text-sm">
          {busy ? (
            <Loader2
              aria-hidden="true"
              className="size-4 shrink-0 animate-spin text-primary motion-reduce:animate-none"
            />
          ) : phase === 'stopped' ? (
            <Pause aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
          ) : (
            <CheckCircle2 aria-hidden="true" className="size-4 shrink-0 text-primary" />
          )}
          <span>{uploadStatusText(phase, state)}</span>
        </p>
      )}
    </section>
  );
}

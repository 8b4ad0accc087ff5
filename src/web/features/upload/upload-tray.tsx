import { Link, useLocation } from 'wouter';
import { AlertTriangle, CheckCircle2, Loader2, Pause, X } from 'lucide-react';
import { Button } from '@web/components/ui/button';
import { Progress } from '@web/components/ui/progress';
import { uploadPhase, uploadStatusText, type UploadPhase } from './upload-state';
import { finishUpload, useUploadState } from './upload-store';

const TRAY_TEXT: Partial<Record<UploadPhase, string>> = {
  sending: 'Uploading',
  waiting: 'Uploading, then saving your class',
  sent: 'Uploaded: add the details to finish',
};

/**
 * The upload in progress, in a corner of every screen of the app shell but the upload screen (which
 * shows it in full): it follows the owner around until the class is saved (decision 0025).
 */
export function UploadTray() {
  const state = useUploadState();
  const phase = uploadPhase(state);
  const [pathname] = useLocation();
  if (phase === 'idle' || pathname === '/upload') return null;

  const percent = state.transfer === 'sent' ? 100 : Math.floor(state.stats?.percent ?? 0);
  const text =
    phase === 'success'
      ? `"${state.created}" is uploaded and being processed.`
      : (TRAY_TEXT[phase] ?? uploadStatusText(phase, state));
  const Icon =
    phase === 'success' || phase === 'sent'
      ? CheckCircle2
      : phase === 'error'
        ? AlertTriangle
        : phase === 'stopped'
          ? Pause
          : Loader2;

  return (
    <>
      {/* Room at the end of the page, so the tray never hides its last lines. */}
      <div aria-hidden="true" className="h-28 shrink-0" />
      <aside
        aria-label="Upload"
        data-testid="upload-tray"
        className="fixed inset-x-3 bottom-3 z-40 rounded-xl border bg-card p-3 text-card-foreground shadow-lg sm:inset-x-auto sm:right-4 sm:bottom-4 sm:w-80"
      >
        <div className="flex items-start gap-2">
          <Icon
            aria-hidden="true"
            className={
              phase === 'error'
                ? 'mt-0.5 size-4 shrink-0 text-destructive-text'
                : phase === 'sending' || phase === 'waiting' || phase === 'saving'
                  ? 'mt-0.5 size-4 shrink-0 animate-spin text-primary motion-reduce:animate-none'
                  : 'mt-0.5 size-4 shrink-0 text-primary'
            }
          />
          <div className="min-w-0 flex-1 space-y-1.5">
            <p className="truncate text-sm font-medium" title={state.file?.name}>
              {state.file?.name}
            </p>
            <p role="status" className="text-xs text-muted-foreground">
              {text}
              {phase !== 'success' && phase !== 'error' && (
                <span className="tabular-nums"> · {percent}%</span>
              )}
            </p>
            {phase !== 'success' && (
              <Progress
                value={percent}
                className="h-1.5"
                aria-label="Video upload progress"
                aria-valuetext={`${percent}% uploaded`}
              />
            )}
            <Link
              href={phase === 'success' ? '/videos' : '/upload'}
              className="inline-flex min-h-8 items-center text-xs font-medium text-primary underline-offset-4 hover:underline"
            >
              {phase === 'success' ? 'Video Library' : 'Open upload'}
            </Link>
          </div>
          {phase === 'success' && (
            <Button
              variant="ghost"
              size="icon"
              className="-mt-1 -mr-1 size-8"
              aria-label="Dismiss"
              onClick={finishUpload}
            >
              <X aria-hidden="true" />
            </Button>
          )}
        </div>
      </aside>
    </>
  );
}

import { History, Trash2 } from 'lucide-react';
import { formatSize } from '@shared/format';
import { Button } from '@web/components/ui/button';
import type { InterruptedUpload } from './api/upload-video-file';

interface InterruptedUploadsProps {
  uploads: InterruptedUpload[];
  onDiscard: (upload: InterruptedUpload) => void;
}

/**
 * Uploads a reload (or a closed tab) interrupted. The browser cannot reopen a file by itself, so the
 * owner picks the same file again and the upload continues from what the server holds.
 */
export function InterruptedUploads({ uploads, onDiscard }: InterruptedUploadsProps) {
  if (uploads.length === 0) return null;
  return (
    <ul className="space-y-2" aria-label="Interrupted uploads">
      {uploads.map((upload) => {
        const percent = Math.floor((upload.sent / Math.max(1, upload.size)) * 100);
        const whole = upload.sent >= upload.size;
        return (
          <li
            key={upload.key}
            className="flex flex-col gap-3 rounded-lg border border-primary/40 bg-primary/5 p-3 sm:flex-row sm:items-center"
            data-testid="interrupted-upload"
          >
            <History aria-hidden="true" className="hidden size-5 shrink-0 text-primary sm:block" />
            <div className="min-w-0 flex-1 space-y-0.5">
              <p className="text-sm font-medium break-words">Resume upload of {upload.fileName}</p>
              <p className="text-sm text-muted-foreground">
                {whole
                  ? `The whole file (${formatSize(upload.size)}) was sent, but its details were never saved.`
                  : `${percent}% of ${formatSize(upload.size)} was sent before the page closed.`}{' '}
                Choose {upload.fileName} again below: the upload continues from there. Your browser
                cannot reopen the file by itself.
              </p>
            </div>
            <Button
              type="button"
              variant="ghost"
              size="sm"
              className="self-start sm:self-center"
              onClick={() => onDiscard(upload)}
            >
              <Trash2 aria-hidden="true" />
              Discard<span className="sr-only"> the upload of {upload.fileName}</span>
            </Button>
          </li>
        );
      })}
    </ul>
  );
}

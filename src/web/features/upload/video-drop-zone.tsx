import { useId, useRef, useState, type DragEvent } from 'react';
import { FileVideo, UploadCloud } from 'lucide-react';
import { VIDEO_ACCEPT } from '@shared/videos.contract';
import { Button } from '@web/components/ui/button';
import { cn } from '@web/lib/utils';

interface VideoDropZoneProps {
  onFile: (file: File) => void;
  /** The last refused file's reason (product.md §5 alert text), shown under the zone. */
  problem: string | null;
}

/** The idle state: drop a video here or pick one. */
export function VideoDropZone({ onFile, problem }: VideoDropZoneProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const id = useId();
  const hintId = `${id}-hint`;
  const problemId = `${id}-problem`;

  function onDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file) onFile(file);
  }

  return (
    <div className="space-y-3">
      <div
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={cn(
          'flex flex-col items-center gap-4 rounded-xl border-2 border-dashed px-6 py-12 text-center transition-colors',
          dragging ? 'border-primary bg-primary/5' : 'border-border bg-muted/30',
        )}
      >
        <span
          aria-hidden="true"
          className="flex size-14 items-center justify-center rounded-full bg-primary/10 text-primary"
        >
          {dragging ? <FileVideo className="size-7" /> : <UploadCloud className="size-7" />}
        </span>
        <div className="space-y-1">
          <p className="text-base font-medium">Drag and drop your class video here</p>
          <p id={hintId} className="text-sm text-muted-foreground">
            MP4, MOV, AVI or WebM, up to 2GB
          </p>
        </div>
        <Button type="button" onClick={() => inputRef.current?.click()} aria-describedby={hintId}>
          Choose Video File
        </Button>
        <input
          ref={inputRef}
          type="file"
          accept={VIDEO_ACCEPT}
          className="sr-only"
          tabIndex={-1}
          aria-label="Video file"
          aria-describedby={problem ? problemId : hintId}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) onFile(file);
          }}
        />
      </div>
      {problem && (
        <p id={problemId} role="alert" className="text-sm font-medium text-destructive-text">
          {problem}
        </p>
      )}
    </div>
  );
}

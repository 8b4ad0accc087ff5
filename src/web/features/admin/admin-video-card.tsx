import { memo, useId, useRef } from 'react';
import { Link } from 'wouter';
import {
  AlertTriangle,
  CheckCircle2,
  Clock,
  Download,
  Film,
  HardDrive,
  Loader2,
  Play,
  Upload,
  XCircle,
} from 'lucide-react';
import {
  ADMIN_MESSAGES,
  ADMIN_STATUS_LABELS,
  adminEndpoints,
  canMove,
  ENHANCED_UPLOAD_FROM,
  PROCESSING_NOTES_MAX,
  type AdminVideoDto,
} from '@shared/admin.contract';
import { formatDuration, formatSize } from '@shared/format';
import { VIDEO_ACCEPT, type VideoStatus } from '@shared/videos.contract';
import { StreamVideo } from '@web/components/stream-video';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Label } from '@web/components/ui/label';
import { Progress } from '@web/components/ui/progress';
import { Textarea } from '@web/components/ui/textarea';
import { apiUrl } from '@web/lib/api';
import { cn } from '@web/lib/utils';
import { adminOwnerPath } from './admin-paths';
import { useAdminVideoActions } from './use-admin-video-actions';
import { VideoHistory } from './video-history';

const STATUS_STYLES: Record<VideoStatus, string> = {
  uploaded: 'bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-200',
  processing: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
  enhanced: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200',
  failed: 'bg-destructive-soft text-destructive-text',
};
const STATUS_ICONS = {
  uploaded: Clock,
  processing: Loader2,
  enhanced: CheckCircle2,
  failed: AlertTriangle,
} as const;

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export function AdminStatusBadge({ status }: { status: VideoStatus }) {
  const Icon = STATUS_ICONS[status];
  return (
    <Badge
      variant="outline"
      data-status={status}
      className={cn('border-transparent', STATUS_STYLES[status])}
    >
      <Icon
        aria-hidden="true"
        className={cn(status === 'processing' && 'animate-spin motion-reduce:animate-none')}
      />
      {ADMIN_STATUS_LABELS[status]}
    </Badge>
  );
}

/** One video on the processing desk (product.md §2 Admin area): facts, request, players, actions. */
export const AdminVideoCard = memo(function AdminVideoCard({
  video,
  onOwnerFilter,
}: {
  video: AdminVideoDto;
  onOwnerFilter: (ownerId: string, name: string) => void;
}) {
  const notesId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const {
    notes,
    setNotes,
    busy,
    uploadProgress,
    downloadOriginal,
    changeStatus,
    uploadEnhancedFile,
  } = useAdminVideoActions(video);

  const status = video.processingStatus;
  const company = video.user.companyName ?? video.user.email;
  const size = formatSize(video.fileSize);
  const duration = formatDuration(video.duration);
  const canStart = canMove(status, 'processing');
  const canFail = canMove(status, 'failed');
  const canUpload = ENHANCED_UPLOAD_FROM.includes(status);

  return (
    <li
      className="rounded-xl border bg-card text-card-foreground shadow-sm"
      data-testid="admin-video-card"
      data-video-id={video.id}
    >
      <div className="flex flex-col gap-4 p-4 sm:p-5">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <h2 className="text-lg font-semibold break-words" data-testid="admin-video-title">
              {video.title}
            </h2>
            <button
              type="button"
              className="text-sm font-medium text-primary underline-offset-4 hover:underline"
              onClick={() => onOwnerFilter(video.user.id, company)}
              title="Show only this studio's videos"
            >
              {company}
            </button>
            <Link
              href={adminOwnerPath(video.user.id)}
              className="ml-3 text-sm text-muted-foreground underline-offset-4 hover:underline"
            >
              Plan and billing
            </Link>
          </div>
          <AdminStatusBadge status={status} />
        </div>

        <div className="grid gap-4 lg:grid-cols-2">
          <div className="grid content-start gap-4">
            <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-4 lg:grid-cols-2">
              <Fact label="File" value={video.originalFileName} />
              <Fact label="Size" value={size ?? 'Unknown'} icon={HardDrive} />
              <Fact label="Duration" value={duration ?? 'Measuring...'} icon={Clock} />
              <Fact label="Uploaded" value={dateFormat.format(new Date(video.uploadedAt))} />
            </dl>

            {status === 'processing' && video.progress !== null && (
              <div className="grid gap-1.5">
                <div className="flex justify-between text-xs text-muted-foreground">
                  <span>Enhancement progress</span>
                  <span className="tabular-nums">{video.progress}%</span>
                </div>
                <Progress
                  value={video.progress}
                  aria-label={`Enhancement progress of ${video.title}`}
                />
              </div>
            )}

            <section
              className="grid gap-2 rounded-lg bg-muted/50 p-3 text-sm"
              aria-label="Requested"
            >
              <h3 className="font-semibold">What the studio asked for</h3>
              <p>
                <span className="text-muted-foreground">Replace background: </span>
                {video.replaceBackground ? (video.backgroundDescription ?? 'Yes') : 'No'}
              </p>
              <div className="flex items-center gap-2">
                <span className="text-muted-foreground">Logo: </span>
                {video.addLogo ? (
                  <img
                    src={apiUrl(adminEndpoints.logo, { params: { id: video.id } })}
                    alt={`Logo of ${company}`}
                    className="h-10 max-w-32 rounded border bg-white object-contain p-0.5"
                    loading="lazy"
                  />
                ) : (
                  'No'
                )}
              </div>
              <p className="break-words">
                <span className="text-muted-foreground">Enhancement notes: </span>
                {video.enhancementNotes ?? 'None'}
              </p>
              {video.processingNotes && (
                <p className="break-words">
                  <span className="text-muted-foreground">Processing notes: </span>
                  {video.processingNotes}
                </p>
              )}
            </section>

            <div className="grid gap-1.5">
              <Label htmlFor={notesId}>Processing notes</Label>
              <Textarea
                id={notesId}
                value={notes}
                maxLength={PROCESSING_NOTES_MAX}
                placeholder="Notes saved with the next status change..."
                onChange={(e) => setNotes(e.target.value)}
                className="min-h-20"
              />
              <p className="text-right text-xs text-muted-foreground tabular-nums">
                {notes.length}/{PROCESSING_NOTES_MAX}
              </p>
            </div>
          </div>
          <div className="grid content-start gap-4 sm:grid-cols-2">
            <Player
              label="Original"
              src={video.previewUrl}
              kind={video.previewKind ?? 'mp4'}
              empty="The preview is being prepared."
              testId="original-player"
            />
            <Player
              label="Enhanced"
              src={video.enhancedFileUrl}
              empty="No enhanced version yet."
              testId="enhanced-player"
            />
          </div>
        </div>

        {busy === 'upload' && (
          <Progress
            value={Math.round(uploadProgress * 100)}
            aria-label={`Enhanced upload progress of ${video.title}`}
          />
        )}

        <div className="flex flex-wrap gap-2">
          <Button variant="outline" disabled={busy !== null} onClick={downloadOriginal}>
            <Download aria-hidden="true" />
            Download Original
          </Button>
          {canStart && (
            <Button disabled={busy !== null} onClick={() => changeStatus('processing')}>
              <Play aria-hidden="true" />
              {ADMIN_MESSAGES.startEnhancement}
            </Button>
          )}
          {canFail && (
            <Button
              variant="destructive"
              disabled={busy !== null}
              onClick={() => changeStatus('failed')}
            >
              <XCircle aria-hidden="true" />
              {ADMIN_MESSAGES.markFailed}
            </Button>
          )}
          {canUpload && (
            <>
              <Button
                variant="secondary"
                disabled={busy !== null}
                onClick={() => fileInput.current?.click()}
              >
                {busy === 'upload' ? (
                  <Loader2 aria-hidden="true" className="animate-spin" />
                ) : (
                  <Upload aria-hidden="true" />
                )}
                {ADMIN_MESSAGES.uploadEnhanced}
              </Button>
              <input
                ref={fileInput}
                type="file"
                accept={VIDEO_ACCEPT}
                className="sr-only"
                tabIndex={-1}
                aria-label={`Enhanced file for ${video.title}`}
                onChange={(e) => {
                  const file = e.target.files?.[0];
                  e.target.value = '';
                  uploadEnhancedFile(file);
                }}
              />
            </>
          )}
        </div>

        <VideoHistory videoId={video.id} />
      </div>
    </li>
  );
});

function Fact({ label, value, icon: Icon }: { label: string; value: string; icon?: typeof Clock }) {
  return (
    <div className="min-w-0">
      <dt className="flex items-center gap-1 text-xs text-muted-foreground">
        {Icon && <Icon aria-hidden="true" className="size-3.5" />}
        {label}
      </dt>
      <dd className="truncate font-medium" title={value}>
        {value}
      </dd>
    </div>
  );
}

function Player({
  label,
  src,
  kind = 'mp4',
  empty,
  testId,
}: {
  label: string;
  src: string | null;
  /** The original's preview may be the growing HLS preview (decision 0029). */
  kind?: 'mp4' | 'hls';
  empty: string;
  testId: string;
}) {
  return (
    <figure className="grid gap-1.5">
      <figcaption className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">
        {label}
      </figcaption>
      {src ? (
        <StreamVideo
          src={src}
          kind={kind}
          controls
          preload="metadata"
          playsInline
          className="aspect-video w-full rounded-lg bg-black"
          data-testid={testId}
          aria-label={`${label} video`}
        />
      ) : (
        <div className="flex aspect-video w-full flex-col items-center justify-center gap-2 rounded-lg border border-dashed bg-muted/40 text-sm text-muted-foreground">
          <Film aria-hidden="true" className="size-8" />
          {empty}
        </div>
      )}
    </figure>
  );
}

import type { VideoDto } from '@shared/videos.contract';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog';

/** The playable file of a ready video: the enhanced file, else the quick preview. */
export function playableUrl(
  video: Pick<VideoDto, 'enhancedFileUrl' | 'previewUrl'>,
): string | null {
  return video.enhancedFileUrl ?? video.previewUrl ?? null;
}

/** Watches one video in a dialog; `video` null closes it. */
export function VideoPlayerDialog({
  video,
  onClose,
}: {
  video: Pick<
    VideoDto,
    'id' | 'title' | 'description' | 'enhancedFileUrl' | 'previewUrl' | 'posterUrl'
  > | null;
  onClose: () => void;
}) {
  const src = video ? playableUrl(video) : null;
  return (
    <Dialog open={video !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-3xl">
        <DialogHeader>
          <DialogTitle className="leading-snug">{video?.title}</DialogTitle>
          <DialogDescription className={video?.description ? undefined : 'sr-only'}>
            {video?.description || 'Video player'}
          </DialogDescription>
        </DialogHeader>
        {src ? (
          <video
            key={video?.id}
            src={src}
            poster={video?.posterUrl ?? undefined}
            controls
            autoPlay
            playsInline
            preload="metadata"
            className="aspect-video w-full rounded-md bg-black"
            data-testid="video-player"
          >
            <track kind="captions" />
          </video>
        ) : (
          <p className="text-sm text-muted-foreground">This video is not ready to watch yet.</p>
        )}
      </DialogContent>
    </Dialog>
  );
}

import type { VideoDto } from '@shared/videos.contract';
import { StreamVideo } from '@web/components/stream-video';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog';

type Playable = Pick<VideoDto, 'enhancedFileUrl' | 'previewUrl' | 'previewKind' | 'previewState'>;

/**
 * What the dialog plays: the enhanced file, else the owner's preview (an MP4, or the HLS preview
 * that grows while it is transcoded: `growing`). A failed preview is not offered.
 */
export function playableSource(
  video: Playable,
): { url: string; kind: 'mp4' | 'hls'; growing: boolean } | null {
  if (video.enhancedFileUrl) return { url: video.enhancedFileUrl, kind: 'mp4', growing: false };
  if (!video.previewUrl || !video.previewKind) return null;
  if (video.previewState !== 'growing' && video.previewState !== 'ended') return null;
  return {
    url: video.previewUrl,
    kind: video.previewKind,
    growing: video.previewState === 'growing',
  };
}

/** Watches one video in a dialog; `video` null closes it. */
export function VideoPlayerDialog({
  video,
  onClose,
}: {
  video: (Pick<VideoDto, 'id' | 'title' | 'description' | 'posterUrl'> & Playable) | null;
  onClose: () => void;
}) {
  const source = video ? playableSource(video) : null;
  return (
    <Dialog open={video !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-3xl">
        <DialogHeader>
          <DialogTitle className="leading-snug">{video?.title}</DialogTitle>
          <DialogDescription className={video?.description ? undefined : 'sr-only'}>
            {video?.description || 'Video player'}
          </DialogDescription>
        </DialogHeader>
        {source ? (
          <StreamVideo
            key={video?.id}
            src={source.url}
            kind={source.kind}
            poster={video?.posterUrl ?? undefined}
            controls
            autoPlay
            playsInline
            preload="metadata"
            className="aspect-video w-full rounded-md bg-black"
            data-testid="video-player"
          >
            <track kind="captions" />
          </StreamVideo>
        ) : (
          <p className="text-sm text-muted-foreground">This video is not ready to watch yet.</p>
        )}
        {source?.growing && (
          <p className="text-sm text-muted-foreground" data-testid="preview-growing">
            Preview: the rest of the class is still being prepared and plays as it is ready.
          </p>
        )}
      </DialogContent>
    </Dialog>
  );
}

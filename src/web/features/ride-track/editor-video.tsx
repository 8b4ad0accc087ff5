import { useEffect, useImperativeHandle, useRef, type Ref } from 'react';
import { Film } from 'lucide-react';
import type { VideoDto } from '@shared/videos.contract';
import { StreamVideo } from '@web/components/stream-video';
import { playableSource } from '@web/components/video-player-dialog';

export interface EditorVideoHandle {
  /** Moves the video to `seconds` (kept for when it can play, if it cannot yet). */
  seek(seconds: number): void;
}

/**
 * The class's own video beside the editor, as the library plays it (the enhanced file, else the
 * owner's preview), with its controls. Its time drives the playhead: every frame while it plays,
 * and after the owner seeks with its own controls.
 */
export function EditorVideo({
  video,
  onTime,
  ref,
}: {
  video: VideoDto;
  onTime: (seconds: number) => void;
  ref: Ref<EditorVideoHandle>;
}) {
  const box = useRef<HTMLDivElement>(null);
  const frame = useRef(0);
  const source = playableSource(video);
  const element = () => box.current?.querySelector('video') ?? null;

  useImperativeHandle(ref, () => ({
    seek(seconds) {
      const player = element();
      if (player) player.currentTime = seconds;
    },
  }));

  useEffect(() => () => cancelAnimationFrame(frame.current), []);

  function follow() {
    cancelAnimationFrame(frame.current);
    const tick = () => {
      const player = element();
      if (!player || player.paused) return;
      onTime(player.currentTime);
      frame.current = requestAnimationFrame(tick);
    };
    frame.current = requestAnimationFrame(tick);
  }
  const report = () => {
    const player = element();
    if (player) onTime(player.currentTime);
  };

  if (!source)
    return (
      <div className="flex aspect-video w-full flex-col items-center justify-center gap-2 rounded-lg bg-muted p-4 text-center text-sm text-muted-foreground">
        <Film aria-hidden="true" className="size-8" />
        This class cannot play yet. You can build its ride track meanwhile.
      </div>
    );

  return (
    <div ref={box}>
      <StreamVideo
        key={source.url}
        src={source.url}
        kind={source.kind}
        poster={video.posterUrl ?? video.thumbnailUrl ?? undefined}
        controls
        playsInline
        preload="metadata"
        className="aspect-video w-full rounded-lg bg-black"
        aria-label={`${video.title}: video`}
        onPlay={follow}
        onSeeked={report}
        onPause={report}
        data-testid="ride-track-video"
      >
        <track kind="captions" />
      </StreamVideo>
    </div>
  );
}

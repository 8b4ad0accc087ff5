import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import {
  ArrowLeft,
  Cast,
  Loader2,
  Maximize,
  Minimize,
  Pause,
  Play,
  RotateCcw,
  RotateCw,
  WifiOff,
} from 'lucide-react';
import type { PublicGymBranding, PublicGymVideo } from '@shared/gyms.contract';
import { gymThemeStyle } from '@web/components/gym/gym-theme';
import { cn } from '@web/lib/utils';
import { usePlaybackResume } from '../api/playback-resume-query';
import { enterFullscreen, exitFullscreen, fullscreenElement } from './fullscreen';
import { savedPosition, startPosition, viewerId } from './playback-device';
import { formatClock } from './player-format';
import { trackPlayback } from './playback-tracker';
import { playerKeyAction, SKIP_SECONDS, useClassMedia } from './use-class-media';
import { useRemotePlayback } from './use-remote-playback';
import { useWakeLock } from './use-wake-lock';

export const PLAYER_MESSAGES = {
  unavailable: "This class can't play right now. Please try again later.",
  reconnecting: 'Reconnecting… the class keeps playing from what is loaded.',
  tapToPlay: 'Tap to start',
} as const;

interface ClassPlayerProps {
  video: PublicGymVideo;
  gymSlug: string;
  gymName: string;
  branding: PublicGymBranding;
  onClose(): void;
}

const controlButton =
  'inline-flex min-h-12 min-w-12 cursor-pointer items-center justify-center gap-2 rounded-full text-white transition-colors outline-none hover:bg-white/15 focus-visible:ring-4 focus-visible:ring-white/70 disabled:cursor-not-allowed disabled:opacity-40';

/**
 * The class player (issue 7), made for a tablet on a bike's handlebars: full screen, big touch
 * targets and big time, adaptive quality with a manual choice, the screen kept awake while a class
 * plays, resume where this tablet stopped, and playback beacons for the owner's analytics.
 */
export function ClassPlayer({ video, gymSlug, gymName, branding, onClose }: ClassPlayerProps) {
  const rootRef = useRef<HTMLDivElement>(null);
  const videoRef = useRef<HTMLVideoElement>(null);
  const playRef = useRef<HTMLButtonElement>(null);
  const viewer = useMemo(() => viewerId(), []);
  const resume = usePlaybackResume(video.id, viewer);
  const [isFullscreen, setIsFullscreen] = useState(false);

  // Beacons for the owner's analytics, for as long as the player is open. Declared before the
  // media so that on close its last beacon (and saved position) go out before the source is torn down.
  useEffect(() => {
    const element = videoRef.current;
    if (!element) return;
    return trackPlayback(element, { videoId: video.id, gymSlug });
  }, [video.id, gymSlug]);

  // Where to start, once the server's copy is in (or failed): fixed for the life of the player.
  const startAt = useMemo(
    () =>
      resume.isPending
        ? null
        : startPosition(savedPosition(video.id), resume.data ?? null, video.durationSeconds),
    [resume.isPending, resume.data, video.id, video.durationSeconds],
  );
  const media = useClassMedia(videoRef, {
    hlsUrl: video.hlsUrl,
    mp4Url: video.mp4Url,
    startAt,
    knownDuration: video.durationSeconds,
  });
  const { failed, playing, currentTime, duration, levels, togglePlay, skip } = media;
  const remote = useRemotePlayback(videoRef, media.engine);
  useWakeLock(playing);

  // Full screen first (allowed right after the Start Class tap), the page behind never scrolls,
  // and leaving the player leaves full screen.
  useEffect(() => {
    const root = rootRef.current;
    if (!root) return;
    const onChange = () => setIsFullscreen(fullscreenElement() === root);
    document.addEventListener('fullscreenchange', onChange);
    document.addEventListener('webkitfullscreenchange', onChange);
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    void enterFullscreen(root);
    playRef.current?.focus();
    return () => {
      document.removeEventListener('fullscreenchange', onChange);
      document.removeEventListener('webkitfullscreenchange', onChange);
      document.body.style.overflow = overflow;
      if (fullscreenElement() === root) void exitFullscreen();
    };
  }, []);

  const toggleFullscreen = () => {
    const root = rootRef.current;
    if (!root) return;
    if (fullscreenElement() === root) void exitFullscreen();
    else void enterFullscreen(root);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const target = event.target as HTMLElement;
    if (event.key === 'Tab') {
      keepFocusInside(event);
      return;
    }
    const action = playerKeyAction(event.key, target.tagName, fullscreenElement() !== null);
    if (!action) return;
    if (action === 'close') {
      onClose();
      return;
    }
    event.preventDefault();
    if (action === 'toggle') togglePlay();
    else skip(action === 'back' ? -SKIP_SECONDS : SKIP_SECONDS);
  };

  /** A modal dialog: Tab and Shift+Tab go round the player's controls, never to the page behind. */
  const keepFocusInside = (event: KeyboardEvent<HTMLDivElement>) => {
    const controls = Array.from(
      event.currentTarget.querySelectorAll<HTMLElement>(
        'button:not([disabled]), select, input:not([disabled])',
      ),
    );
    const first = controls[0];
    const last = controls[controls.length - 1];
    if (!first || !last) return;
    // (The key reaches this handler only from inside the player: a control, or the player itself.)
    const active = document.activeElement;
    if (event.shiftKey && (active === first || active === event.currentTarget)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <div
      ref={rootRef}
      role="dialog"
      aria-modal="true"
      aria-label={`${video.title}: class player`}
      // Focusable itself, so a tap on the video keeps the keyboard shortcuts inside the player.
      tabIndex={-1}
      data-testid="class-player"
      data-engine={media.engine ?? ''}
      onKeyDown={onKeyDown}
      style={gymThemeStyle(branding)}
      className="fixed inset-0 z-50 flex flex-col bg-black text-white outline-none select-none"
    >
      <div className="flex items-center gap-2 bg-neutral-950 px-2 py-2 sm:gap-3 sm:px-4">
        <button type="button" onClick={onClose} className={cn(controlButton, 'rounded-lg px-3')}>
          <ArrowLeft aria-hidden="true" className="size-6" />
          <span className="text-base font-semibold max-sm:sr-only">Classes</span>
        </button>
        <div className="min-w-0 flex-1">
          <h1 className="truncate text-lg font-bold sm:text-2xl" data-testid="player-title">
            {video.title}
          </h1>
          <p className="truncate text-sm text-neutral-300 max-sm:hidden">{gymName}</p>
        </div>
        {levels.length > 0 && (
          <label className="flex items-center gap-2">
            <span className="text-sm text-neutral-300 max-sm:sr-only">Quality</span>
            <select
              value={String(media.chosenLevel)}
              onChange={(e) => media.chooseLevel(Number(e.target.value))}
              className="min-h-12 cursor-pointer rounded-lg border border-white/30 bg-neutral-900 px-3 text-base text-white outline-none focus-visible:ring-4 focus-visible:ring-white/70"
              data-testid="quality-select"
            >
              <option value="-1">{media.autoLabel}</option>
              {levels.map((level) => (
                <option key={level.index} value={String(level.index)}>
                  {level.label}
                </option>
              ))}
            </select>
          </label>
        )}
        {remote.kind && (
          <button
            type="button"
            onClick={remote.prompt}
            className={controlButton}
            aria-label={remote.kind === 'airplay' ? 'AirPlay' : 'Play on another screen'}
          >
            <Cast aria-hidden="true" className="size-6" />
          </button>
        )}
        <button
          type="button"
          onClick={toggleFullscreen}
          className={controlButton}
          aria-label={isFullscreen ? 'Exit full screen' : 'Full screen'}
          data-testid="fullscreen-button"
        >
          {isFullscreen ? (
            <Minimize aria-hidden="true" className="size-6" />
          ) : (
            <Maximize aria-hidden="true" className="size-6" />
          )}
        </button>
      </div>

      <div className="relative min-h-0 flex-1">
        <video
          ref={videoRef}
          data-testid="class-video"
          className="absolute inset-0 size-full bg-black object-contain"
          poster={video.posterUrl ?? video.thumbnailUrl ?? undefined}
          playsInline
          preload="auto"
          onClick={togglePlay}
        />
        <div
          aria-live="polite"
          className="pointer-events-none absolute inset-0 flex flex-col items-center justify-center gap-4 p-6 text-center"
        >
          {failed ? (
            <p
              className="max-w-md rounded-xl bg-black/80 px-6 py-4 text-xl font-semibold"
              data-testid="player-error"
            >
              {PLAYER_MESSAGES.unavailable}
            </p>
          ) : media.reconnecting ? (
            <p className="flex items-center gap-3 rounded-xl bg-black/80 px-6 py-4 text-lg font-semibold">
              <WifiOff aria-hidden="true" className="size-6 shrink-0" />
              {PLAYER_MESSAGES.reconnecting}
            </p>
          ) : media.waiting && !media.needsTap ? (
            <Loader2
              aria-label="Loading"
              className="size-16 animate-spin motion-reduce:animate-none"
            />
          ) : null}
        </div>
        {media.showCentrePlay && (
          <button
            type="button"
            onClick={togglePlay}
            className="absolute top-1/2 left-1/2 flex size-28 -translate-x-1/2 -translate-y-1/2 cursor-pointer flex-col items-center justify-center rounded-full bg-(--gym-primary) text-(--gym-on-primary) shadow-2xl outline-none focus-visible:ring-4 focus-visible:ring-white"
            aria-label={media.needsTap ? PLAYER_MESSAGES.tapToPlay : 'Play'}
            data-testid="centre-play"
          >
            <Play aria-hidden="true" className="size-14 translate-x-1 fill-current" />
          </button>
        )}
      </div>

      <div className="bg-neutral-950 px-3 pt-2 pb-[max(0.75rem,env(safe-area-inset-bottom))] sm:px-6">
        <input
          type="range"
          min={0}
          max={Math.max(1, Math.floor(duration))}
          step={1}
          // A string, as the DOM holds it: Preact (the public build) rewrites a value that differs.
          value={String(Math.min(Math.floor(currentTime), Math.max(1, Math.floor(duration))))}
          onChange={(e) => media.seek(Number(e.target.value))}
          disabled={failed || duration <= 0}
          aria-label="Class progress"
          aria-valuetext={`${formatClock(currentTime)} of ${formatClock(duration)}`}
          className="h-12 w-full cursor-pointer accent-(--gym-primary)"
          data-testid="progress"
        />
        <div className="grid grid-cols-[1fr_auto_1fr] items-center gap-2">
          <p className="flex flex-col">
            <span className="text-xs font-semibold tracking-wide text-neutral-300 uppercase sm:text-sm">
              Elapsed
            </span>
            <span
              className="text-3xl leading-tight font-bold tabular-nums sm:text-5xl"
              data-testid="elapsed"
            >
              {formatClock(currentTime)}
            </span>
          </p>
          <div className="flex items-center gap-1 sm:gap-4">
            <button
              type="button"
              onClick={() => skip(-SKIP_SECONDS)}
              className={cn(controlButton, 'size-14 sm:size-16')}
              aria-label="Back 15 seconds"
              disabled={failed}
            >
              <RotateCcw aria-hidden="true" className="size-7 sm:size-8" />
            </button>
            <button
              ref={playRef}
              type="button"
              onClick={togglePlay}
              disabled={failed}
              className={cn(
                controlButton,
                'size-16 bg-white text-black hover:bg-white/85 sm:size-20',
              )}
              aria-label={playing ? 'Pause' : 'Play'}
              data-testid="play-pause"
            >
              {playing ? (
                <Pause aria-hidden="true" className="size-8 fill-current sm:size-10" />
              ) : (
                <Play
                  aria-hidden="true"
                  className="size-8 translate-x-0.5 fill-current sm:size-10"
                />
              )}
            </button>
            <button
              type="button"
              onClick={() => skip(SKIP_SECONDS)}
              className={cn(controlButton, 'size-14 sm:size-16')}
              aria-label="Forward 15 seconds"
              disabled={failed}
            >
              <RotateCw aria-hidden="true" className="size-7 sm:size-8" />
            </button>
          </div>
          <p className="flex flex-col items-end">
            <span className="text-xs font-semibold tracking-wide text-neutral-300 uppercase sm:text-sm">
              Remaining
            </span>
            <span
              className="text-3xl leading-tight font-bold tabular-nums sm:text-5xl"
              data-testid="remaining"
            >
              -{formatClock(media.remaining)}
            </span>
          </p>
        </div>
      </div>
    </div>
  );
}

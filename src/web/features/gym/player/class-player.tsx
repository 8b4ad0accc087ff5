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
  Users,
  WifiOff,
} from 'lucide-react';
import type { PublicGymBranding, PublicGymVideo } from '@shared/gyms.contract';
import { gymThemeStyle } from '@web/components/gym/gym-theme';
import { cn } from '@web/lib/utils';
import { usePlaybackResume } from '../api/playback-resume-query';
import { PlayerLoadError } from '../player-error';
import { enterFullscreen, exitFullscreen, fullscreenElement } from './fullscreen';
import { savedPosition, startPosition, viewerId } from './playback-device';
import { formatClock } from '@shared/format';
import { trackPlayback } from './playback-tracker';
import { ClassComplete, ResumePrompt } from './player-screens';
import { RIDE_LAYOUT, RideTrackPanel, RideTrackToggle } from './ride-track-panel';
import { playerKeyAction, SKIP_SECONDS, useClassMedia } from './use-class-media';
import { useControlsVisibility } from './use-controls-visibility';
import { useRemotePlayback } from './use-remote-playback';
import { useResumeChoice } from './use-resume-choice';
import { readRideTrack } from './ride-track-position';
import { isRideTrackKey, useRideTrack, useRideTrackShown } from './use-ride-track';
import { useWakeLock } from './use-wake-lock';
import {
  RideTogetherButton,
  RideTogetherCountdown,
  rideTogetherLink,
  RideTogetherLink,
  RideTogetherMissed,
} from './ride-together';
import type { ClockDeps } from './clock-sync';
import { BROWSER_CLOCK, useRideTogether, type RideControl } from './use-ride-together';

export const PLAYER_MESSAGES = {
  reconnecting: 'Reconnecting… the class keeps playing from what is loaded.',
  tapToPlay: 'Tap to start',
} as const;

/**
 * A class saved on this tablet (decision 0048): its file, poster and ride track from the device's
 * own storage. The page makes the object URLs and revokes them when the player closes.
 */
export interface LocalCopy {
  /** An object URL of the saved MP4. */
  mp4Url: string;
  posterUrl: string | null;
  /** The ride track's JSON as saved (read like the server's), or null. */
  rideTrack: unknown;
}

interface ClassPlayerProps {
  video: PublicGymVideo;
  gymSlug: string;
  gymName: string;
  branding: PublicGymBranding;
  /** The class after this one in the gym's list, offered when this one ends. */
  next: { id: string; title: string } | null;
  onNext(classId: string): void;
  onClose(): void;
  /** Called when the class plays to its end (an open program counts it as ridden). */
  onEnded?(): void;
  /** A ride together's shared start (server epoch ms, docs/decisions/0046); null when alone. */
  together?: number | null;
  /** Starts a ride together of this class from `startAt` (the page's address carries it). */
  onRideTogether?(startAt: number): void;
  /** Offers the ride together's link to other tablets (default); a studio screen's ride has none. */
  shareTogether?: boolean;
  /** Plays the class from its saved copy, not the network (online too: it spares the wifi). */
  localCopy?: LocalCopy | null;
  /**
   * Where a ride together reads the server's clock: the browser asks it (default), or a studio
   * screen lends the clock it already keeps, which also holds with no network (a stable object).
   */
  rideClock?: ClockDeps;
}

const controlButton =
  'inline-flex min-h-12 min-w-12 cursor-pointer items-center justify-center gap-2 rounded-full text-white transition-colors outline-none hover:bg-white/15 focus-visible:ring-4 focus-visible:ring-white/70 disabled:cursor-not-allowed disabled:opacity-40';
/** The bars over the picture fade out while a class plays untouched (no animation for reduced motion). */
const bar = 'absolute inset-x-0 z-20 transition-opacity duration-300 motion-reduce:transition-none';
const barHidden = 'pointer-events-none opacity-0';

/** A ±15 s button's icon, with its 15 visible. */
function SkipIcon({ back }: { back: boolean }) {
  const Icon = back ? RotateCcw : RotateCw;
  return (
    <span aria-hidden="true" className="relative inline-flex items-center justify-center">
      <Icon className="size-9 sm:size-11" strokeWidth={1.75} />
      <span className="absolute text-[0.7rem] leading-none font-bold sm:text-xs">
        {SKIP_SECONDS}
      </span>
    </span>
  );
}

/**
 * The class player (issue 7), made for a tablet on a bike's handlebars: full screen, big touch
 * targets and big time, adaptive quality with a manual choice, the screen kept awake while a class
 * plays, resume where this tablet stopped, and playback beacons for the owner's analytics.
 */
export function ClassPlayer({
  video,
  gymSlug,
  gymName,
  branding,
  next,
  onNext,
  onClose,
  onEnded,
  together = null,
  onRideTogether,
  shareTogether = true,
  localCopy = null,
  rideClock = BROWSER_CLOCK,
}: ClassPlayerProps) {
  const rootRef = useRef<HTMLDivElement>(null);
  const videoRef = useRef<HTMLVideoElement>(null);
  const playRef = useRef<HTMLButtonElement>(null);
  const viewer = useMemo(() => viewerId(), []);
  const resume = usePlaybackResume(video.id, viewer);
  const [isFullscreen, setIsFullscreen] = useState(false);
  const [riddenSeconds, setRiddenSeconds] = useState(0);
  const [keyboardFocus, setKeyboardFocus] = useState(false);
  const endedRef = useRef(onEnded);
  useEffect(() => {
    endedRef.current = onEnded;
  });

  // Beacons for the owner's analytics, for as long as the player is open. Declared before the
  // media so that on close its last beacon (and saved position) go out before the source is torn down.
  // Its played seconds are the time ridden that the end screen shows.
  useEffect(() => {
    const element = videoRef.current;
    if (!element) return;
    const tracker = trackPlayback(element, { videoId: video.id, gymSlug });
    const ended = () => {
      setRiddenSeconds(tracker.playedSeconds());
      endedRef.current?.();
    };
    element.addEventListener('ended', ended);
    return () => {
      element.removeEventListener('ended', ended);
      tracker.stop();
    };
  }, [video.id, gymSlug]);

  // Where this tablet stopped, once the server's copy is in (or failed): fixed for the life of the
  // player. A class in progress asks first (Resume at 5:30 or Start over); nothing loads until then.
  // Offline the server's copy waits for the network (a paused query): this tablet's own decides.
  const resumePending = resume.isPending && resume.fetchStatus !== 'paused';
  const stoppedAt = useMemo(
    () =>
      resumePending
        ? null
        : startPosition(savedPosition(video.id), resume.data ?? null, video.durationSeconds),
    [resumePending, resume.data, video.id, video.durationSeconds],
  );
  // Riding together: no resume prompt, the ride decides where the class loads and when it plays.
  const { offer, startAt, choose } = useResumeChoice(together === null ? stoppedAt : null);
  const rideControl = useRef<RideControl>({
    duration: video.durationSeconds ?? 0,
    needsTap: false,
    play: () => {},
  });
  const riding = useRideTogether(videoRef, together, rideControl, rideClock);
  const [shareOpen, setShareOpen] = useState(false);
  const media = useClassMedia(videoRef, {
    hlsUrl: localCopy ? null : video.hlsUrl,
    mp4Url: localCopy ? localCopy.mp4Url : video.mp4Url,
    startAt: together === null ? startAt : riding.loadAt,
    knownDuration: video.durationSeconds,
    autoPlay: together === null,
  });
  useEffect(() => {
    rideControl.current = {
      duration: media.duration,
      needsTap: media.needsTap,
      play: media.togglePlay,
    };
  });
  const counting =
    together !== null && (riding.phase === 'syncing' || riding.phase === 'countdown');
  const { failed, playing, currentTime, duration, levels, togglePlay, skip } = media;
  const remote = useRemotePlayback(videoRef, media.engine);
  useWakeLock(playing);
  const screen = failed
    ? 'failed'
    : riding.missed
      ? 'missed'
      : offer !== null
        ? 'resume'
        : media.ended
          ? 'complete'
          : null;
  const controls = useControlsVisibility({ playing, pinned: keyboardFocus || screen !== null });
  // The ride track (issue #20), fetched as the player opens; without one (or on a failure) the
  // class plays as it would anyway. It has its own panel under the picture, never over it.
  const fetchedTrack = useRideTrack(localCopy ? null : video.rideTrackUrl);
  const savedTrack = useMemo(
    () => (localCopy?.rideTrack ? readRideTrack(localCopy.rideTrack) : null),
    [localCopy],
  );
  const rideTrack = localCopy ? savedTrack : fetchedTrack;
  const rideShown = useRideTrackShown();
  const ride = rideTrack !== null && rideShown.shown && !screen;

  // Back from a screen to the class: the keyboard focus goes to Play/Pause (first on opening).
  useEffect(() => {
    if (!screen) playRef.current?.focus();
  }, [screen]);

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
    controls.show();
    const target = event.target as HTMLElement;
    if (event.key === 'Tab') {
      setKeyboardFocus(true);
      keepFocusInside(event);
      return;
    }
    if (
      rideTrack &&
      !event.ctrlKey &&
      !event.metaKey &&
      isRideTrackKey(event.key, target.tagName)
    ) {
      rideShown.toggle();
      return;
    }
    const action = playerKeyAction(event.key, target.tagName, fullscreenElement() !== null);
    // Riding together the room sets the pace: no pausing or skipping from the keyboard either.
    if (!action || ((screen || together !== null) && action !== 'close')) return;
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

  const shown = controls.visible;
  const shareLink = together === null ? '' : rideTogetherLink(video.id, together, window.location);
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
      data-source={localCopy ? 'saved' : 'network'}
      data-controls={shown ? 'shown' : 'hidden'}
      onKeyDown={onKeyDown}
      // Any tap or pointer move brings the controls back (a tap on the picture no longer pauses);
      // a tap ends keyboard use (focus moved with Tab keeps them on screen).
      onPointerDown={() => {
        setKeyboardFocus(false);
        controls.show();
      }}
      onPointerMove={controls.show}
      style={gymThemeStyle(branding)}
      className={cn(
        'fixed inset-0 z-50 overflow-hidden bg-black text-white outline-none select-none',
        !shown && 'cursor-none',
        ride && RIDE_LAYOUT.root,
      )}
    >
      <video
        ref={videoRef}
        data-testid="class-video"
        className={cn(
          'absolute bg-black object-contain',
          ride ? RIDE_LAYOUT.video : 'inset-0 size-full',
        )}
        poster={localCopy?.posterUrl ?? video.posterUrl ?? video.thumbnailUrl ?? undefined}
        playsInline
        preload="auto"
      />
      {ride && <RideTrackPanel segments={rideTrack} currentTime={currentTime} />}
      {!screen && counting && (
        <RideTogetherCountdown ride={riding} link={shareLink} title={video.title} />
      )}
      {!screen && !counting && shareOpen && shareTogether && together !== null && (
        <div className="absolute inset-x-0 top-20 z-30 flex justify-center px-3">
          <RideTogetherLink link={shareLink} onClose={() => setShareOpen(false)} />
        </div>
      )}
      {!screen && !counting && (
        <div
          aria-live="polite"
          className={cn(
            'pointer-events-none absolute inset-0 flex flex-col items-center justify-center gap-4 p-6 text-center',
            ride && RIDE_LAYOUT.above,
          )}
        >
          {media.reconnecting ? (
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
      )}
      {!screen && media.showCentrePlay && (together === null || media.needsTap) && (
        <button
          type="button"
          onClick={togglePlay}
          className={cn(
            'absolute top-1/2 left-1/2 flex size-28 -translate-x-1/2 -translate-y-1/2 cursor-pointer flex-col items-center justify-center rounded-full bg-(--gym-primary) text-(--gym-on-primary) shadow-2xl outline-none focus-visible:ring-4 focus-visible:ring-white',
            ride && RIDE_LAYOUT.centre,
          )}
          aria-label={media.needsTap ? PLAYER_MESSAGES.tapToPlay : 'Play'}
          data-testid="centre-play"
        >
          <Play aria-hidden="true" className="size-14 translate-x-1 fill-current" />
        </button>
      )}
      {screen === 'failed' && <PlayerLoadError onRetry={media.retry} onBack={onClose} />}
      {screen === 'missed' && <RideTogetherMissed onBack={onClose} />}
      {screen === 'resume' && offer !== null && (
        <ResumePrompt
          position={offer}
          onResume={() => choose('resume')}
          onStartOver={() => choose('start-over')}
        />
      )}
      {screen === 'complete' && (
        <ClassComplete riddenSeconds={riddenSeconds} next={next} onNext={onNext} onBack={onClose} />
      )}

      <div
        className={cn(
          bar,
          // On a phone the buttons fill the row: the title takes a row of its own under them.
          'top-0 flex flex-wrap items-center gap-2 bg-linear-to-b from-black/85 via-black/60 to-transparent px-2 pt-2 pb-6 max-sm:gap-y-0 sm:flex-nowrap sm:gap-3 sm:px-4',
          !shown && barHidden,
        )}
      >
        <button
          type="button"
          onClick={onClose}
          className={cn(controlButton, 'rounded-lg px-3 max-sm:mr-auto')}
        >
          <ArrowLeft aria-hidden="true" className="size-6" />
          <span className="text-base font-semibold max-sm:sr-only">Classes</span>
        </button>
        <div className="min-w-0 flex-1 max-sm:order-last max-sm:basis-full max-sm:px-2">
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
        {together === null && onRideTogether && (
          <RideTogetherButton onStart={onRideTogether} className={controlButton} />
        )}
        {together !== null && shareTogether && !counting && (
          <button
            type="button"
            onClick={() => setShareOpen((open) => !open)}
            className={cn(controlButton, 'rounded-lg px-3')}
            aria-expanded={shareOpen}
            aria-label="Riding together: show the link"
          >
            <Users aria-hidden="true" className="size-6" />
            <span className="text-base font-semibold max-lg:sr-only">Together</span>
          </button>
        )}
        {rideTrack && (
          <RideTrackToggle
            shown={rideShown.shown}
            onToggle={rideShown.toggle}
            className={controlButton}
          />
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

      {!screen && !counting && (
        <div
          className={cn(
            bar,
            'bottom-0 bg-linear-to-t from-black/90 via-black/75 to-transparent px-3 pt-6 pb-[max(0.75rem,env(safe-area-inset-bottom))] sm:px-6',
            !shown && barHidden,
            // With a ride track the progress bar comes last, right over the class's profile.
            ride && [RIDE_LAYOUT.above, 'flex flex-col-reverse pb-1'],
          )}
          data-testid="player-controls"
        >
          <input
            type="range"
            min={0}
            max={Math.max(1, Math.floor(duration))}
            step={1}
            // A string, as the DOM holds it: Preact (the public build) rewrites a value that differs.
            value={String(Math.min(Math.floor(currentTime), Math.max(1, Math.floor(duration))))}
            onChange={(e) => media.seek(Number(e.target.value))}
            // Riding together the room sets the point of the class: no seeking.
            disabled={duration <= 0 || together !== null}
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
            {/* Riding together the room sets the pace: no pause or skips (the middle column stays). */}
            {together !== null ? (
              <span />
            ) : (
              <div className="flex items-center gap-1 sm:gap-4">
                <button
                  type="button"
                  onClick={() => skip(-SKIP_SECONDS)}
                  className={cn(controlButton, 'size-14 sm:size-16')}
                  aria-label="Back 15 seconds"
                >
                  <SkipIcon back />
                </button>
                <button
                  ref={playRef}
                  type="button"
                  onClick={togglePlay}
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
                >
                  <SkipIcon back={false} />
                </button>
              </div>
            )}
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
      )}
    </div>
  );
}

import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Play } from 'lucide-react';
import type { PublicGymBranding, PublicGymVideo } from '@shared/gyms.contract';
import type { ScreenOccurrence } from '@shared/screens';
import type { LocalCopy } from '../player/class-player';
import type { ClockDeps } from '../player/clock-sync';
import { loadClassPlayer } from '../player/warm-up';
import { WithSavedCopy } from '../offline/offline-ui';
import { useSavedIds } from '../offline/saved-ids';
import { PlayerErrorBoundary } from '../player-error';

/** The player's chunk (warmed by the screen); a new lazy component for Retry after a failed load. */
const lazyPlayer = () => lazy(() => loadClassPlayer().then((m) => ({ default: m.ClassPlayer })));

export const SCREEN_CLASS_MESSAGES = { tapToStart: 'Tap to start' } as const;

/** How long after its start a class may stay paused before the screen asks for a tap. */
export const TAP_AFTER_MS = 1_500;

/**
 * A scheduled class in the class player, as a ride together from the entry's start
 * (docs/decisions/0046): it loads PRELOAD_MS early and is held at 0:00 under the screen's own
 * countdown (`covered`), plays on the server's clock, joins at the class's point when the screen
 * is late, and keeps in step with the room's other screens. Where the browser holds the start back
 * (autoplay needs a tap), a big 'Tap to start' while the class keeps time; that tap also starts
 * the screen (`onTap`: full screen and the wake lock) when nobody tapped its Start before.
 */
export function ScreenClass({
  entry,
  video,
  gym,
  branding,
  now,
  serverNow,
  onDone,
  onTap,
}: {
  entry: ScreenOccurrence;
  video: PublicGymVideo;
  gym: { slug: string; name: string };
  branding: PublicGymBranding;
  /** The server's clock (epoch ms), at the screen's tick. */
  now: number;
  /** The server's clock as the screen keeps it (measured online, kept for a start without). */
  serverNow(): number;
  /** The class ended, or someone closed the player: back to the countdown. */
  onDone(): void;
  /** Called by the 'Tap to start' tap (inside it, so the browser allows full screen). */
  onTap?(): void;
}) {
  const hostRef = useRef<HTMLDivElement>(null);
  const [held, setHeld] = useState(false);
  const [Player, setPlayer] = useState(lazyPlayer);
  // Saved on this screen (pre-downloaded): played from its copy, online too (it spares the wifi).
  // Decided as the player opens: a save finishing mid-class does not restart it.
  const savedIds = useSavedIds();
  const [saved] = useState(() => savedIds.has(video.id));
  // The ride reads the screen's own clock: with no network the player could not measure one.
  const serverNowRef = useRef(serverNow);
  serverNowRef.current = serverNow;
  const [rideClock] = useState<ClockDeps>(() => ({
    fetchServerNow: () => Promise.resolve(serverNowRef.current()),
    now: () => Date.now(),
  }));
  const black = <div className="fixed inset-0 z-50 bg-black" />;
  // Suspense inside the saved copy: the player's first render suspends (its lazy code), and a
  // copy remounted by that would revoke the address the video is loading.
  const player = (localCopy: LocalCopy | null) => (
    <Suspense fallback={black}>
      <Player
        video={video}
        gymSlug={gym.slug}
        gymName={gym.name}
        branding={branding}
        next={null}
        onNext={onDone}
        onClose={onDone}
        onEnded={onDone}
        together={entry.startsAt}
        shareTogether={false}
        localCopy={localCopy}
        rideClock={rideClock}
      />
    </Suspense>
  );

  // Past its start and still paused (not ended): the browser wants a tap.
  useEffect(() => {
    const media = hostRef.current?.querySelector('video');
    setHeld(!!media && now >= entry.startsAt + TAP_AFTER_MS && media.paused && !media.ended);
  }, [now, entry.startsAt]);

  const start = () => {
    onTap?.();
    const media = hostRef.current?.querySelector('video');
    // The ride's steering moves it to the room's point once it plays.
    void media?.play().then(
      () => setHeld(false),
      () => undefined,
    );
  };

  return (
    <div ref={hostRef} data-testid="screen-class" data-entry={entry.id}>
      <PlayerErrorBoundary onRetry={() => setPlayer(lazyPlayer)} onBack={onDone}>
        {saved ? (
          <WithSavedCopy id={video.id} fallback={black}>
            {player}
          </WithSavedCopy>
        ) : (
          player(null)
        )}
      </PlayerErrorBoundary>
      {held && (
        <button
          type="button"
          onClick={start}
          className="fixed inset-0 z-[60] cursor-pointer bg-black/70 text-white outline-none focus-visible:ring-8 focus-visible:ring-white/70 focus-visible:ring-inset"
          data-testid="screen-tap-to-start"
        >
          {/* Centred where the player's own smaller play button is, which it covers. */}
          <span className="absolute top-1/2 left-1/2 flex size-40 -translate-x-1/2 -translate-y-1/2 items-center justify-center rounded-full bg-(--gym-primary) text-(--gym-on-primary) shadow-2xl">
            <Play aria-hidden="true" className="size-20 translate-x-1 fill-current" />
          </span>
          <span className="absolute inset-x-0 top-[calc(50%+6.5rem)] text-center text-[min(9vw,6rem)] leading-none font-bold">
            {SCREEN_CLASS_MESSAGES.tapToStart}
          </span>
        </button>
      )}
    </div>
  );
}

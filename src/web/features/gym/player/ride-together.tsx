import { useRef, useState } from 'react';
import { Check, Copy, Loader2, Users, X } from 'lucide-react';
import { copyText, useCopied } from '@web/lib/copy-text';
import { cn } from '@web/lib/utils';
import { measureOffset } from './clock-sync';
import { pickRideStart } from './ride-sync';
import { BROWSER_CLOCK, type RideTogether } from './use-ride-together';

export const RIDE_TOGETHER_MESSAGES = {
  action: 'Ride together',
  failed: 'Could not set a start time. Check the connection and try again.',
  share: 'Open this link on the other tablets',
  tapForSound: 'Tap the screen once so the class can start with sound.',
  missed: 'This ride together has finished.',
  syncing: 'Setting the clock…',
  copyFailed: 'Could not copy. The link is selected: copy it from the menu, or type it.',
} as const;

/** The page's address riding this class together from `startAt` (server epoch ms). */
export function rideTogetherLink(classId: string, startAt: number, location: Location): string {
  const params = new URLSearchParams({ class: classId, together: String(startAt) });
  return `${location.origin}${location.pathname}?${params.toString()}`;
}

/**
 * "Ride together" in the player's top bar: measures the server's clock and picks a start about
 * 30 s ahead, on a whole 10 s (ride-sync.ts), then the page's address carries it.
 */
export function RideTogetherButton({
  onStart,
  className,
}: {
  onStart(startAt: number): void;
  className: string;
}) {
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const start = async () => {
    setBusy(true);
    setFailed(false);
    const measured = await measureOffset(BROWSER_CLOCK, 4);
    setBusy(false);
    if (!measured) setFailed(true);
    else onStart(pickRideStart(BROWSER_CLOCK.now() + measured.offset));
  };
  return (
    <button
      type="button"
      onClick={() => void start()}
      disabled={busy}
      className={cn(className, 'rounded-lg px-3')}
      aria-label={failed ? RIDE_TOGETHER_MESSAGES.failed : RIDE_TOGETHER_MESSAGES.action}
      title={failed ? RIDE_TOGETHER_MESSAGES.failed : undefined}
      data-testid="ride-together-start"
    >
      {busy ? (
        <Loader2 aria-hidden="true" className="size-6 animate-spin motion-reduce:animate-none" />
      ) : (
        <Users aria-hidden="true" className={cn('size-6', failed && 'text-red-300')} />
      )}
      <span className="text-base font-semibold max-lg:sr-only">
        {RIDE_TOGETHER_MESSAGES.action}
      </span>
    </button>
  );
}

/** The link to open on the other tablets, big enough to read across a room, with Copy. */
export function RideTogetherLink({ link, onClose }: { link: string; onClose?(): void }) {
  const { copied, markCopied } = useCopied();
  const [failed, setFailed] = useState(false);
  const shown = useRef<HTMLParagraphElement>(null);
  const copy = async () => {
    // Where nothing copies, the link stays selected and says so: it can be copied by hand.
    const done = await copyText(link, shown.current);
    if (done) markCopied();
    setFailed(!done);
  };
  return (
    <div
      className="pointer-events-auto w-full max-w-2xl rounded-2xl bg-neutral-900/95 p-4 text-left shadow-2xl sm:p-6"
      data-testid="ride-together-share"
    >
      <div className="flex items-start gap-3">
        <p className="flex-1 text-base font-semibold text-neutral-200 sm:text-lg">
          {RIDE_TOGETHER_MESSAGES.share}
        </p>
        {onClose && (
          <button
            type="button"
            onClick={onClose}
            className="inline-flex size-12 shrink-0 cursor-pointer items-center justify-center rounded-full outline-none hover:bg-white/15 focus-visible:ring-4 focus-visible:ring-white/70"
            aria-label="Close the link"
          >
            <X aria-hidden="true" className="size-6" />
          </button>
        )}
      </div>
      <p
        ref={shown}
        className="mt-2 font-mono text-lg break-all text-white select-text sm:text-2xl"
        data-testid="ride-together-link"
      >
        {link}
      </p>
      <button
        type="button"
        onClick={() => void copy()}
        className="mt-4 inline-flex min-h-12 cursor-pointer items-center gap-2 rounded-lg bg-(--gym-primary) px-5 text-base font-semibold text-(--gym-on-primary) outline-none focus-visible:ring-4 focus-visible:ring-white"
      >
        {copied ? (
          <Check aria-hidden="true" className="size-5" />
        ) : (
          <Copy aria-hidden="true" className="size-5" />
        )}
        <span aria-live="polite">{copied ? 'Copied' : 'Copy link'}</span>
      </button>
      {failed && (
        <p role="status" className="mt-2 text-base text-neutral-200">
          {RIDE_TOGETHER_MESSAGES.copyFailed}
        </p>
      )}
    </div>
  );
}

/** The start as a time of day on this tablet, to the nearest second (the offset is not exact). */
const startTime = (localStart: number) =>
  new Date(Math.round(localStart / 1000) * 1000).toLocaleTimeString([], {
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });

/** "0:12": minutes and seconds, hours when a start is far off. */
function countdownText(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = String(seconds % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** Before the start: the countdown, when it starts, the link for the other tablets. */
export function RideTogetherCountdown({
  ride,
  link,
  title,
}: {
  ride: RideTogether;
  link: string;
  title: string;
}) {
  const needsActivation =
    typeof navigator !== 'undefined' &&
    'userActivation' in navigator &&
    !navigator.userActivation.hasBeenActive;
  return (
    <div
      className="absolute inset-0 z-10 flex flex-col items-center justify-center gap-4 overflow-y-auto bg-black/80 p-6 pt-20 text-center"
      data-testid="ride-together-countdown"
    >
      <p className="flex items-center gap-2 text-base font-semibold tracking-wide text-neutral-300 uppercase sm:text-lg">
        <Users aria-hidden="true" className="size-5" />
        Riding together
      </p>
      {/* As tall while the clock is measured as with the countdown: the link below stays put. */}
      <div className="flex min-h-[5.25rem] flex-col items-center justify-center gap-4 sm:min-h-[7.25rem]">
        {ride.phase === 'syncing' ? (
          <p role="status" className="flex items-center gap-3 text-2xl font-bold sm:text-4xl">
            <Loader2
              aria-hidden="true"
              className="size-8 animate-spin motion-reduce:animate-none"
            />
            {RIDE_TOGETHER_MESSAGES.syncing}
          </p>
        ) : (
          <>
            <p
              className="text-4xl font-bold tabular-nums sm:text-7xl"
              role="timer"
              aria-live="off"
              aria-label={`${title} starts in ${countdownText(ride.secondsLeft)}`}
              data-testid="ride-together-seconds"
            >
              Starting in {countdownText(ride.secondsLeft)}
            </p>
            {ride.localStart !== null && (
              <p className="text-lg text-neutral-300 sm:text-xl">
                {title} · starts at {startTime(ride.localStart)}
              </p>
            )}
          </>
        )}
      </div>
      {needsActivation && (
        <p className="rounded-lg bg-white/10 px-4 py-2 text-base">
          {RIDE_TOGETHER_MESSAGES.tapForSound}
        </p>
      )}
      <RideTogetherLink link={link} />
    </div>
  );
}

/** Opened after the ride had ended: say so, with the way back. */
export function RideTogetherMissed({ onBack }: { onBack(): void }) {
  return (
    <div
      role="alert"
      className="absolute inset-0 z-10 flex flex-col items-center justify-center gap-6 bg-black/85 p-6 text-center"
    >
      <p className="text-2xl font-bold sm:text-4xl">{RIDE_TOGETHER_MESSAGES.missed}</p>
      <button
        type="button"
        onClick={onBack}
        className="inline-flex min-h-14 cursor-pointer items-center rounded-lg bg-(--gym-primary) px-6 text-lg font-semibold text-(--gym-on-primary) outline-none focus-visible:ring-4 focus-visible:ring-white"
      >
        Back to classes
      </button>
    </div>
  );
}

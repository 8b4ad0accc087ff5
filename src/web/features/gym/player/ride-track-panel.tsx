import { useEffect, useRef } from 'react';
import { Mountain } from 'lucide-react';
import { segmentColor, targetsText, type RideSegment } from '@shared/ride-track';
import { cn } from '@web/lib/utils';
import { RideProfileStrip } from './ride-profile-strip';
import {
  countdownText,
  headlineTarget,
  ridePosition,
  secondaryTargets,
  zoneLabel,
} from './ride-track-position';

/**
 * Where the ride track sits: a panel of its own under the picture, never over it (the instructor's
 * face stays clear). The player's root takes `root` (the panel's height as --ride-h), the video
 * `video` (the rest of the height), and what stood on the picture's bottom edge (the controls, the
 * loading sign) `above`, so it stands on the panel's top edge instead; on a screen too short for
 * both (a phone on its side) the controls cover the panel while they show, as they would the
 * picture. A fixed height per screen: a segment's words never move the picture. At 1024x768 a
 * 16:9 class keeps its full width.
 */
export const RIDE_LAYOUT = {
  root: '[--ride-h:19rem] sm:[--ride-h:11rem] [@media(max-height:30rem)]:[--ride-h:6.5rem]',
  video: 'inset-x-0 top-0 h-[calc(100%-var(--ride-h))] w-full',
  above: 'bottom-(--ride-h) [@media(max-height:30rem)]:bottom-0',
  /** The centre Play button, in the middle of the picture. */
  centre: 'top-[calc((100%-var(--ride-h))/2)] [@media(max-height:30rem)]:top-1/2',
} as const;

/** A new segment fades in (not with reduced motion; nothing ever blinks). */
function useFadeIn(key: number) {
  const ref = useRef<HTMLDivElement>(null);
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const element = ref.current;
    if (!element?.animate || matchMedia('(prefers-reduced-motion: reduce)').matches) return;
    element.animate([{ opacity: 0.3 }, { opacity: 1 }], { duration: 400, easing: 'ease-out' });
  }, [key]);
  return ref;
}

/**
 * The ride track in the class player (issue #20 part 4): the segment now (its name, zone band and
 * label, its targets with the cadence largest, the cue), the countdown to the next one with its
 * targets, and the whole class's profile with the rider's place, all read from `currentTime` (the
 * video's, so it follows seeking, pausing and resuming).
 */
export function RideTrackPanel({
  segments,
  currentTime,
}: {
  segments: readonly RideSegment[];
  currentTime: number;
}) {
  const position = ridePosition(segments, currentTime);
  const fadeRef = useFadeIn(position?.index ?? -1);
  if (!position) return null;
  const { segment, next } = position;
  const color = segmentColor(segment);
  const headline = headlineTarget(segment);
  const zone = zoneLabel(segment);
  // Lines break between targets, never inside one ('100–110 RPM').
  const nextTargets = next
    ? targetsText(next)
        .split(' · ')
        .map((target) => target.replaceAll(' ', '\u00a0'))
        .join(' · ')
    : '';
  return (
    <section
      aria-label="Ride track"
      className="absolute inset-x-0 bottom-0 z-10 flex h-(--ride-h) flex-col gap-1 bg-neutral-950 pb-[env(safe-area-inset-bottom)] text-white sm:gap-2"
      data-testid="ride-track"
    >
      <RideProfileStrip
        segments={segments}
        fraction={position.fraction}
        className="mx-3 mt-2 h-7 shrink-0 sm:mx-6 sm:h-9 [@media(max-height:30rem)]:h-5"
      />
      <div
        ref={fadeRef}
        className="relative grid min-h-0 flex-1 content-center gap-x-6 gap-y-1 py-1 pr-3 pl-6 sm:grid-cols-[minmax(0,1fr)_auto_minmax(0,1fr)] sm:items-center sm:pr-6 sm:pl-9"
        style={{ backgroundImage: `linear-gradient(90deg, ${color}40, transparent 55%)` }}
      >
        {/* The zone's colour as a band down the panel's edge. */}
        <span
          aria-hidden="true"
          className="absolute inset-y-1 left-0 w-3 rounded-r-md sm:w-4"
          style={{ backgroundColor: color }}
          data-testid="ride-band"
        />
        <div className="min-w-0">
          <p
            className="truncate text-2xl leading-tight font-extrabold sm:text-4xl"
            data-testid="ride-segment"
          >
            {segment.name}
          </p>
          {zone && (
            <p className="flex items-center gap-2 truncate text-lg font-semibold text-neutral-100 sm:text-xl [@media(max-height:30rem)]:hidden">
              <span
                aria-hidden="true"
                className="size-3.5 shrink-0 rounded-full ring-2 ring-white/70"
                style={{ backgroundColor: color }}
              />
              {zone}
            </p>
          )}
          {segment.cue && (
            <p
              className="line-clamp-2 text-base text-neutral-300 italic [@media(max-height:30rem)]:hidden"
              data-testid="ride-cue"
            >
              {segment.cue}
            </p>
          )}
        </div>
        <div
          className="flex flex-wrap items-baseline gap-x-3 sm:flex-col sm:items-center sm:text-center"
          data-testid="ride-targets"
        >
          {headline && (
            <p className="flex items-baseline gap-2 whitespace-nowrap">
              <span className="text-5xl leading-none font-black tabular-nums sm:text-7xl [@media(max-height:30rem)]:text-4xl">
                {headline.value}
              </span>
              <span className="text-xl font-bold sm:text-2xl">{headline.unit}</span>
            </p>
          )}
          <p className="text-lg font-semibold text-neutral-100 sm:text-2xl [@media(max-height:30rem)]:text-lg">
            {secondaryTargets(segment).join(' · ')}
          </p>
        </div>
        <div
          className="mt-1 min-w-0 border-t border-white/15 pt-1 sm:mt-0 sm:border-0 sm:pt-0 sm:text-right"
          data-testid="ride-next"
        >
          <p className="text-sm font-semibold tracking-wide text-neutral-400 uppercase max-sm:sr-only [@media(max-height:30rem)]:sr-only">
            {next ? 'Next' : 'Last segment'}
          </p>
          <p
            className="truncate text-xl font-bold tabular-nums sm:text-3xl [@media(max-height:30rem)]:text-xl"
            data-testid="ride-countdown"
          >
            {countdownText(position)}
          </p>
          {nextTargets && (
            <p className="line-clamp-2 text-base text-balance text-neutral-200 sm:text-lg [@media(max-height:30rem)]:hidden">
              {nextTargets}
            </p>
          )}
        </div>
      </div>
      {/* Said once per segment, not every second. */}
      <p className="sr-only" aria-live="polite">
        {`Now: ${segment.name}. ${targetsText(segment)}`}
      </p>
    </section>
  );
}

/** Hides or shows the ride track (the T key does the same), in the player's top bar. */
export function RideTrackToggle({
  shown,
  onToggle,
  className,
}: {
  shown: boolean;
  onToggle(): void;
  className: string;
}) {
  return (
    <button
      type="button"
      onClick={onToggle}
      className={cn(className, 'rounded-lg px-3', shown ? 'bg-white/15' : 'text-neutral-300')}
      aria-pressed={shown}
      aria-keyshortcuts="T"
      data-testid="ride-track-toggle"
    >
      <Mountain aria-hidden="true" className="size-6" />
      <span className="text-base font-semibold max-sm:sr-only">Ride track</span>
    </button>
  );
}

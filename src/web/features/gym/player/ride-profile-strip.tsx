import { memo } from 'react';
import type { RideSegment } from '@shared/ride-track';
import { cn } from '@web/lib/utils';
import { profileBars } from './ride-track-position';

/** The bars, drawn once per track (the marker alone moves as the class plays). */
const Bars = memo(function Bars({ segments }: { segments: readonly RideSegment[] }) {
  return profileBars(segments).map((bar, i) => (
    <span
      key={i}
      className="absolute bottom-0 border-r border-neutral-950"
      style={{
        left: `${bar.left}%`,
        width: `${bar.width}%`,
        height: `${bar.height}%`,
        backgroundColor: bar.color,
      }}
    />
  ));
});

/**
 * The whole class's profile under the progress bar, like a course's elevation: a bar per segment
 * in its zone's colour, as wide as it lasts and as high as it is hard; what has been ridden is
 * dimmed and a white line marks where the rider is.
 */
export function RideProfileStrip({
  segments,
  fraction,
  className,
}: {
  segments: readonly RideSegment[];
  /** Where the rider is, 0 to 1. */
  fraction: number;
  className?: string;
}) {
  const at = `${Math.min(1, Math.max(0, fraction)) * 100}%`;
  return (
    <div
      role="img"
      aria-label={`The class's profile: ${segments.length} segments`}
      className={cn('relative overflow-hidden rounded-sm bg-white/10', className)}
      data-testid="ride-profile"
    >
      <Bars segments={segments} />
      <span
        aria-hidden="true"
        className="absolute inset-y-0 left-0 bg-black/55"
        style={{ width: at }}
      />
      <span
        aria-hidden="true"
        className="absolute inset-y-0 w-1 -translate-x-1/2 rounded-full bg-white shadow-[0_0_0_1px_rgb(0_0_0/0.8)]"
        style={{ left: at }}
        data-testid="ride-marker"
      />
    </div>
  );
}

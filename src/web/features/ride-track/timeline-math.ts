import type { TempoPoint } from '@shared/ride-track';

/** The ride track timeline's geometry and keys, pure (the timeline component stays thin). */

/** The seconds under a pointer at `clientX` on a strip spanning `left` to `left + width`. */
export function secondsAt(
  clientX: number,
  { left, width }: { left: number; width: number },
  durationSeconds: number,
): number {
  if (width <= 0 || durationSeconds <= 0) return 0;
  const fraction = Math.min(1, Math.max(0, (clientX - left) / width));
  return Math.round(fraction * durationSeconds);
}

/** A time as a percentage of the class, for CSS positions. */
export const percentOf = (seconds: number, durationSeconds: number): number =>
  durationSeconds > 0 ? Math.min(100, Math.max(0, (seconds / durationSeconds) * 100)) : 0;

/**
 * Where a key moves a value (a boundary, the playhead) within `range`: the arrows by a second,
 * with Shift by 10 s; Page Up and Down by a minute; Home and End to the ends. Null: not its key.
 */
export function keyTarget(
  event: { key: string; shiftKey: boolean },
  current: number,
  range: { min: number; max: number },
): number | null {
  const step = event.shiftKey ? 10 : 1;
  let to: number;
  switch (event.key) {
    case 'ArrowLeft':
    case 'ArrowDown':
      to = current - step;
      break;
    case 'ArrowRight':
    case 'ArrowUp':
      to = current + step;
      break;
    case 'PageDown':
      to = current - 60;
      break;
    case 'PageUp':
      to = current + 60;
      break;
    case 'Home':
      to = range.min;
      break;
    case 'End':
      to = range.max;
      break;
    default:
      return null;
  }
  return Math.min(range.max, Math.max(range.min, Math.round(to)));
}

/** The ruler's spacing choices, in seconds. */
const RULER_STEPS = [5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600];

/** The ruler's labelled times: a round step giving at most `maxLabels` labels, from 0. */
export function rulerTicks(durationSeconds: number, maxLabels: number): number[] {
  if (durationSeconds <= 0 || maxLabels < 1) return [0];
  const step =
    RULER_STEPS.find((s) => durationSeconds / s <= maxLabels) ??
    RULER_STEPS[RULER_STEPS.length - 1]!;
  const ticks: number[] = [];
  for (let t = 0; t < durationSeconds; t += step) ticks.push(t);
  return ticks;
}

/** The tempo curve's drawing box (an SVG viewBox stretched over the strip). */
export const TEMPO_BOX = { width: 1000, height: 100 } as const;

/**
 * The music's tempo as an SVG path over TEMPO_BOX: x by time, y by BPM between the lowest and
 * highest heard (a little room above and below); a stretch without a steady beat breaks the line.
 * Null when no beat was heard at all.
 */
export function tempoPath(
  points: readonly TempoPoint[],
  durationSeconds: number,
): { d: string; minBpm: number; maxBpm: number } | null {
  const heard = points.filter((p) => p.bpm !== null).map((p) => p.bpm!);
  if (heard.length === 0 || durationSeconds <= 0) return null;
  const minBpm = Math.min(...heard);
  const maxBpm = Math.max(...heard);
  const pad = Math.max(5, (maxBpm - minBpm) * 0.15);
  const low = minBpm - pad;
  const span = maxBpm + pad - low;
  const x = (t: number) =>
    round((Math.min(durationSeconds, Math.max(0, t)) / durationSeconds) * TEMPO_BOX.width);
  const y = (bpm: number) => round(TEMPO_BOX.height - ((bpm - low) / span) * TEMPO_BOX.height);
  const parts: string[] = [];
  let drawing = false;
  for (const point of [...points].sort((a, b) => a.atSeconds - b.atSeconds)) {
    if (point.bpm === null) {
      drawing = false;
      continue;
    }
    parts.push(`${drawing ? 'L' : 'M'}${x(point.atSeconds)} ${y(point.bpm)}`);
    drawing = true;
  }
  return { d: parts.join(' '), minBpm: Math.round(minBpm), maxBpm: Math.round(maxBpm) };
}

const round = (n: number) => Math.round(n * 10) / 10;

/**
 * The text colour that reads on a block of colour `hex` (#rrggbb): near-black or white, whichever
 * contrasts more (WCAG relative luminance).
 */
export function readableOn(hex: string): '#0a0a0a' | '#ffffff' {
  const value = /^#?([0-9a-f]{6})$/i.exec(hex)?.[1];
  if (!value) return '#0a0a0a';
  const channel = (i: number) => {
    const c = parseInt(value.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(0) + 0.7152 * channel(2) + 0.0722 * channel(4);
  // #0a0a0a's own luminance is 0.003.
  const black = (luminance + 0.05) / 0.053;
  const white = 1.05 / (luminance + 0.05);
  return black >= white ? '#0a0a0a' : '#ffffff';
}

/** The zoom levels of the timeline (how many class-widths wide the strip is drawn). */
export const ZOOMS = [1, 2, 4, 8, 16] as const;

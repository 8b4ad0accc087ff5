import {
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type PointerEvent,
} from 'react';
import { AlertTriangle } from 'lucide-react';
import { formatClock } from '@shared/format';
import { segmentColor, targetsText, type TempoPoint } from '@shared/ride-track';
import { cn } from '@web/lib/utils';
import { boundaryRange, type EditorSegment, type Track } from './track-edits';
import {
  keyTarget,
  percentOf,
  readableOn,
  rulerTicks,
  secondsAt,
  TEMPO_BOX,
  tempoPath,
} from './timeline-math';

/** Fills in a segment's targets for the words of its block (a half-typed cadence is left out). */
function targetsOf(segment: EditorSegment): string {
  const { cadence } = segment;
  const whole =
    cadence && cadence.min !== null && cadence.max !== null
      ? { min: cadence.min, max: cadence.max }
      : null;
  return targetsText({ ...segment, cadence: whole });
}

/** A segment in words, for its block's label and a screen reader. */
export function segmentWords(segment: EditorSegment, index: number, count: number): string {
  const targets = targetsOf(segment);
  return `Segment ${index + 1} of ${count}: ${segment.name || 'no name'}, ${formatClock(segment.startSeconds)} to ${formatClock(segment.endSeconds)}${targets ? `, ${targets}` : ''}`;
}

/**
 * The ride track's timeline under the video: the ruler (the playhead's slider: click, drag or use
 * the arrow keys to scrub), the music's tempo drawn lightly, the segments as blocks in their zone
 * colours (a listbox: the arrows select) and the boundaries between them (sliders: drag them, or
 * the selected segment's two with the arrow keys, Shift for 10 s). Drawn `zoom` times the width of
 * its box, scrolled to keep the playhead in view.
 */
export function Timeline({
  segments,
  durationSeconds,
  time,
  selected,
  tempo,
  zoom,
  problemSegments,
  onSeek,
  onSelect,
  onMoveBoundary,
}: {
  segments: Track;
  durationSeconds: number;
  time: number;
  selected: number;
  tempo: readonly TempoPoint[] | null;
  zoom: number;
  problemSegments: ReadonlySet<number>;
  onSeek: (seconds: number) => void;
  /** Selects a segment; `seekTo` moves the playhead too. */
  onSelect: (index: number, seekTo?: number) => void;
  /** Moves boundary `boundary`; `gesture` names one drag or one run of key presses (one undo step). */
  onMoveBoundary: (boundary: number, to: number, gesture: string) => void;
}) {
  const id = useId();
  const scroller = useRef<HTMLDivElement>(null);
  const strip = useRef<HTMLDivElement>(null);
  const [stripWidth, setStripWidth] = useState(0);
  const gestures = useRef(0);
  const duration = durationSeconds;
  const count = segments.length;
  const tempoLine = tempo ? tempoPath(tempo, duration) : null;
  const ticks = rulerTicks(duration, Math.max(2, Math.floor(stripWidth / 72)));
  const playhead = percentOf(time, duration);

  useLayoutEffect(() => {
    const element = strip.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => setStripWidth(entry!.contentRect.width));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  // Zoomed in, the playhead stays in view (a quarter from the left once it leaves).
  useEffect(() => {
    const box = scroller.current;
    if (!box || zoom === 1 || stripWidth === 0) return;
    const x = (playhead / 100) * stripWidth;
    if (x < box.scrollLeft + 16 || x > box.scrollLeft + box.clientWidth - 16)
      box.scrollLeft = Math.max(0, x - box.clientWidth / 4);
  }, [playhead, zoom, stripWidth]);

  const at = (event: PointerEvent) =>
    secondsAt(event.clientX, strip.current!.getBoundingClientRect(), duration);

  /** A press on the ruler or a segment seeks there; dragging on scrubs. */
  function scrubStart(event: PointerEvent<HTMLElement>, select: boolean) {
    if (event.button !== 0) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    const seconds = at(event);
    const index = segments.findIndex((s) => seconds >= s.startSeconds && seconds < s.endSeconds);
    if (select) onSelect(index === -1 ? count - 1 : index, seconds);
    else onSeek(seconds);
  }
  function scrubMove(event: PointerEvent<HTMLElement>) {
    if (event.currentTarget.hasPointerCapture(event.pointerId)) onSeek(at(event));
  }

  function rulerKey(event: KeyboardEvent) {
    const to = keyTarget(event, Math.floor(time), { min: 0, max: duration });
    if (to === null) return;
    event.preventDefault();
    onSeek(to);
  }

  function listKey(event: KeyboardEvent) {
    let index: number | null = null;
    if (event.key === 'ArrowLeft' || event.key === 'ArrowUp') index = Math.max(0, selected - 1);
    if (event.key === 'ArrowRight' || event.key === 'ArrowDown')
      index = Math.min(count - 1, selected + 1);
    if (event.key === 'Home') index = 0;
    if (event.key === 'End') index = count - 1;
    if (index === null) return;
    event.preventDefault();
    onSelect(index, segments[index]!.startSeconds);
  }

  return (
    <div
      ref={scroller}
      className="overflow-x-auto rounded-lg border bg-card"
      data-testid="ride-track-timeline"
    >
      <div
        ref={strip}
        className="relative min-w-full select-none"
        style={{ width: `${zoom * 100}%` }}
      >
        {/* The ruler: the playhead's slider. */}
        <div
          role="slider"
          tabIndex={0}
          aria-label="Playhead"
          aria-valuemin={0}
          aria-valuemax={duration}
          aria-valuenow={Math.floor(Math.min(time, duration))}
          aria-valuetext={`${formatClock(time)} of ${formatClock(duration)}`}
          aria-keyshortcuts="ArrowLeft ArrowRight Shift+ArrowLeft Shift+ArrowRight Home End"
          className="relative h-7 cursor-pointer touch-none border-b outline-none focus-visible:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:ring-inset"
          onPointerDown={(event) => scrubStart(event, false)}
          onPointerMove={scrubMove}
          onKeyDown={rulerKey}
          data-testid="ride-track-ruler"
        >
          {ticks.map((t) => (
            <span
              key={t}
              aria-hidden="true"
              className="absolute top-0 flex h-full items-end border-l border-border pb-1 pl-1 text-[11px] leading-none text-muted-foreground tabular-nums"
              style={{ left: `${percentOf(t, duration)}%` }}
            >
              {formatClock(t)}
            </span>
          ))}
        </div>

        {/* The music's tempo, drawn lightly. */}
        {tempoLine && (
          <div className="relative h-8 border-b" data-testid="ride-track-tempo">
            <svg
              aria-hidden="true"
              viewBox={`0 0 ${TEMPO_BOX.width} ${TEMPO_BOX.height}`}
              preserveAspectRatio="none"
              className="absolute inset-0 size-full text-muted-foreground/70"
            >
              <path
                d={tempoLine.d}
                fill="none"
                stroke="currentColor"
                strokeWidth={1.5}
                strokeLinejoin="round"
                vectorEffect="non-scaling-stroke"
              />
            </svg>
            <span className="pointer-events-none absolute top-1 left-1 rounded bg-card/85 px-1 text-[11px] leading-tight text-muted-foreground">
              Music{' '}
              {tempoLine.minBpm === tempoLine.maxBpm
                ? `${tempoLine.minBpm}`
                : `${tempoLine.minBpm}–${tempoLine.maxBpm}`}{' '}
              BPM
            </span>
          </div>
        )}

        {/* The segments, and the boundaries between them. */}
        <div className="relative h-16">
          <div
            role="listbox"
            tabIndex={0}
            aria-label="Segments"
            aria-orientation="horizontal"
            aria-activedescendant={`${id}-segment-${selected}`}
            className="absolute inset-0 cursor-pointer touch-pan-x outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:ring-inset"
            onPointerDown={(event) => scrubStart(event, true)}
            onPointerMove={scrubMove}
            onKeyDown={listKey}
            data-testid="ride-track-segments"
          >
            {segments.map((segment, i) => {
              const color = segmentColor({ zone: segment.zone });
              const problem = problemSegments.has(i);
              return (
                <div
                  key={i}
                  id={`${id}-segment-${i}`}
                  role="option"
                  aria-selected={i === selected}
                  aria-label={`${segmentWords(segment, i, count)}${problem ? ', has a problem' : ''}`}
                  className={cn(
                    'absolute inset-y-1.5 overflow-hidden rounded-[3px] border-r-2 border-card px-2 py-1.5 text-left',
                    i === selected && 'inset-y-0.5 z-[1] ring-[3px] ring-foreground ring-inset',
                    problem && 'ring-[3px] ring-destructive ring-inset',
                  )}
                  style={{
                    left: `${percentOf(segment.startSeconds, duration)}%`,
                    width: `${percentOf(segment.endSeconds - segment.startSeconds, duration)}%`,
                    backgroundColor: color,
                    color: readableOn(color),
                  }}
                  data-testid="ride-track-segment"
                >
                  <span className="flex items-center gap-1 truncate text-xs leading-tight font-semibold">
                    {problem && <AlertTriangle aria-hidden="true" className="size-3 shrink-0" />}
                    <span className="truncate">{segment.name}</span>
                  </span>
                  <span className="block truncate text-[11px] leading-tight opacity-90">
                    {targetsOf(segment) || formatClock(segment.endSeconds - segment.startSeconds)}
                  </span>
                </div>
              );
            })}
          </div>
          {segments.slice(1).map((segment, i) => {
            const boundary = i + 1;
            const range = boundaryRange(segments, boundary)!;
            const edgeOfSelected = boundary === selected || boundary === selected + 1;
            return (
              <div
                key={boundary}
                role="slider"
                tabIndex={edgeOfSelected ? 0 : -1}
                aria-label={`Boundary between ${segments[boundary - 1]!.name || `segment ${boundary}`} and ${segment.name || `segment ${boundary + 1}`}`}
                aria-valuemin={range.min}
                aria-valuemax={range.max}
                aria-valuenow={segment.startSeconds}
                aria-valuetext={formatClock(segment.startSeconds)}
                className="group absolute inset-y-0 z-[2] flex w-6 -translate-x-1/2 cursor-ew-resize touch-none justify-center outline-none"
                style={{ left: `${percentOf(segment.startSeconds, duration)}%` }}
                onPointerDown={(event) => {
                  if (event.button !== 0) return;
                  event.stopPropagation();
                  event.currentTarget.setPointerCapture(event.pointerId);
                  gestures.current += 1;
                }}
                onPointerMove={(event) => {
                  if (!event.currentTarget.hasPointerCapture(event.pointerId)) return;
                  onMoveBoundary(boundary, at(event), `drag:${boundary}:${gestures.current}`);
                }}
                onKeyDown={(event) => {
                  const to = keyTarget(event, segment.startSeconds, range);
                  if (to === null) return;
                  event.preventDefault();
                  onMoveBoundary(boundary, to, `keys:${boundary}`);
                }}
                data-testid="ride-track-boundary"
              >
                <span
                  aria-hidden="true"
                  className={cn(
                    'h-full w-1 rounded-full bg-card/80 transition-[width,background-color] group-hover:w-1.5 group-hover:bg-foreground group-focus-visible:w-1.5 group-focus-visible:bg-foreground group-focus-visible:ring-[3px] group-focus-visible:ring-ring',
                    edgeOfSelected && 'bg-foreground',
                  )}
                />
              </div>
            );
          })}
        </div>

        {/* The playhead. */}
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-y-0 z-[3] w-0.5 -translate-x-1/2 bg-primary"
          style={{ left: `${playhead}%` }}
          data-testid="ride-track-playhead"
        >
          <span className="absolute top-0 left-1/2 size-0 -translate-x-1/2 border-x-[6px] border-t-[8px] border-x-transparent border-t-primary" />
        </div>
      </div>
    </div>
  );
}

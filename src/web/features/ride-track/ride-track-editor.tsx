import { useEffect, useId, useMemo, useReducer, useRef, useState, type ReactNode } from 'react';
import {
  AlertTriangle,
  Merge,
  Music,
  Redo2,
  Save,
  Scissors,
  Trash2,
  Undo2,
  ZoomIn,
  ZoomOut,
} from 'lucide-react';
import { formatClock } from '@shared/format';
import { RIDE_TRACK_MESSAGES, type TrackIssue } from '@shared/ride-track';
import type { OwnerRideTrack } from '@shared/ride-track.contract';
import type { VideoDto } from '@shared/videos.contract';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { Button } from '@web/components/ui/button';
import { failureMessage, fieldErrors } from '@web/lib/api';
import { toast } from '@web/lib/use-toast';
import { cn } from '@web/lib/utils';
import { useRemoveRideTrack, useSaveRideTrack } from './api/ride-track';
import { EditorVideo, type EditorVideoHandle } from './editor-video';
import { LeaveGuard } from './leave-guard';
import { fieldTarget, SegmentForm } from './segment-form';
import { segmentWords, Timeline } from './timeline';
import { ZOOMS } from './timeline-math';
import {
  fromSaved,
  historyReducer,
  liveIssues,
  mergeWithNext,
  moveBoundary,
  newTrack,
  placeIssue,
  sameTrack,
  split,
  standingErrors,
  startHistory,
  updateSegment,
  type EditorSegment,
  type EditorSnapshot,
  type EditResult,
  type PlacedIssue,
  type SegmentValues,
  type Track,
} from './track-edits';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** True when a key press is typing into a field (S types an S there). */
function typing(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target instanceof HTMLTextAreaElement) return true;
  if (target instanceof HTMLSelectElement) return true;
  if (!(target instanceof HTMLInputElement)) return false;
  return !['radio', 'checkbox', 'button', 'submit', 'range'].includes(target.type);
}

/**
 * The owner's ride track editor (issue #20 part 3) for a class of known length: the video, the
 * timeline under it and the selected segment's form beside them. Every edit goes through the undo
 * history; Save sends the track (the server's words go against the segment they name).
 */
export function RideTrackEditor({
  heading,
  video,
  data,
  durationSeconds,
}: {
  /** The page's heading, beside the status and the track's actions. */
  heading: ReactNode;
  video: VideoDto;
  data: OwnerRideTrack;
  durationSeconds: number;
}) {
  const id = useId();
  const player = useRef<EditorVideoHandle>(null);
  const problemsHeading = useRef<HTMLHeadingElement>(null);
  const saveButton = useRef<HTMLButtonElement>(null);
  const [initial] = useState<EditorSegment[]>(() =>
    data.rideTrack ? fromSaved(data.rideTrack.segments) : newTrack(durationSeconds),
  );
  const [history, dispatch] = useReducer(
    historyReducer<EditorSnapshot>,
    { segments: initial, selected: 0 },
    startHistory,
  );
  const { segments, selected: rawSelected } = history.present;
  const selected = Math.min(rawSelected, segments.length - 1);
  /** What is saved (or, before the first save, the track the editor started from). */
  const [baseline, setBaseline] = useState<Track>(initial);
  const [time, setTime] = useState(0);
  const [zoom, setZoom] = useState<number>(1);
  /** What the last command did, or why it could not (`refused`), said under the timeline. */
  const [notice, setNotice] = useState<{ text: string; refused?: boolean } | null>(null);
  const [answer, setAnswer] = useState<{ sent: Track; errors: TrackIssue[] } | null>(null);
  const [removing, setRemoving] = useState(false);
  const save = useSaveRideTrack(video.id);
  const remove = useRemoveRideTrack(video.id);

  const saved = data.rideTrack;
  const dirty = !sameTrack(segments, baseline);
  const suggestion = data.suggestion;

  const problems = useMemo(() => {
    const standing = answer ? standingErrors(answer.errors, answer.sent, segments) : [];
    const all = [...standing, ...liveIssues(segments, durationSeconds)];
    const seen = new Set<string>();
    return all
      .filter(({ field, message }) => {
        const key = `${field}\n${message}`;
        if (seen.has(key)) return false;
        seen.add(key);
        return true;
      })
      .map(placeIssue);
  }, [answer, segments, durationSeconds]);
  const problemSegments = useMemo(
    () => new Set(problems.flatMap((p) => (p.segment === null ? [] : [p.segment]))),
    [problems],
  );

  function seek(seconds: number) {
    const to = Math.min(durationSeconds, Math.max(0, seconds));
    setTime(to);
    player.current?.seek(to);
  }

  function apply(next: EditorSegment[], nextSelected: number, key?: string) {
    dispatch({ type: 'apply', next: { segments: next, selected: nextSelected }, key });
    // What the last command said no longer describes the track.
    setNotice(null);
  }
  function applyResult(result: EditResult, done: string) {
    if ('error' in result) {
      setNotice({ text: result.error, refused: true });
      return;
    }
    apply(result.track, result.selected);
    setNotice({ text: done });
  }

  function select(index: number, seekTo?: number) {
    if (index !== selected) dispatch({ type: 'amend', next: { segments, selected: index } });
    if (seekTo !== undefined) seek(seekTo);
  }

  const splitAtPlayhead = () => applyResult(split(segments, time), `Split at ${formatClock(time)}`);
  const mergeSelected = () =>
    applyResult(
      mergeWithNext(segments, selected),
      `Segment ${selected + 1} now runs to ${formatClock(segments[selected + 1]?.endSeconds ?? 0)}`,
    );
  function undo() {
    if (history.past.length === 0) return;
    dispatch({ type: 'undo' });
    setNotice({ text: 'Undone' });
  }
  function redo() {
    if (history.future.length === 0) return;
    dispatch({ type: 'redo' });
    setNotice({ text: 'Redone' });
  }

  function moveTo(boundary: number, to: number, key: string) {
    const next = moveBoundary(segments, boundary, to);
    apply(next, selected, key);
    // The video shows the moment the boundary is at.
    seek(next[boundary]!.startSeconds);
  }
  function moveEdge(edge: 'start' | 'end') {
    const boundary = edge === 'start' ? selected : selected + 1;
    const next = moveBoundary(segments, boundary, Math.floor(time));
    apply(next, selected);
    const at = next[boundary]!.startSeconds;
    setNotice(
      at === Math.floor(time)
        ? {
            text: `Segment ${selected + 1} ${edge === 'start' ? 'starts' : 'ends'} at ${formatClock(at)}`,
          }
        : {
            text: `Moved as far as it goes, to ${formatClock(at)}: ${RIDE_TRACK_MESSAGES.short.toLowerCase()}`,
            refused: true,
          },
    );
  }

  function update(values: Partial<SegmentValues>, key: string) {
    apply(updateSegment(segments, selected, values), selected, key);
  }

  function startFromMusic() {
    if (!suggestion || suggestion.length === 0) return;
    apply(fromSaved(suggestion), 0);
    seek(0);
    toast({
      title: 'Segments suggested from the music',
      description: 'Change what you like, or undo to go back to your track.',
    });
  }

  function focusProblem(problem: PlacedIssue) {
    if (problem.segment === null) return;
    select(problem.segment, segments[problem.segment]?.startSeconds);
    const target = problem.field ? fieldTarget(id, problem.field) : null;
    // After the form shows the segment.
    requestAnimationFrame(() => {
      if (target) document.getElementById(target)?.focus();
    });
  }

  function saveTrack() {
    if (problems.length > 0) {
      setNotice(null);
      problemsHeading.current?.focus();
      return;
    }
    const sent = segments;
    save.mutate(sent, {
      onSuccess: ({ message, rideTrack }) => {
        const stored = fromSaved(rideTrack.segments);
        setBaseline(stored);
        setAnswer(null);
        setNotice(null);
        // The server trims names and cues: the editor shows what is stored.
        if (!sameTrack(stored, sent))
          dispatch({ type: 'amend', next: { segments: stored, selected } });
        toast({ title: message });
      },
      onError: (error) => {
        const errors = fieldErrors(error);
        if (errors.length === 0) {
          toast({
            title: 'Ride track not saved',
            description: failureMessage(error, 'Unable to save the ride track. Please try again.'),
            variant: 'destructive',
          });
          return;
        }
        setAnswer({ sent, errors });
        const first = errors.map(placeIssue).find((p) => p.segment !== null);
        if (first?.segment != null) select(first.segment);
        requestAnimationFrame(() => problemsHeading.current?.focus());
      },
    });
  }

  // Keyboard shortcuts: S splits at the playhead, Ctrl/Cmd+Z undoes, with Shift (or Ctrl+Y) redoes.
  const shortcuts = useRef({ splitAtPlayhead, undo, redo });
  shortcuts.current = { splitAtPlayhead, undo, redo };
  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      if (event.defaultPrevented || event.altKey) return;
      const target = event.target;
      if (target instanceof Element && target.closest('[role=dialog],[role=alertdialog]')) return;
      const key = event.key.toLowerCase();
      const command = event.ctrlKey || event.metaKey;
      if (command && key === 'z') {
        event.preventDefault();
        if (event.shiftKey) shortcuts.current.redo();
        else shortcuts.current.undo();
      } else if (command && key === 'y') {
        event.preventDefault();
        shortcuts.current.redo();
      } else if (!command && !event.shiftKey && key === 's' && !typing(target)) {
        event.preventDefault();
        shortcuts.current.splitAtPlayhead();
      }
    }
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const segment = segments[selected]!;
  const zoomIndex = ZOOMS.indexOf(zoom as (typeof ZOOMS)[number]);
  const canSuggest = suggestion !== null && suggestion.length > 0;
  const status = save.isPending
    ? 'Saving...'
    : dirty
      ? 'Unsaved changes'
      : saved
        ? `Saved ${dateFormat.format(new Date(saved.updatedAt))}`
        : 'Not saved yet';

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-x-4 gap-y-3">
        <div className="min-w-0 space-y-1">
          {heading}
          <p
            className={cn(
              'inline-flex items-center gap-2 text-sm',
              dirty ? 'font-medium text-foreground' : 'text-muted-foreground',
            )}
            data-testid="ride-track-status"
          >
            <span
              aria-hidden="true"
              className={cn(
                'size-2 rounded-full',
                dirty ? 'bg-warning' : saved ? 'bg-success' : 'bg-muted-foreground',
              )}
            />
            {status}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <Button
            type="button"
            variant="outline"
            disabled={!canSuggest}
            aria-describedby={canSuggest ? undefined : `${id}-no-tempo`}
            onClick={startFromMusic}
          >
            <Music aria-hidden="true" />
            Start from the music
          </Button>
          {saved && (
            <Button
              type="button"
              variant="outline"
              className="text-destructive-text"
              onClick={() => setRemoving(true)}
            >
              <Trash2 aria-hidden="true" />
              Remove track
            </Button>
          )}
          <Button
            ref={saveButton}
            type="button"
            disabled={save.isPending || (!dirty && saved !== null)}
            onClick={saveTrack}
          >
            <Save aria-hidden="true" />
            {save.isPending ? 'Saving...' : 'Save track'}
          </Button>
        </div>
      </div>
      {!canSuggest && (
        <p id={`${id}-no-tempo`} className="-mt-2 text-sm text-muted-foreground">
          {RIDE_TRACK_MESSAGES.noTempo}
        </p>
      )}

      <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_19rem] xl:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="min-w-0 space-y-3">
          <EditorVideo ref={player} video={video} onTime={setTime} />

          <div
            role="toolbar"
            aria-label="Ride track tools"
            className="flex flex-wrap items-center gap-2"
          >
            <p
              className="mr-auto min-w-24 text-sm font-medium tabular-nums"
              data-testid="ride-track-time"
            >
              {formatClock(time)}
              <span className="text-muted-foreground"> / {formatClock(durationSeconds)}</span>
            </p>
            <Button
              type="button"
              variant="secondary"
              size="sm"
              onClick={splitAtPlayhead}
              aria-keyshortcuts="S"
            >
              <Scissors aria-hidden="true" />
              Split at playhead
              <kbd className="hidden rounded border bg-background px-1 text-[11px] font-normal sm:inline">
                S
              </kbd>
            </Button>
            <Button
              type="button"
              variant="secondary"
              size="sm"
              disabled={selected >= segments.length - 1}
              onClick={mergeSelected}
            >
              <Merge aria-hidden="true" />
              Merge with next
            </Button>
            <span className="flex gap-1">
              <Button
                type="button"
                variant="outline"
                size="icon"
                className="size-8"
                aria-label="Undo"
                aria-keyshortcuts="Control+Z Meta+Z"
                title="Undo (Ctrl+Z)"
                disabled={history.past.length === 0}
                onClick={undo}
              >
                <Undo2 aria-hidden="true" />
              </Button>
              <Button
                type="button"
                variant="outline"
                size="icon"
                className="size-8"
                aria-label="Redo"
                aria-keyshortcuts="Shift+Control+Z Shift+Meta+Z Control+Y"
                title="Redo (Shift+Ctrl+Z)"
                disabled={history.future.length === 0}
                onClick={redo}
              >
                <Redo2 aria-hidden="true" />
              </Button>
            </span>
            <span className="flex items-center gap-1">
              <Button
                type="button"
                variant="outline"
                size="icon"
                className="size-8"
                aria-label="Zoom out"
                disabled={zoomIndex <= 0}
                onClick={() => setZoom(ZOOMS[Math.max(0, zoomIndex - 1)]!)}
              >
                <ZoomOut aria-hidden="true" />
              </Button>
              <span className="w-8 text-center text-xs text-muted-foreground tabular-nums">
                {zoom}×
              </span>
              <Button
                type="button"
                variant="outline"
                size="icon"
                className="size-8"
                aria-label="Zoom in"
                disabled={zoomIndex >= ZOOMS.length - 1}
                onClick={() => setZoom(ZOOMS[Math.min(ZOOMS.length - 1, zoomIndex + 1)]!)}
              >
                <ZoomIn aria-hidden="true" />
              </Button>
            </span>
          </div>

          <Timeline
            segments={segments}
            durationSeconds={durationSeconds}
            time={time}
            selected={selected}
            tempo={data.tempo}
            zoom={zoom}
            problemSegments={problemSegments}
            onSeek={seek}
            onSelect={select}
            onMoveBoundary={moveTo}
          />
          <p className="hidden text-xs text-muted-foreground sm:block">
            Click or drag along the timeline to move the playhead. <Kbd>S</Kbd> splits there. Drag a
            boundary between two segments, or select a segment and move its edges with <Kbd>←</Kbd>{' '}
            <Kbd>→</Kbd> (with <Kbd>Shift</Kbd>: 10 seconds). <Kbd>Ctrl</Kbd>+<Kbd>Z</Kbd> undoes,{' '}
            <Kbd>Shift</Kbd>+<Kbd>Ctrl</Kbd>+<Kbd>Z</Kbd> redoes.
          </p>
          <p
            aria-live="polite"
            className={cn(
              'min-h-5 text-sm',
              notice?.refused ? 'font-medium text-destructive-text' : 'text-muted-foreground',
            )}
            data-testid="ride-track-notice"
          >
            {notice?.text}
          </p>

          {problems.length > 0 && (
            <section
              aria-labelledby={`${id}-problems`}
              className="rounded-lg border border-destructive/50 bg-destructive-soft p-3 text-sm"
              data-testid="ride-track-problems"
            >
              <h2
                id={`${id}-problems`}
                ref={problemsHeading}
                tabIndex={-1}
                className="mb-2 flex items-center gap-2 font-semibold text-destructive-text outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
              >
                <AlertTriangle aria-hidden="true" className="size-4" />
                {problems.length === 1
                  ? 'One thing to fix before saving'
                  : `${problems.length} things to fix before saving`}
              </h2>
              <ul className="grid gap-1">
                {problems.map((problem, i) => (
                  <li key={i}>
                    {problem.segment === null ? (
                      problem.message
                    ) : (
                      <button
                        type="button"
                        className="cursor-pointer text-left underline-offset-4 outline-none hover:underline focus-visible:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
                        onClick={() => focusProblem(problem)}
                      >
                        <span className="font-medium">
                          Segment {problem.segment + 1}
                          {segments[problem.segment]?.name
                            ? ` (${segments[problem.segment]!.name})`
                            : ''}
                          :
                        </span>{' '}
                        {problem.message}
                      </button>
                    )}
                  </li>
                ))}
              </ul>
            </section>
          )}
        </div>

        <div className="lg:sticky lg:top-20 lg:self-start">
          <SegmentForm
            idPrefix={id}
            segment={segment}
            index={selected}
            count={segments.length}
            time={time}
            problems={problems.filter((p) => p.segment === selected)}
            onChange={update}
            onMoveEdge={moveEdge}
          />
          <p className="sr-only" aria-live="polite">
            {segmentWords(segment, selected, segments.length)}
          </p>
        </div>
      </div>

      <ConfirmDialog
        open={removing}
        title="Remove this ride track?"
        description={
          <p>
            “{video.title}” plays without targets or a profile. The editor starts again from one
            segment.
          </p>
        }
        action="Remove track"
        pendingAction="Removing..."
        pending={remove.isPending}
        onConfirm={(done) =>
          remove.mutate(undefined, {
            onSuccess: ({ message }) => {
              const fresh = newTrack(durationSeconds);
              dispatch({ type: 'reset', present: { segments: fresh, selected: 0 } });
              setBaseline(fresh);
              setAnswer(null);
              toast({ title: message });
              done();
            },
            onError: (error) =>
              toast({
                title: 'Ride track not removed',
                description: failureMessage(
                  error,
                  'Unable to remove the ride track. Please try again.',
                ),
                variant: 'destructive',
              }),
          })
        }
        onClose={() => setRemoving(false)}
        onDone={() => saveButton.current?.focus()}
      />
      <LeaveGuard dirty={dirty} />
    </div>
  );
}

function Kbd({ children }: { children: string }) {
  return (
    <kbd className="rounded border bg-muted px-1 font-sans text-[11px] text-foreground">
      {children}
    </kbd>
  );
}

import { useEffect, useId, useRef, useState } from 'react';
import { ArrowDown, ArrowUp, Plus, X } from 'lucide-react';
import { formatDuration } from '@shared/format';
import { PROGRAM_CLASSES_MAX, programDayLabel } from '@shared/programs';
import type { VideoDto } from '@shared/videos.contract';
import { FieldError } from '@web/components/form-field';
import { Button } from '@web/components/ui/button';
import { videoCardStatus } from '@web/lib/owner-videos';
import { cn } from '@web/lib/utils';
import { moveClass, programMinutes } from './program-order';

/** A class as the editor shows it: from the library, else what the program itself said. */
export interface EditorClass {
  id: string;
  title: string;
  durationSeconds: number | null;
  /** Riders can play it (the public page lists it); null while the library is loading. */
  ready: boolean | null;
}

const SELECT =
  'h-11 min-w-56 flex-1 rounded-md border border-input bg-background px-3 text-base shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:opacity-50 md:text-sm dark:bg-input/30';
/** 44 px: the moves are tapped on a tablet as often as clicked. */
const MOVE = 'size-11 shrink-0';

export function libraryClass(video: VideoDto): EditorClass {
  const seconds = video.duration === null ? NaN : Number(video.duration);
  return {
    id: video.id,
    title: video.title,
    durationSeconds: Number.isFinite(seconds) && seconds > 0 ? seconds : null,
    ready: videoCardStatus(video) === 'ready',
  };
}

/**
 * The program's classes in order, labelled by week and day: add from the library, move up or
 * down, remove. Every control is a real button of 44 px; the keyboard focus stays on the class
 * that moved (or goes to its neighbour once it is removed).
 */
export function ProgramClassesEditor({
  classIds,
  onChange,
  classesPerWeek,
  known,
  library,
  errors,
  listError,
  disabled,
}: {
  classIds: readonly string[];
  onChange: (next: string[]) => void;
  classesPerWeek: number;
  /** Every class the editor may name, by id (the library's, and the program's own as saved). */
  known: ReadonlyMap<string, EditorClass>;
  /** The library's classes, newest first; undefined while it loads. */
  library: readonly EditorClass[] | undefined;
  /** A message per place (the server's `classIds.3`). */
  errors: ReadonlyArray<string | undefined>;
  listError: string | undefined;
  disabled: boolean;
}) {
  const id = useId();
  const [adding, setAdding] = useState('');
  const controls = useRef(new Map<string, HTMLElement | null>());
  const [focus, setFocus] = useState<string | null>(null);
  const available = (library ?? []).filter((c) => !classIds.includes(c.id));
  const full = classIds.length >= PROGRAM_CLASSES_MAX;
  const minutes = programMinutes(classIds.map((classId) => known.get(classId)?.durationSeconds));

  // After a move or a removal the list renders again: focus goes where it was asked to.
  useEffect(() => {
    if (!focus) return;
    controls.current.get(focus)?.focus();
    setFocus(null);
  }, [focus, classIds]);

  const ref = (key: string) => (element: HTMLElement | null) => {
    controls.current.set(key, element);
  };

  function move(index: number, by: -1 | 1) {
    const next = moveClass(classIds, index, by);
    const classId = classIds[index]!;
    const to = index + by;
    // At the end of the list that way, the button is disabled: the other one takes the focus.
    const edge = by < 0 ? to === 0 : to === classIds.length - 1;
    setFocus(`${classId}:${edge ? (by < 0 ? 'down' : 'up') : by < 0 ? 'up' : 'down'}`);
    onChange(next);
  }

  function remove(index: number) {
    const next = classIds.filter((_, i) => i !== index);
    const neighbour = next[index] ?? next[index - 1];
    setFocus(neighbour ? `${neighbour}:remove` : 'add');
    onChange(next);
  }

  function add() {
    if (!adding) return;
    onChange([...classIds, adding]);
    setAdding('');
  }

  return (
    <fieldset className="grid min-w-0 gap-3" aria-describedby={`${id}-summary`}>
      <legend className="mb-2 text-sm leading-none font-medium">Classes, in order</legend>
      <p id={`${id}-summary`} className="text-sm text-muted-foreground">
        {classIds.length === 0
          ? 'Add classes from your library in the order riders take them.'
          : `${classIds.length} of ${PROGRAM_CLASSES_MAX} classes · ${minutes} min in all. Riders see each as its week and day.`}
      </p>
      {classIds.length > 0 && (
        <ol className="grid gap-2" aria-label="Classes in the program" data-testid="program-order">
          {classIds.map((classId, index) => {
            const item = known.get(classId);
            const title = item?.title ?? 'Class';
            const length = formatDuration(item?.durationSeconds ?? null);
            const error = errors[index];
            return (
              <li
                key={classId}
                className={cn(
                  'grid gap-1 rounded-lg border bg-card p-2 pl-3',
                  error && 'border-destructive/60',
                )}
                data-testid="program-order-item"
              >
                <div className="flex items-center gap-2">
                  <div className="min-w-0 flex-1">
                    <p className="text-xs font-semibold text-muted-foreground uppercase">
                      {programDayLabel(index, classesPerWeek)}
                    </p>
                    <p className="truncate font-medium" data-testid="program-order-title">
                      {title}
                    </p>
                    <p className="text-xs text-muted-foreground">
                      {length ?? 'Length not known yet'}
                      {item?.ready === false && ' · Not on your page until it is ready'}
                    </p>
                  </div>
                  <Button
                    ref={ref(`${classId}:up`)}
                    type="button"
                    variant="outline"
                    size="icon"
                    className={MOVE}
                    disabled={disabled || index === 0}
                    onClick={() => move(index, -1)}
                    aria-label={`Move ${title} up`}
                  >
                    <ArrowUp aria-hidden="true" />
                  </Button>
                  <Button
                    ref={ref(`${classId}:down`)}
                    type="button"
                    variant="outline"
                    size="icon"
                    className={MOVE}
                    disabled={disabled || index === classIds.length - 1}
                    onClick={() => move(index, 1)}
                    aria-label={`Move ${title} down`}
                  >
                    <ArrowDown aria-hidden="true" />
                  </Button>
                  <Button
                    ref={ref(`${classId}:remove`)}
                    type="button"
                    variant="ghost"
                    size="icon"
                    className={cn(MOVE, 'text-destructive-text')}
                    disabled={disabled}
                    onClick={() => remove(index)}
                    aria-label={`Remove ${title} from the program`}
                  >
                    <X aria-hidden="true" />
                  </Button>
                </div>
                <FieldError id={`${id}-class-${index}`} message={error} />
              </li>
            );
          })}
        </ol>
      )}
      <FieldError id={`${id}-list-error`} message={listError} />
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor={`${id}-add`} className="sr-only">
          Class to add
        </label>
        <select
          ref={ref('add')}
          id={`${id}-add`}
          className={SELECT}
          value={adding}
          disabled={disabled || full || !library || available.length === 0}
          onChange={(event) => setAdding(event.target.value)}
        >
          <option value="">
            {!library
              ? 'Loading your classes…'
              : full
                ? `A program holds up to ${PROGRAM_CLASSES_MAX} classes`
                : available.length === 0
                  ? 'Every class of your library is in the program'
                  : 'Choose a class from your library'}
          </option>
          {available.map((c) => (
            <option key={c.id} value={c.id}>
              {c.title}
              {c.ready === false ? ' (not ready yet)' : ''}
            </option>
          ))}
        </select>
        <Button
          type="button"
          variant="outline"
          className="h-11"
          disabled={disabled || !adding}
          onClick={add}
        >
          <Plus aria-hidden="true" />
          Add class
        </Button>
      </div>
    </fieldset>
  );
}

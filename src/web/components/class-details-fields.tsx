import { useId, type FocusEvent } from 'react';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { Link } from 'wouter';
import { Music, Plus, Trash2, UsersRound } from 'lucide-react';
import {
  CLASS_TYPE_MAX,
  CLASS_TYPES,
  DIFFICULTIES,
  EQUIPMENT_NOTES_MAX,
  MUSIC_TEXT_MAX,
  MUSIC_TRACKS_MAX,
} from '@shared/class-details';
import { FieldError, FormField } from '@web/components/form-field';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { Textarea } from '@web/components/ui/textarea';
import { sortedIndex, type ClassDetailsInput } from '@web/lib/class-details-form';
import { INSTRUCTORS_SCREEN_PATH, useInstructors } from '@web/lib/instructors';
import { cn } from '@web/lib/utils';

/** A form that holds a class's details under `details` (the upload screen, the edit dialog). */
interface WithDetails {
  details: ClassDetailsInput;
}

const CHOICE =
  'inline-flex h-9 cursor-pointer items-center rounded-full border px-3 text-sm font-medium transition-colors outline-none hover:bg-muted focus-visible:ring-[3px] focus-visible:ring-ring/50 has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/50 aria-pressed:border-primary aria-pressed:bg-primary aria-pressed:text-primary-foreground has-[:checked]:border-primary has-[:checked]:bg-primary has-[:checked]:text-primary-foreground disabled:pointer-events-none disabled:opacity-50';

const SELECT =
  'h-9 w-full rounded-md border border-input bg-background px-3 text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:opacity-50 dark:bg-input/30';

/**
 * A class's details (issue #20 part 1): instructor, difficulty, type, equipment notes and music,
 * what riders choose a class by. Inside a react-hook-form FormProvider whose values carry them
 * under `details`, checked with classDetailsForm (the contract's rules and words).
 */
export function ClassDetailsFields({ disabled = false }: { disabled?: boolean }) {
  const id = useId();
  const {
    register,
    setValue,
    watch,
    formState: { errors },
  } = useFormContext<WithDetails>();
  const fieldErrors = errors.details;
  const instructors = useInstructors();
  const roster = instructors.data?.instructors ?? [];
  const instructorId = watch('details.instructorId');
  const classType = watch('details.classType') ?? '';
  const notesLength = (watch('details.equipmentNotes') ?? '').length;

  return (
    <div className="grid gap-5">
      <FormField
        id={`${id}-instructor`}
        label="Instructor"
        error={fieldErrors?.instructorId?.message}
        describedBy={`${id}-instructor-manage`}
      >
        {(control) => (
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <select
              {...control}
              disabled={disabled || instructors.isLoading}
              className={cn(SELECT, 'max-w-xs flex-1')}
              {...register('details.instructorId')}
              // Controlled: the saved instructor shows once the roster's options arrive.
              value={instructorId}
            >
              <option value="">None</option>
              {roster.map((instructor) => (
                <option key={instructor.id} value={instructor.id}>
                  {instructor.name}
                </option>
              ))}
            </select>
            <Link
              href={INSTRUCTORS_SCREEN_PATH}
              id={`${id}-instructor-manage`}
              className="inline-flex items-center gap-1.5 text-sm font-medium underline underline-offset-4"
            >
              <UsersRound aria-hidden="true" className="size-4" />
              {roster.length === 0 && !instructors.isLoading
                ? 'Add your instructors'
                : 'Manage instructors'}
            </Link>
          </div>
        )}
      </FormField>

      <fieldset className="grid gap-2" disabled={disabled}>
        <legend className="mb-2 text-sm leading-none font-medium">Difficulty</legend>
        <div className="flex flex-wrap gap-2">
          {[...DIFFICULTIES, ''].map((level) => (
            <label key={level || 'none'} className={CHOICE}>
              <input
                type="radio"
                value={level}
                className="sr-only"
                {...register('details.difficulty')}
              />
              {level || 'Not set'}
            </label>
          ))}
        </div>
        <FieldError id={`${id}-difficulty-error`} message={fieldErrors?.difficulty?.message} />
      </fieldset>

      <div className="grid gap-2">
        <FormField
          id={`${id}-type`}
          label="Class type"
          error={fieldErrors?.classType?.message}
          describedBy={`${id}-type-hint`}
        >
          {(control) => (
            <Input
              {...control}
              maxLength={CLASS_TYPE_MAX}
              disabled={disabled}
              placeholder="Pick one below or type your own"
              className="max-w-xs"
              {...register('details.classType')}
            />
          )}
        </FormField>
        <div
          className="flex flex-wrap gap-2"
          role="group"
          aria-label="Class types"
          id={`${id}-type-hint`}
        >
          {CLASS_TYPES.map((type) => {
            const chosen = classType.trim().toLowerCase() === type.toLowerCase();
            return (
              <button
                key={type}
                type="button"
                disabled={disabled}
                aria-pressed={chosen}
                className={CHOICE}
                onClick={() =>
                  setValue('details.classType', chosen ? '' : type, {
                    shouldDirty: true,
                    shouldValidate: true,
                  })
                }
              >
                {type}
              </button>
            );
          })}
        </div>
      </div>

      <div className="grid gap-2">
        <FormField
          id={`${id}-equipment`}
          label="Equipment notes"
          error={fieldErrors?.equipmentNotes?.message}
          describedBy={`${id}-equipment-count`}
        >
          {(control) => (
            <Textarea
              {...control}
              rows={2}
              maxLength={EQUIPMENT_NOTES_MAX}
              disabled={disabled}
              placeholder="e.g. Light weights, a towel, clip-in shoes"
              className="min-h-16"
              {...register('details.equipmentNotes')}
            />
          )}
        </FormField>
        <p
          id={`${id}-equipment-count`}
          className="-mt-1 text-right text-xs text-muted-foreground tabular-nums"
        >
          {notesLength}/{EQUIPMENT_NOTES_MAX}
        </p>
      </div>

      <MusicEditor disabled={disabled} />
    </div>
  );
}

/** The class's track list: artist, title and start (m:ss), kept in the order the tracks start. */
function MusicEditor({ disabled }: { disabled: boolean }) {
  const id = useId();
  const {
    control,
    register,
    getValues,
    formState: { errors },
  } = useFormContext<WithDetails>();
  const { fields, append, remove, move } = useFieldArray({ control, name: 'details.music' });
  const musicErrors = errors.details?.music;
  const full = fields.length >= MUSIC_TRACKS_MAX;

  /** A start typed out of order moves its track into place; focus goes where the owner sent it. */
  function keepSorted(index: number, event: FocusEvent<HTMLInputElement>) {
    const target = sortedIndex(getValues('details.music'), index);
    if (target === index) return;
    const next = event.relatedTarget;
    move(index, target);
    if (next instanceof HTMLElement) requestAnimationFrame(() => next.focus());
  }

  function addTrack() {
    append({ artist: '', title: '', startSeconds: '' }, { shouldFocus: true });
  }

  return (
    <fieldset className="grid gap-3" disabled={disabled}>
      <legend className="mb-1 flex items-center gap-2 text-sm leading-none font-medium">
        <Music aria-hidden="true" className="size-4" />
        Music
      </legend>
      <p className="text-sm text-muted-foreground" id={`${id}-hint`}>
        The tracks riders hear, with the time each starts (minutes:seconds).
      </p>
      <FieldError id={`${id}-error`} message={musicErrors?.message ?? musicErrors?.root?.message} />
      {fields.length > 0 && (
        <ol className="grid gap-3" aria-label="Tracks">
          {fields.map((field, index) => {
            const rowErrors = musicErrors?.[index];
            const textError = rowErrors?.artist?.message ?? rowErrors?.title?.message;
            const startError = rowErrors?.startSeconds?.message;
            const n = index + 1;
            const errorId = `${id}-${field.id}-error`;
            return (
              <li
                key={field.id}
                className="grid gap-2 rounded-lg border p-3 sm:grid-cols-[1fr_1fr_5.5rem_auto] sm:items-end sm:border-0 sm:p-0"
                data-testid="music-track"
              >
                <div className="grid gap-1.5">
                  <Label htmlFor={`${id}-${field.id}-artist`} className={cn(n > 1 && 'sm:sr-only')}>
                    Artist<span className="sr-only">, track {n}</span>
                  </Label>
                  <Input
                    id={`${id}-${field.id}-artist`}
                    maxLength={MUSIC_TEXT_MAX}
                    autoComplete="off"
                    aria-invalid={rowErrors?.artist ? true : undefined}
                    aria-describedby={textError ? errorId : undefined}
                    {...register(`details.music.${index}.artist`)}
                  />
                </div>
                <div className="grid gap-1.5">
                  <Label htmlFor={`${id}-${field.id}-title`} className={cn(n > 1 && 'sm:sr-only')}>
                    Title<span className="sr-only">, track {n}</span>
                  </Label>
                  <Input
                    id={`${id}-${field.id}-title`}
                    maxLength={MUSIC_TEXT_MAX}
                    autoComplete="off"
                    aria-invalid={rowErrors?.title ? true : undefined}
                    aria-describedby={textError ? errorId : undefined}
                    {...register(`details.music.${index}.title`)}
                  />
                </div>
                <div className="grid gap-1.5">
                  <Label htmlFor={`${id}-${field.id}-start`} className={cn(n > 1 && 'sm:sr-only')}>
                    Start<span className="sr-only">, track {n}</span>
                  </Label>
                  <Input
                    id={`${id}-${field.id}-start`}
                    inputMode="numeric"
                    placeholder="0:00"
                    autoComplete="off"
                    className="tabular-nums"
                    aria-invalid={startError ? true : undefined}
                    aria-describedby={startError ? `${errorId}-start` : `${id}-hint`}
                    {...register(`details.music.${index}.startSeconds`, {
                      onBlur: (event: FocusEvent<HTMLInputElement>) => keepSorted(index, event),
                    })}
                  />
                </div>
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  className="justify-self-end"
                  onClick={() => remove(index)}
                >
                  <Trash2 aria-hidden="true" />
                  <span className="sr-only">Remove track {n}</span>
                </Button>
                {(textError || startError) && (
                  <div className="grid gap-1 sm:col-span-4">
                    <FieldError id={errorId} message={textError} />
                    <FieldError id={`${errorId}-start`} message={startError} />
                  </div>
                )}
              </li>
            );
          })}
        </ol>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <Button type="button" variant="outline" size="sm" onClick={addTrack} disabled={full}>
          <Plus aria-hidden="true" />
          Add track
        </Button>
        <span className="text-xs text-muted-foreground tabular-nums">
          {fields.length}/{MUSIC_TRACKS_MAX} tracks
        </span>
      </div>
    </fieldset>
  );
}

import { useId, useState } from 'react';
import {
  TIMETABLE_MESSAGES,
  WEEKDAY_NAMES,
  type ScreenDto,
  type TimetableEntryDto,
} from '@shared/screens.contract';
import { formatClassDuration } from '@shared/gyms.contract';
import type { VideoDto } from '@shared/videos.contract';
import { FormDialog } from '@web/components/form-dialog';
import { FieldError, FormField } from '@web/components/form-field';
import { Input } from '@web/components/ui/input';
import { failureMessage, fieldErrors } from '@web/lib/api';
import { toast } from '@web/lib/use-toast';
import { useSaveEntry } from './api/screens';
import { SELECT } from './page-select';
import { pageClasses, type ScreenPage } from './screen-pages';

/** The dialog's subject: a new class on a page (entry null) or one of its entries. */
export interface EntryEditing {
  page: ScreenPage;
  entry: TimetableEntryDto | null;
}

type Field = 'videoId' | 'dayOfWeek' | 'startTime' | 'screenIds';

interface Values {
  videoId: string;
  dayOfWeek: number;
  startTime: string;
  /** Empty: every screen of the page. */
  screenIds: string[];
}

const initial = (editing: EntryEditing | null): Values => ({
  videoId: editing?.entry?.videoId ?? '',
  dayOfWeek: editing?.entry?.dayOfWeek ?? 1,
  startTime: editing?.entry?.startTime ?? '07:00',
  screenIds: editing?.entry?.screenIds ?? [],
});

/**
 * Adds a class to a page's week or changes one: the class (of that page's ready classes), the day,
 * the start time and its screens (every screen of the page by default). The server's refusals
 * (an overlap names the other class) show on their field.
 */
export function EntryFormDialog({
  editing,
  screens,
  videos,
  onClose,
}: {
  editing: EntryEditing | null;
  screens: readonly ScreenDto[];
  videos: readonly VideoDto[] | undefined;
  onClose: () => void;
}) {
  const id = useId();
  const save = useSaveEntry();
  const [values, setValues] = useState<Values>(initial(editing));
  const [errors, setErrors] = useState<Partial<Record<Field | 'root', string>>>({});
  const [shown, setShown] = useState<EntryEditing | null>(null);
  // Each opening starts from the entry as saved (or a new one).
  if (editing !== shown) {
    setShown(editing);
    setValues(initial(editing));
    setErrors({});
  }

  const page = editing?.page;
  const classes = page ? pageClasses(page, videos) : [];
  const pageScreens = screens.filter((screen) => screen.locationId === (page?.id ?? null));
  const every = values.screenIds.length === 0;
  const set = (change: Partial<Values>) => setValues((v) => ({ ...v, ...change }));

  function toggleScreen(screenId: string, on: boolean) {
    const next = on
      ? [...values.screenIds, screenId]
      : values.screenIds.filter((x) => x !== screenId);
    set({ screenIds: next });
  }

  return (
    <FormDialog
      open={editing !== null}
      onClose={onClose}
      pending={save.isPending}
      title={editing?.entry ? 'Edit class' : `Add a class to ${page?.name ?? ''}`}
      description="Every week at this time on your studio's clock, its screens play the class."
      formLabel="Timetable class"
      formError={errors.root}
      submitLabel={editing?.entry ? 'Save' : 'Add class'}
      className="sm:max-w-lg"
      onSubmit={(event) => {
        event.preventDefault();
        if (!editing) return;
        if (!values.videoId) {
          setErrors({ videoId: TIMETABLE_MESSAGES.classUnknown });
          return;
        }
        save.mutate(
          { id: editing.entry?.id ?? null, body: { ...values, locationId: editing.page.id } },
          {
            onSuccess: () => {
              toast({ title: editing.entry ? TIMETABLE_MESSAGES.saved : TIMETABLE_MESSAGES.added });
              onClose();
            },
            onError: (error) => {
              const next: typeof errors = {};
              for (const p of fieldErrors(error)) {
                const field = p.field.split('.')[0] as Field;
                if (['videoId', 'dayOfWeek', 'startTime', 'screenIds'].includes(field)) {
                  next[field] ??= p.message;
                } else next.root ??= p.message;
              }
              if (Object.keys(next).length === 0) {
                next.root = failureMessage(error, 'Unable to save the class. Please try again.');
              }
              setErrors(next);
            },
          },
        );
      }}
    >
      <FormField
        id={`${id}-class`}
        label="Class"
        error={errors.videoId}
        description={
          classes.length === 0
            ? 'No class of this page is ready for riders yet: offer classes on it under Locations.'
            : undefined
        }
      >
        {(control) => (
          <select
            {...control}
            className={SELECT}
            value={values.videoId}
            onChange={(event) => set({ videoId: event.target.value })}
          >
            <option value="">Choose a class</option>
            {classes.map((video) => (
              <option key={video.id} value={video.id}>
                {video.title} · {formatClassDuration(video.duration)}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <div className="grid items-start gap-4 sm:grid-cols-2">
        <FormField id={`${id}-day`} label="Day" error={errors.dayOfWeek}>
          {(control) => (
            <select
              {...control}
              className={SELECT}
              value={values.dayOfWeek}
              onChange={(event) => set({ dayOfWeek: Number(event.target.value) })}
            >
              {WEEKDAY_NAMES.map((day, index) => (
                <option key={day} value={index + 1}>
                  {day}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField id={`${id}-time`} label="Start time" error={errors.startTime}>
          {(control) => (
            <Input
              {...control}
              type="time"
              step={60}
              value={values.startTime}
              onChange={(event) => set({ startTime: event.target.value })}
              className="max-w-40"
            />
          )}
        </FormField>
      </div>
      <fieldset
        className="grid gap-2"
        aria-describedby={errors.screenIds ? `${id}-screens-error` : undefined}
      >
        <legend className="mb-2 text-sm font-medium">Screens</legend>
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            className="size-4 accent-primary"
            checked={every}
            onChange={(event) =>
              set({
                screenIds: event.target.checked ? [] : pageScreens.slice(0, 1).map((s) => s.id),
              })
            }
            disabled={pageScreens.length === 0}
          />
          Every screen of this page{pageScreens.length === 0 ? ' (none paired yet)' : ''}
        </label>
        {!every &&
          pageScreens.map((screen) => (
            <label key={screen.id} className="flex items-center gap-2 pl-6 text-sm">
              <input
                type="checkbox"
                className="size-4 accent-primary"
                checked={values.screenIds.includes(screen.id)}
                onChange={(event) => toggleScreen(screen.id, event.target.checked)}
              />
              {screen.name}
            </label>
          ))}
        <FieldError id={`${id}-screens-error`} message={errors.screenIds} />
      </fieldset>
    </FormDialog>
  );
}

import { useEffect, useId, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ImageUp, Images, X } from 'lucide-react';
import {
  CLASSES_PER_WEEK_MAX,
  CLASSES_PER_WEEK_MIN,
  DEFAULT_CLASSES_PER_WEEK,
  PROGRAM_DESCRIPTION_MAX,
  PROGRAM_TITLE_MAX,
} from '@shared/programs';
import {
  PROGRAM_COVER_MAX_BYTES,
  PROGRAM_MESSAGES,
  programForm,
  type ProgramDto,
  type ProgramFormValues,
} from '@shared/programs.contract';
import { FilePickButton } from '@web/components/file-pick-button';
import { FieldError, FormField } from '@web/components/form-field';
import { FormDialog } from '@web/components/form-dialog';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Textarea } from '@web/components/ui/textarea';
import { failureMessage, fieldErrors } from '@web/lib/api';
import { toast } from '@web/lib/use-toast';
import { useCreateProgram, useSetProgramCover, useUpdateProgram } from './api/programs';
import { ProgramClassesEditor, type EditorClass } from './program-classes-editor';

const SELECT =
  'h-9 w-full max-w-xs rounded-md border border-input bg-background px-3 text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:opacity-50 dark:bg-input/30';
const PER_WEEK = Array.from(
  { length: CLASSES_PER_WEEK_MAX - CLASSES_PER_WEEK_MIN + 1 },
  (_, i) => CLASSES_PER_WEEK_MIN + i,
);
const FIELDS = ['title', 'description', 'classesPerWeek', 'classIds'] as const;

/** The cover as the dialog will leave it: as saved, a new picture, or none. */
type CoverChoice =
  { kind: 'keep' } | { kind: 'new'; file: File; preview: string } | { kind: 'remove' };

function formValues(program: ProgramDto | null): ProgramFormValues {
  return {
    title: program?.title ?? '',
    description: program?.description ?? '',
    classesPerWeek: program?.classesPerWeek ?? DEFAULT_CLASSES_PER_WEEK,
    classIds: program?.classes.map((c) => c.id) ?? [],
  };
}

/**
 * Creates a program (`program` null) or edits one: its title, description, classes a week, cover
 * and classes in order. The cover is sent once the program is saved; when only the cover fails,
 * the program stays saved and the dialog says so (saving again edits it, never adds a second).
 */
export function ProgramFormDialog({
  open,
  program,
  library,
  onClose,
}: {
  open: boolean;
  program: ProgramDto | null;
  /** The library's classes, newest first; undefined while it loads. */
  library: readonly EditorClass[] | undefined;
  onClose: () => void;
}) {
  const id = useId();
  const create = useCreateProgram();
  const update = useUpdateProgram();
  const setCover = useSetProgramCover();
  const [saving, setSaving] = useState(false);
  const [savedId, setSavedId] = useState<string | null>(null);
  const [cover, setCoverChoice] = useState<CoverChoice>({ kind: 'keep' });
  const [coverError, setCoverError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    clearErrors,
    setValue,
    watch,
    formState: { errors },
  } = useForm<ProgramFormValues>({
    resolver: zodResolver(programForm),
    defaultValues: formValues(program),
  });

  // Each opening starts from the program as saved (or an empty form).
  useEffect(() => {
    if (!open) return;
    reset(formValues(program));
    setSavedId(null);
    setCoverChoice({ kind: 'keep' });
    setCoverError(null);
  }, [open, program, reset]);

  // A picked picture's preview is freed once replaced or the dialog closes.
  useEffect(() => {
    if (cover.kind !== 'new') return;
    return () => URL.revokeObjectURL(cover.preview);
  }, [cover]);

  const classIds = watch('classIds');
  const classesPerWeek = watch('classesPerWeek');
  const known = useMemo(() => {
    const map = new Map<string, EditorClass>();
    for (const c of program?.classes ?? []) map.set(c.id, { ...c, ready: null });
    for (const c of library ?? []) map.set(c.id, c);
    return map;
  }, [program, library]);

  function pickCover(file: File) {
    const problem = !file.type.startsWith('image/')
      ? PROGRAM_MESSAGES.coverType
      : file.size > PROGRAM_COVER_MAX_BYTES
        ? PROGRAM_MESSAGES.coverTooLarge
        : null;
    setCoverError(problem);
    if (problem) return;
    setCoverChoice({ kind: 'new', file, preview: URL.createObjectURL(file) });
  }

  const shownCover =
    cover.kind === 'new'
      ? { src: cover.preview, srcSet: undefined }
      : cover.kind === 'keep' && program?.cover
        ? program.cover
        : null;

  const save = handleSubmit(async (values) => {
    setSaving(true);
    try {
      const target = savedId ?? program?.id ?? null;
      let saved: ProgramDto;
      try {
        saved = target
          ? (await update.mutateAsync({ id: target, body: values })).program
          : (await create.mutateAsync(values)).program;
      } catch (error) {
        const problems = fieldErrors(error).filter((p) =>
          FIELDS.some((field) => p.field === field || p.field.startsWith(`${field}.`)),
        );
        for (const { field, message } of problems) {
          setError(field as keyof ProgramFormValues, { message }, { shouldFocus: true });
        }
        if (problems.length === 0) {
          setError('root', {
            message: failureMessage(error, 'Unable to save the program. Please try again.'),
          });
        }
        return;
      }
      setSavedId(saved.id);
      if (cover.kind !== 'keep') {
        try {
          await setCover.mutateAsync({
            id: saved.id,
            file: cover.kind === 'new' ? cover.file : null,
          });
        } catch (error) {
          setCoverError(failureMessage(error, 'Unable to save the cover. Please try again.'));
          setError('root', { message: 'The program is saved, but its cover is not.' });
          return;
        }
      }
      toast({
        title: program ? PROGRAM_MESSAGES.programSaved : PROGRAM_MESSAGES.programCreated,
        description: values.title,
      });
      onClose();
    } finally {
      setSaving(false);
    }
  });

  const classErrors = Array.isArray(errors.classIds)
    ? (errors.classIds as Array<{ message?: string } | undefined>).map((e) => e?.message)
    : [];

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      pending={saving}
      className="sm:max-w-2xl"
      title={program ? `Edit ${program.title}` : 'Create a program'}
      description="An ordered series of your classes, ridden a few days a week. Riders' tablets remember where they are in it."
      formLabel={program ? 'Edit program' : 'Create program'}
      onSubmit={save}
      formError={errors.root?.message}
      submitLabel={program ? 'Save program' : 'Create program'}
    >
      <FormField id={`${id}-title`} label="Title" error={errors.title?.message}>
        {(aria) => (
          <Input
            {...aria}
            autoComplete="off"
            placeholder="e.g. 4-week beginner build"
            maxLength={PROGRAM_TITLE_MAX}
            {...register('title')}
          />
        )}
      </FormField>
      <FormField
        id={`${id}-description`}
        label="Description"
        aside="Optional"
        error={errors.description?.message}
      >
        {(aria) => (
          <Textarea
            {...aria}
            rows={3}
            placeholder="Who it is for and what riders build up to."
            maxLength={PROGRAM_DESCRIPTION_MAX}
            {...register('description')}
          />
        )}
      </FormField>
      <FormField
        id={`${id}-per-week`}
        label="Classes per week"
        description="Numbers the classes as Week 1 · Day 1, Week 1 · Day 2…"
        error={errors.classesPerWeek?.message}
      >
        {(aria) => (
          <select
            {...aria}
            className={SELECT}
            {...register('classesPerWeek', { valueAsNumber: true })}
          >
            {PER_WEEK.map((n) => (
              <option key={n} value={n}>
                {n} {n === 1 ? 'class' : 'classes'} a week
              </option>
            ))}
          </select>
        )}
      </FormField>
      <div className="grid gap-2" role="group" aria-labelledby={`${id}-cover-label`}>
        <div className="flex items-baseline justify-between gap-2">
          <span id={`${id}-cover-label`} className="text-sm leading-none font-medium">
            Cover
          </span>
          <span className="text-xs text-muted-foreground">Optional</span>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <div className="flex aspect-video w-40 shrink-0 items-center justify-center overflow-hidden rounded-md border bg-muted">
            {shownCover ? (
              <img
                src={shownCover.src}
                srcSet={shownCover.srcSet}
                sizes="160px"
                alt="Cover"
                className="size-full object-cover"
                data-testid="program-cover-preview"
              />
            ) : (
              <Images aria-hidden="true" className="size-6 text-muted-foreground" />
            )}
          </div>
          <div className="flex flex-wrap gap-2">
            <FilePickButton
              accept="image/*"
              onFile={pickCover}
              disabled={saving}
              icon={<ImageUp aria-hidden="true" />}
              inputTestId="program-cover-input"
              describedBy={`${id}-cover-hint`}
            >
              {shownCover ? 'Change cover' : 'Choose cover'}
            </FilePickButton>
            {shownCover && (
              <Button
                type="button"
                variant="ghost"
                size="sm"
                disabled={saving}
                onClick={() => {
                  setCoverError(null);
                  setCoverChoice(program?.cover ? { kind: 'remove' } : { kind: 'keep' });
                }}
              >
                <X aria-hidden="true" />
                Remove cover
              </Button>
            )}
          </div>
        </div>
        <p id={`${id}-cover-hint`} className="text-sm text-muted-foreground">
          Any picture up to 10MB, cropped to 16:9 around what matters most.
        </p>
        <FieldError id={`${id}-cover-error`} message={coverError} />
      </div>
      <ProgramClassesEditor
        classIds={classIds}
        onChange={(next) => {
          // A message on a place no longer holds once the order changes.
          clearErrors('classIds');
          setValue('classIds', next, { shouldDirty: true });
        }}
        classesPerWeek={Number(classesPerWeek) || DEFAULT_CLASSES_PER_WEEK}
        known={known}
        library={library}
        errors={classErrors}
        listError={Array.isArray(errors.classIds) ? undefined : errors.classIds?.message}
        disabled={saving}
      />
    </FormDialog>
  );
}

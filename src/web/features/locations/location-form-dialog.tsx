import { useEffect, useId } from 'react';
import { Controller, useForm, type Control } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { HEX_COLOR_PATTERN, readableTextOn } from '@shared/color';
import {
  LOCATION_MESSAGES,
  locationBody,
  type LocationBody,
  type LocationDto,
  type LocationValues,
} from '@shared/locations.contract';
import { FormField } from '@web/components/form-field';
import { SlugAvailabilityNote } from '@web/components/slug-availability';
import { SlugUrlInput } from '@web/components/slug-url-input';
import { FormDialog } from '@web/components/form-dialog';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { Switch } from '@web/components/ui/switch';
import { ApiError, failureMessage, fieldErrors } from '@web/lib/api';
import { useSlugAvailability } from '@web/lib/slug-availability';
import { toast } from '@web/lib/use-toast';
import { useCreateLocation, useUpdateLocation } from './api/locations';
import { locationFormValues, ownColours } from './location-rules';

type FormOutput = LocationValues;
const FIELDS = ['name', 'slug', 'primaryColor', 'secondaryColor'] as const;

/**
 * Adds a location (`location` null) or edits a further one: its name, its public URL (checked as
 * the owner types, like the gym's own) and its colours, the gym's unless the owner picks others.
 */
export function LocationFormDialog({
  open,
  location,
  gym,
  onClose,
}: {
  open: boolean;
  location: LocationDto | null;
  /** The first location: the gym's own colours. */
  gym: LocationDto;
  onClose: () => void;
}) {
  const id = useId();
  const origin = window.location.origin;
  const create = useCreateLocation();
  const update = useUpdateLocation();
  const pending = create.isPending || update.isPending;
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    setValue,
    getValues,
    watch,
    formState: { errors },
  } = useForm<LocationBody, unknown, FormOutput>({
    resolver: zodResolver(locationBody),
    defaultValues: locationFormValues(location),
  });

  // Each opening starts from the location as saved (or an empty form to add one).
  useEffect(() => {
    if (open) reset(locationFormValues(location));
  }, [open, location, reset]);

  const typedSlug = watch('slug') ?? '';
  // Checked for a location: the gym's own slug and old slugs are taken here (one slug, one page).
  const availability = useSlugAvailability(
    typedSlug,
    location?.slug ?? null,
    'location',
    location?.id,
  );
  const primary = watch('primaryColor');
  const secondary = watch('secondaryColor');
  const gymColours = primary == null && secondary == null;

  function setGymColours(on: boolean) {
    const next = on ? { primaryColor: null, secondaryColor: null } : ownColours(gym, getValues());
    setValue('primaryColor', next.primaryColor, { shouldDirty: true });
    setValue('secondaryColor', next.secondaryColor, { shouldDirty: true });
  }

  const save = handleSubmit((body) => {
    const onSuccess = ({ message }: { message: string }) => {
      toast({ title: message, description: `${body.name} is at /gym/${body.slug}.` });
      onClose();
    };
    const onError = (error: unknown) => {
      const problems = fieldErrors(error).filter((p) =>
        (FIELDS as readonly string[]).includes(p.field),
      );
      for (const { field, message } of problems) {
        setError(field as (typeof FIELDS)[number], { message }, { shouldFocus: true });
      }
      if (problems.length > 0) return;
      const message = failureMessage(error, 'Unable to save the location. Please try again.');
      // A taken slug belongs under its field; the plan's limit or lock is said for the form.
      const slugTaken =
        error instanceof ApiError && error.status === 409 && message !== LOCATION_MESSAGES.limit;
      if (slugTaken) setError('slug', { message }, { shouldFocus: true });
      else setError('root', { message });
    };
    if (location) update.mutate({ id: location.id, body }, { onSuccess, onError });
    else create.mutate(body, { onSuccess, onError });
  });

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      pending={pending}
      className="sm:max-w-xl"
      title={location ? `Edit ${location.name}` : 'Add a location'}
      description="Each location has its own public page with the classes you offer there."
      formLabel={location ? 'Edit location' : 'Add location'}
      onSubmit={save}
      formError={errors.root?.message}
      submitLabel={location ? 'Save location' : 'Add location'}
    >
      <FormField id={`${id}-name`} label="Name" error={errors.name?.message}>
        {(aria) => (
          <Input
            {...aria}
            autoComplete="off"
            placeholder="e.g. Peak Cycle Downtown"
            maxLength={100}
            {...register('name')}
          />
        )}
      </FormField>
      <div className="grid gap-2">
        <FormField
          id={`${id}-slug`}
          label="Public URL"
          description="Lowercase letters, numbers and single hyphens, 3 to 50 characters."
          error={errors.slug?.message}
          describedBy={`${id}-availability`}
        >
          {(aria) => (
            <SlugUrlInput
              control={control}
              name="slug"
              aria={aria}
              origin={origin}
              placeholder="peak-cycle-downtown"
            />
          )}
        </FormField>
        <SlugAvailabilityNote
          id={`${id}-availability`}
          availability={availability}
          fieldError={errors.slug?.message}
          onPick={(picked) => setValue('slug', picked, { shouldValidate: true })}
        />
      </div>
      <fieldset className="grid gap-4 rounded-lg border p-4">
        <legend className="px-1 text-sm font-medium">Colors</legend>
        <div className="flex items-center justify-between gap-3">
          <Label htmlFor={`${id}-gym-colours`} className="font-normal">
            Use the gym&rsquo;s colors
          </Label>
          <Switch id={`${id}-gym-colours`} checked={gymColours} onCheckedChange={setGymColours} />
        </div>
        {gymColours ? (
          <ColourPreview
            name={watch('name') || gym.name}
            primary={gym.primaryColor}
            secondary={gym.secondaryColor}
          />
        ) : (
          <>
            <div className="grid gap-4 sm:grid-cols-2">
              <ColourInput
                control={control}
                name="primaryColor"
                label="Primary color"
                fallback={gym.primaryColor}
                error={errors.primaryColor?.message}
              />
              <ColourInput
                control={control}
                name="secondaryColor"
                label="Secondary color"
                fallback={gym.secondaryColor}
                error={errors.secondaryColor?.message}
              />
            </div>
            <ColourPreview
              name={watch('name') || gym.name}
              primary={validOr(primary, gym.primaryColor)}
              secondary={validOr(secondary, gym.secondaryColor)}
            />
          </>
        )}
      </fieldset>
    </FormDialog>
  );
}

function validOr(value: string | null | undefined, fallback: string): string {
  return value && HEX_COLOR_PATTERN.test(value) ? value : fallback;
}

/** One colour override: the browser's picker and the hex value, kept in step. */
function ColourInput({
  control,
  name,
  label,
  fallback,
  error,
}: {
  control: Control<LocationBody, unknown, FormOutput>;
  name: 'primaryColor' | 'secondaryColor';
  label: string;
  fallback: string;
  error?: string;
}) {
  const id = useId();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <FormField id={id} label={label} error={error}>
          {(aria) => (
            <div className="flex items-center gap-2">
              <input
                type="color"
                value={validOr(field.value, fallback).toLowerCase()}
                onChange={(event) => field.onChange(event.target.value)}
                aria-label={`${label} picker`}
                className="h-9 w-12 shrink-0 cursor-pointer rounded-md border border-input bg-background p-1"
              />
              <Input
                {...aria}
                ref={field.ref}
                name={field.name}
                value={field.value ?? ''}
                onBlur={field.onBlur}
                onChange={(event) => field.onChange(event.target.value.trim())}
                maxLength={7}
                spellCheck={false}
                autoComplete="off"
                className="max-w-32 font-mono uppercase"
              />
            </div>
          )}
        </FormField>
      )}
    />
  );
}

/** How the page will look: the name on the secondary colour, Start Class in the primary one. */
function ColourPreview({
  name,
  primary,
  secondary,
}: {
  name: string;
  primary: string;
  secondary: string;
}) {
  return (
    <div
      aria-hidden="true"
      className="flex items-center justify-between gap-3 rounded-md border px-3 py-2.5"
      style={{ backgroundColor: secondary, color: readableTextOn(secondary) }}
      data-testid="location-colour-preview"
    >
      <span className="min-w-0 truncate text-sm font-semibold">{name}</span>
      <span
        className="shrink-0 rounded-md px-2.5 py-1 text-xs font-medium"
        style={{ backgroundColor: primary, color: readableTextOn(primary) }}
      >
        Start Class
      </span>
    </div>
  );
}

import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Check, X } from 'lucide-react';
import type { z } from 'zod';
import { publicGymUrl, updateSlugBody } from '@shared/slug.contract';
import { FormField } from '@web/components/form-field';
import { SlugUrlInput } from '@web/components/slug-url-input';
import { SlugAvailabilityNote } from '@web/components/slug-availability';
import { Button } from '@web/components/ui/button';
import { useSlugAvailability } from '@web/lib/slug-availability';
import { slugUpdateFailure, useUpdateSlug } from '@web/lib/update-slug';
import { dismissErrorToasts, toast } from '@web/lib/use-toast';

type SlugInput = z.input<typeof updateSlugBody>;
type SlugOutput = z.output<typeof updateSlugBody>;

/**
 * The public-URL edit mode shared by the dashboard and /customize (product.md §5): typing is
 * cleaned, whether it is free is checked as the owner types (with free slugs to pick when it is
 * not), Save checks the slug rules and saves it on the server, Cancel (or an unchanged slug) leaves
 * edit mode. A refused slug is said under the field; only a network failure is a toast.
 */
export function SlugEditForm({ slug, onDone }: { slug: string | null; onDone: () => void }) {
  const id = useId();
  const origin = window.location.origin;
  const updateSlug = useUpdateSlug();
  const pending = updateSlug.isPending;
  const {
    control,
    handleSubmit,
    setError,
    setValue,
    watch,
    formState: { errors },
  } = useForm<SlugInput, unknown, SlugOutput>({
    resolver: zodResolver(updateSlugBody),
    defaultValues: { slug: slug ?? '' },
  });
  const typed = watch('slug') ?? '';
  const availability = useSlugAvailability(typed, slug);
  const fieldError = errors.slug?.message;

  const save = handleSubmit(({ slug: next }) => {
    if (next === slug) {
      onDone();
      return;
    }
    updateSlug.mutate(next, {
      onSuccess: (response) => {
        dismissErrorToasts();
        onDone();
        toast({
          title: 'Public URL updated',
          description: `Your student link is now ${publicGymUrl(origin, response.user.companySlug ?? next)}. Old links keep working.`,
        });
      },
      onError: (error) => {
        const { field, title, description } = slugUpdateFailure(error);
        if (field) setError('slug', { message: description }, { shouldFocus: true });
        else toast({ title, description, variant: 'destructive' });
      },
    });
  });

  return (
    <form className="space-y-3" noValidate onSubmit={(event) => void save(event)}>
      <FormField
        id={`${id}-slug`}
        label="Public URL"
        description="Lowercase letters, numbers and single hyphens, 3 to 50 characters. Your old link keeps working."
        error={fieldError}
        describedBy={`${id}-availability`}
      >
        {(aria) => (
          <SlugUrlInput control={control} name="slug" aria={aria} origin={origin} autoFocus />
        )}
      </FormField>
      <SlugAvailabilityNote
        id={`${id}-availability`}
        availability={availability}
        fieldError={fieldError}
        onPick={(picked) => setValue('slug', picked, { shouldValidate: true })}
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" disabled={pending}>
          <Check aria-hidden="true" />
          {pending ? 'Saving...' : 'Save'}
        </Button>
        <Button type="button" size="sm" variant="outline" onClick={onDone} disabled={pending}>
          <X aria-hidden="true" />
          Cancel
        </Button>
      </div>
    </form>
  );
}

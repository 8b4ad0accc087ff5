import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeft, ArrowRight, Globe } from 'lucide-react';
import type { z } from 'zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { completeOnboardingBody } from '@shared/onboarding.contract';
import { sanitizeSlugInput, SLUG_TAKEN } from '@shared/slug.contract';
import { FormField } from '@web/components/form-field';
import { SlugAvailabilityNote } from '@web/components/slug-availability';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { failureMessage, isNetworkError } from '@web/lib/api';
import { slugCheckQuery, useSlugAvailability } from '@web/lib/slug-availability';
import { cn } from '@web/lib/utils';
import { publicLinkPrefix } from './wizard-data';

const slugForm = completeOnboardingBody.pick({ companySlug: true });

const SLUG_NETWORK = 'Unable to check slug availability. Please try again.';

interface SlugStepProps {
  initialSlug: string;
  /** The slug the server confirmed as available. */
  onNext: (slug: string) => void;
  /** Back to step 1, handing over whatever is in the field so it is kept. */
  onBack: (slug: string) => void;
}

/**
 * Step 2: choose the public link slug. Typing is cleaned as on the dashboard (the preview shows
 * the slug it will really be), whether it is free is checked as the owner types, with free slugs to
 * pick; continuing asks the server once more. Every refusal is said under the field.
 */
export function SlugStep({ initialSlug, onNext, onBack }: SlugStepProps) {
  const id = useId();
  const queryClient = useQueryClient();
  // The check on Continue, always fresh; its answer also feeds the live note (same cache entry).
  const check = useMutation({
    mutationFn: (value: string) =>
      queryClient.fetchQuery({ ...slugCheckQuery(value), staleTime: 0 }),
  });
  const checking = check.isPending;
  const prefix = publicLinkPrefix();

  const {
    register,
    handleSubmit,
    getValues,
    setValue,
    setError,
    watch,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(slugForm),
    defaultValues: { companySlug: sanitizeSlugInput(initialSlug) },
  });

  const slug = watch('companySlug');
  const availability = useSlugAvailability(slug);
  const fieldError = errors.companySlug?.message;
  const slugField = register('companySlug');

  function checkAndContinue({ companySlug: value }: z.output<typeof slugForm>) {
    check.mutate(value, {
      onSuccess: (result) => {
        if (result.available) onNext(value);
        else
          setError('companySlug', { message: result.message || SLUG_TAKEN }, { shouldFocus: true });
      },
      onError: (error) => {
        const message = isNetworkError(error) ? SLUG_NETWORK : failureMessage(error, SLUG_TAKEN);
        setError('companySlug', { message }, { shouldFocus: true });
      },
    });
  }

  return (
    <form noValidate onSubmit={handleSubmit(checkAndContinue)} className="space-y-6">
      <div className="grid gap-2">
        <FormField
          id={`${id}-slug`}
          label="Public URL"
          error={fieldError}
          description="3 to 50 characters: lowercase letters, numbers and hyphens."
          describedBy={`${id}-availability`}
        >
          {(aria) => (
            <div
              className={cn(
                'flex h-9 w-full min-w-0 items-stretch overflow-hidden rounded-md border border-input bg-transparent shadow-xs dark:bg-input/30 transition-[color,box-shadow]',
                'focus-within:border-ring focus-within:ring-[3px] focus-within:ring-ring/50',
                errors.companySlug &&
                  'border-destructive focus-within:border-destructive focus-within:ring-destructive/20',
              )}
            >
              <span
                aria-hidden="true"
                title={prefix}
                className="flex max-w-[55%] shrink-0 items-center border-r border-input bg-muted px-3 text-sm text-muted-foreground sm:max-w-[65%]"
              >
                {/* rtl + bdi: when space is short, the ellipsis eats the start, keeping '/gym/' visible */}
                <span dir="rtl" className="truncate">
                  <bdi dir="ltr">{prefix}</bdi>
                </span>
              </span>
              <input
                {...aria}
                autoComplete="off"
                autoCapitalize="none"
                spellCheck={false}
                placeholder="your-gym"
                className="min-w-0 flex-1 bg-transparent px-3 text-base outline-none placeholder:text-muted-foreground md:text-sm"
                {...slugField}
                onChange={(event) => {
                  event.target.value = sanitizeSlugInput(event.target.value);
                  void slugField.onChange(event);
                }}
              />
            </div>
          )}
        </FormField>
        <SlugAvailabilityNote
          id={`${id}-availability`}
          availability={availability}
          fieldError={fieldError}
          onPick={(picked) => setValue('companySlug', picked, { shouldValidate: true })}
        />
      </div>

      <div className="flex items-start gap-3 rounded-lg border bg-muted/50 p-4">
        <Globe aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
        <div className="min-w-0 space-y-1">
          <p className="text-sm font-medium">Your students will visit</p>
          <p className="font-mono text-sm break-all text-muted-foreground">
            {prefix}
            <span className="font-semibold text-foreground">{slug || 'your-gym'}</span>
          </p>
        </div>
      </div>

      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
        <Button
          type="button"
          variant="outline"
          onClick={() => onBack(getValues('companySlug'))}
          disabled={checking}
          className="w-full sm:w-auto"
        >
          <ArrowLeft aria-hidden="true" />
          Back
        </Button>
        <Button type="submit" disabled={checking} className="w-full sm:w-auto">
          {checking ? (
            <>
              <Spinner aria-hidden="true" />
              Checking...
            </>
          ) : (
            <>
              Continue
              <ArrowRight aria-hidden="true" />
            </>
          )}
        </Button>
      </div>
    </form>
  );
}

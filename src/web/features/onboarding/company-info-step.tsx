import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowRight } from 'lucide-react';
import {
  COMPANY_DESCRIPTION_MAX,
  COMPANY_TYPE_LABELS,
  COMPANY_TYPES,
  companyInfo,
  type CompanyInfo,
} from '@shared/onboarding.contract';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@web/components/ui/select';
import { Textarea } from '@web/components/ui/textarea';
import { cn } from '@web/lib/utils';
import { describedBy, FieldError } from '@web/components/form-field';
import type { WizardData } from './wizard-data';

interface CompanyInfoStepProps {
  initial: Pick<WizardData, 'companyName' | 'companyType' | 'companyDescription'>;
  onNext: (values: CompanyInfo) => void;
}

/** Step 1: company name, type and an optional description. */
export function CompanyInfoStep({ initial, onNext }: CompanyInfoStepProps) {
  const id = useId();
  const ids = {
    name: `${id}-name`,
    nameError: `${id}-name-error`,
    type: `${id}-type`,
    typeError: `${id}-type-error`,
    description: `${id}-description`,
    descriptionError: `${id}-description-error`,
    descriptionCount: `${id}-description-count`,
  };

  const {
    register,
    control,
    handleSubmit,
    watch,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(companyInfo),
    defaultValues: {
      companyName: initial.companyName,
      companyType: initial.companyType,
      companyDescription: initial.companyDescription,
    },
  });

  const descriptionLength = (watch('companyDescription') ?? '').length;
  const overLimit = descriptionLength > COMPANY_DESCRIPTION_MAX;

  return (
    <form noValidate onSubmit={handleSubmit(onNext)} className="space-y-6">
      <div className="space-y-2">
        <Label htmlFor={ids.name}>Company name</Label>
        <Input
          id={ids.name}
          autoComplete="organization"
          placeholder="e.g. Peak Performance Cycling"
          aria-invalid={errors.companyName ? true : undefined}
          aria-describedby={describedBy(errors.companyName && ids.nameError)}
          {...register('companyName')}
        />
        <FieldError id={ids.nameError} message={errors.companyName?.message} />
      </div>

      <div className="space-y-2">
        <Label htmlFor={ids.type}>Company type</Label>
        <Controller
          control={control}
          name="companyType"
          render={({ field }) => (
            <Select value={field.value ?? ''} onValueChange={field.onChange} name={field.name}>
              <SelectTrigger
                id={ids.type}
                ref={field.ref}
                onBlur={field.onBlur}
                className="w-full"
                aria-invalid={errors.companyType ? true : undefined}
                aria-describedby={describedBy(errors.companyType && ids.typeError)}
              >
                <SelectValue placeholder="Select your business type" />
              </SelectTrigger>
              <SelectContent>
                {COMPANY_TYPES.map((type) => (
                  <SelectItem key={type} value={type}>
                    {COMPANY_TYPE_LABELS[type]}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          )}
        />
        <FieldError id={ids.typeError} message={errors.companyType?.message} />
      </div>

      <div className="space-y-2">
        <div className="flex items-baseline justify-between gap-2">
          <Label htmlFor={ids.description}>Description</Label>
          <span className="text-xs text-muted-foreground">Optional</span>
        </div>
        <Textarea
          id={ids.description}
          rows={4}
          placeholder="Tell your members what makes your classes special"
          className="min-h-[100px] resize-y"
          aria-invalid={errors.companyDescription ? true : undefined}
          aria-describedby={describedBy(
            errors.companyDescription && ids.descriptionError,
            ids.descriptionCount,
          )}
          {...register('companyDescription')}
        />
        <div className="flex items-start justify-between gap-3">
          <FieldError id={ids.descriptionError} message={errors.companyDescription?.message} />
          <p
            id={ids.descriptionCount}
            className={cn(
              'ml-auto shrink-0 text-xs tabular-nums',
              overLimit ? 'font-medium text-destructive-text' : 'text-muted-foreground',
            )}
          >
            <span className="sr-only">Characters used: </span>
            {descriptionLength}/{COMPANY_DESCRIPTION_MAX}
          </p>
        </div>
      </div>

      <div className="flex justify-end">
        <Button type="submit" className="w-full sm:w-auto">
          Continue
          <ArrowRight aria-hidden="true" />
        </Button>
      </div>
    </form>
  );
}

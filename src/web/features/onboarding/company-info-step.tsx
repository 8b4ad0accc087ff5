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
import { FormField } from '@web/components/form-field';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@web/components/ui/select';
import { Textarea } from '@web/components/ui/textarea';
import { cn } from '@web/lib/utils';
import type { WizardData } from './wizard-data';

interface CompanyInfoStepProps {
  initial: Pick<WizardData, 'companyName' | 'companyType' | 'companyDescription'>;
  onNext: (values: CompanyInfo) => void;
}

/** Step 1: company name, type and an optional description. */
export function CompanyInfoStep({ initial, onNext }: CompanyInfoStepProps) {
  const id = useId();
  const countId = `${id}-description-count`;

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
      <FormField id={`${id}-name`} label="Company name" error={errors.companyName?.message}>
        {(aria) => (
          <Input
            {...aria}
            autoComplete="organization"
            placeholder="e.g. Peak Performance Cycling"
            {...register('companyName')}
          />
        )}
      </FormField>

      <FormField id={`${id}-type`} label="Company type" error={errors.companyType?.message}>
        {(aria) => (
          <Controller
            control={control}
            name="companyType"
            render={({ field }) => (
              <Select value={field.value ?? ''} onValueChange={field.onChange} name={field.name}>
                <SelectTrigger {...aria} ref={field.ref} onBlur={field.onBlur} className="w-full">
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
        )}
      </FormField>

      <div className="space-y-2">
        <FormField
          id={`${id}-description`}
          label="Description"
          aside="Optional"
          error={errors.companyDescription?.message}
          describedBy={countId}
        >
          {(aria) => (
            <Textarea
              {...aria}
              rows={4}
              placeholder="Tell your members what makes your classes special"
              className="min-h-[100px] resize-y"
              {...register('companyDescription')}
            />
          )}
        </FormField>
        <p
          id={countId}
          className={cn(
            'text-right text-xs tabular-nums',
            overLimit ? 'font-medium text-destructive-text' : 'text-muted-foreground',
          )}
        >
          <span className="sr-only">Characters used: </span>
          {descriptionLength}/{COMPANY_DESCRIPTION_MAX}
        </p>
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

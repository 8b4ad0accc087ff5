import { useState } from 'react';
import { ArrowLeft, CircleCheck } from 'lucide-react';
import { COMPANY_TYPE_LABELS } from '@shared/onboarding.contract';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { publicLinkPrefix, type WizardData } from './wizard-data';

interface CompleteStepProps {
  data: WizardData;
  onBack: () => void;
  /** Sends everything; resolves true on success (the page then navigates away). */
  onComplete: () => Promise<boolean>;
}

/** Step 3: a summary of what was entered and the 'Complete Setup' button. */
export function CompleteStep({ data, onBack, onComplete }: CompleteStepProps) {
  const [submitting, setSubmitting] = useState(false);

  async function handleComplete() {
    setSubmitting(true);
    const ok = await onComplete();
    if (!ok) setSubmitting(false);
  }

  const rows: Array<{ label: string; value: string; mono?: boolean; muted?: boolean }> = [
    { label: 'Company name', value: data.companyName },
    { label: 'Company type', value: data.companyType ? COMPANY_TYPE_LABELS[data.companyType] : '' },
    {
      label: 'Description',
      value: data.companyDescription || 'No description added',
      muted: !data.companyDescription,
    },
    { label: 'Public URL', value: `${publicLinkPrefix()}${data.companySlug}`, mono: true },
  ];

  return (
    <div className="space-y-6">
      <div className="flex items-start gap-3 rounded-lg border border-success/30 bg-success/10 p-4">
        <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-success" />
        <p className="text-sm">
          <span className="font-medium">Your link is available.</span>{' '}
          <span className="text-muted-foreground">
            Check the details below, then finish setting up.
          </span>
        </p>
      </div>

      <dl className="divide-y rounded-lg border">
        {rows.map(({ label, value, mono, muted }) => (
          <div key={label} className="grid gap-1 px-4 py-3 sm:grid-cols-3 sm:gap-4">
            <dt className="text-sm font-medium text-muted-foreground">{label}</dt>
            <dd
              className={
                'text-sm sm:col-span-2 ' +
                (mono ? 'font-mono break-all ' : 'break-words whitespace-pre-line ') +
                (muted ? 'text-muted-foreground italic' : 'text-foreground')
              }
            >
              {value}
            </dd>
          </div>
        ))}
      </dl>

      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
        <Button
          type="button"
          variant="outline"
          onClick={onBack}
          disabled={submitting}
          className="w-full sm:w-auto"
        >
          <ArrowLeft aria-hidden="true" />
          Back
        </Button>
        <Button
          type="button"
          onClick={handleComplete}
          disabled={submitting}
          className="w-full sm:w-auto"
        >
          {submitting ? (
            <>
              <Spinner aria-hidden="true" />
              Setting up...
            </>
          ) : (
            'Complete Setup'
          )}
        </Button>
      </div>
    </div>
  );
}

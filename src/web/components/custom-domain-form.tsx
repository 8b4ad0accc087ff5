import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { CheckCircle2, Clock, ShieldCheck } from 'lucide-react';
import type { z } from 'zod';
import {
  DOMAIN_MESSAGES,
  updateDomainBody,
  type CustomDomainView,
} from '@shared/branding.contract';
import { FormField } from '@web/components/form-field';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { failureMessage } from '@web/lib/api';
import { toast } from '@web/lib/use-toast';

type DomainInput = z.input<typeof updateDomainBody>;
type DomainOutput = z.output<typeof updateDomainBody>;

/** What a save or a verify answered: its message and the domain's state now. */
export interface DomainAnswer {
  message: string;
  domain: CustomDomainView;
}

interface CustomDomainFormProps {
  /** The domain as saved. */
  domain: CustomDomainView;
  /** Saves the domain (normalised by the contract), or removes it with null. */
  save: (next: string | null) => Promise<DomainAnswer>;
  /** Looks the TXT record up and verifies the saved domain. */
  verify: () => Promise<DomainAnswer>;
  /** Said after the field's label to screen readers, e.g. "for Harbour". */
  labelSuffix?: string;
  /** Said when the domain is removed. */
  removedDescription: string;
}

/**
 * A custom domain (product.md §9) for a gym or one of its locations: the field with Save and
 * Remove, then the saved domain's state (verified since when, or the TXT record and Verify).
 */
export function CustomDomainForm({
  domain,
  save,
  verify,
  labelSuffix,
  removedDescription,
}: CustomDomainFormProps) {
  const id = useId();
  const [busy, setBusy] = useState<'save' | 'verify' | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    clearErrors,
    formState: { errors },
  } = useForm<DomainInput, unknown, DomainOutput>({
    resolver: zodResolver(updateDomainBody),
    defaultValues: { domain: domain.customDomain ?? '' },
  });
  const appHost = window.location.hostname;

  async function saveDomain(next: string | null) {
    clearErrors('domain');
    setBusy('save');
    try {
      const answer = await save(next);
      const saved = answer.domain;
      reset({ domain: saved.customDomain ?? '' });
      toast({
        title: answer.message,
        description: !saved.customDomain
          ? removedDescription
          : saved.customDomainStatus === 'verified'
            ? DOMAIN_MESSAGES.verifiedDescription(saved.customDomain)
            : DOMAIN_MESSAGES.addRecord,
      });
    } catch (err) {
      const message = failureMessage(err, 'Unable to save the domain. Please try again.');
      setError('domain', { message });
      toast({ title: 'Domain not saved', description: message, variant: 'destructive' });
    } finally {
      setBusy(null);
    }
  }

  async function runVerify() {
    clearErrors('domain');
    setBusy('verify');
    try {
      const answer = await verify();
      toast({
        title: answer.message,
        description: DOMAIN_MESSAGES.verifiedDescription(answer.domain.customDomain ?? ''),
      });
    } catch (err) {
      const message = failureMessage(err, 'Unable to verify the domain. Please try again.');
      setError('domain', { message });
      toast({ title: DOMAIN_MESSAGES.verifyFailed, description: message, variant: 'destructive' });
    } finally {
      setBusy(null);
    }
  }

  return (
    <div className="space-y-4">
      <form
        className="space-y-3"
        noValidate
        onSubmit={handleSubmit(({ domain: next }) => saveDomain(next))}
      >
        <FormField
          id={`${id}-domain`}
          label={<>Domain{labelSuffix && <span className="sr-only"> {labelSuffix}</span>}</>}
          error={errors.domain?.message}
          description={
            <>
              At your DNS provider, add a CNAME record for this name pointing to{' '}
              <span className="font-mono">{appHost}</span>.
            </>
          }
        >
          {(control) => (
            <Input
              {...control}
              placeholder="classes.yourgym.com"
              autoComplete="off"
              spellCheck={false}
              maxLength={253}
              className="font-mono"
              {...register('domain')}
            />
          )}
        </FormField>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" size="sm" disabled={busy !== null}>
            {busy === 'save' ? 'Saving...' : 'Save domain'}
          </Button>
          {domain.customDomain && (
            <Button
              type="button"
              size="sm"
              variant="outline"
              disabled={busy !== null}
              onClick={() => void saveDomain(null)}
            >
              Remove domain
            </Button>
          )}
        </div>
      </form>
      {domain.customDomain && (
        <DomainStatus
          domain={domain}
          verifying={busy === 'verify'}
          disabled={busy !== null}
          onVerify={() => void runVerify()}
        />
      )}
    </div>
  );
}

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/** The saved domain's state: verified (since when), or the TXT record to add and the Verify button. */
function DomainStatus({
  domain,
  verifying,
  disabled,
  onVerify,
}: {
  domain: CustomDomainView;
  verifying: boolean;
  disabled: boolean;
  onVerify: () => void;
}) {
  const record = domain.customDomainRecord;
  if (domain.customDomainStatus === 'verified') {
    return (
      <div
        className="flex flex-wrap items-center gap-2 rounded-lg border p-3 text-sm"
        data-testid="domain-status"
      >
        <span className="inline-flex items-center gap-1.5 font-medium text-success">
          <CheckCircle2 aria-hidden="true" className="size-4" />
          {DOMAIN_MESSAGES.verifiedStatus}
        </span>
        <span className="min-w-0 font-mono break-all">{domain.customDomain}</span>
        {domain.customDomainVerifiedAt && (
          <span className="text-muted-foreground">
            since{' '}
            <time dateTime={domain.customDomainVerifiedAt}>
              {dateFormat.format(new Date(domain.customDomainVerifiedAt))}
            </time>
          </span>
        )}
      </div>
    );
  }
  return (
    <div className="space-y-3 rounded-lg border p-3 text-sm" data-testid="domain-status">
      <p className="inline-flex items-center gap-1.5 font-medium">
        <Clock aria-hidden="true" className="size-4 text-muted-foreground" />
        {DOMAIN_MESSAGES.pending}
      </p>
      <p className="text-muted-foreground">{DOMAIN_MESSAGES.addRecord}</p>
      {record && (
        <dl className="grid gap-2 sm:grid-cols-[auto_1fr] sm:gap-x-3" data-testid="domain-record">
          <dt className="font-medium">Type</dt>
          <dd className="font-mono">TXT</dd>
          <dt className="font-medium">Name</dt>
          <dd className="rounded bg-muted px-2 py-1 font-mono break-all select-all">
            {record.name}
          </dd>
          <dt className="font-medium">Value</dt>
          <dd className="rounded bg-muted px-2 py-1 font-mono break-all select-all">
            {record.value}
          </dd>
        </dl>
      )}
      <Button type="button" size="sm" variant="secondary" disabled={disabled} onClick={onVerify}>
        <ShieldCheck aria-hidden="true" />
        {verifying ? 'Verifying...' : DOMAIN_MESSAGES.verify}
      </Button>
    </div>
  );
}

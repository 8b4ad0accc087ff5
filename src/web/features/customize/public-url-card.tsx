import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { CheckCircle2, Clock, ExternalLink, Globe, Link2, Pencil, ShieldCheck } from 'lucide-react';
import type { z } from 'zod';
import {
  BRANDING_LOCKS,
  DOMAIN_MESSAGES,
  updateDomainBody,
  type BrandingDto,
} from '@shared/branding.contract';
import { publicGymUrl } from '@shared/slug.contract';
import { FormField } from '@web/components/form-field';
import { SlugEditForm } from '@web/components/slug-edit-form';
import { Button } from '@web/components/ui/button';
import {
  Card,
  CardAction,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '@web/components/ui/card';
import { Input } from '@web/components/ui/input';
import { failureMessage } from '@web/lib/api';
import { toast } from '@web/lib/use-toast';
import { useSaveDomain, useVerifyDomain } from './api/branding';
import { LockedNote } from '@web/components/locked-note';

type DomainInput = z.input<typeof updateDomainBody>;
type DomainOutput = z.output<typeof updateDomainBody>;

/** The public student link with the slug edit mode (product.md §2, §4: edit vs save/cancel). */
export function PublicUrlCard({ slug }: { slug: string | null }) {
  const origin = window.location.origin;
  const [editing, setEditing] = useState(false);
  const link = slug ? publicGymUrl(origin, slug) : null;

  return (
    <Card className="gap-4" data-testid="public-url-card">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Link2 aria-hidden="true" className="size-5 text-primary" />
          <h2>Public URL</h2>
        </CardTitle>
        <CardDescription>
          Where riders find your classes. Old links keep working after a change.
        </CardDescription>
        {!editing && (
          <CardAction>
            <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
              <Pencil aria-hidden="true" />
              Edit<span className="sr-only"> public URL</span>
            </Button>
          </CardAction>
        )}
      </CardHeader>
      <CardContent>
        {editing ? (
          <SlugEditForm slug={slug} onDone={() => setEditing(false)} />
        ) : link ? (
          <div className="flex flex-wrap items-center gap-2">
            <p
              className="min-w-0 flex-1 rounded-md border bg-muted px-3 py-2 font-mono text-sm break-all"
              data-testid="customize-public-link"
            >
              {link}
            </p>
            <Button asChild size="sm" variant="outline">
              <a href={link} target="_blank" rel="noreferrer">
                <ExternalLink aria-hidden="true" />
                Open<span className="sr-only"> public page in a new tab</span>
              </a>
            </Button>
          </div>
        ) : (
          <p className="text-sm text-muted-foreground">
            Set a public URL to get your student link.
          </p>
        )}
      </CardContent>
    </Card>
  );
}

/** product.md §9: a custom domain on plans that include one; otherwise, where to get one. */
export function CustomDomainCard({ branding }: { branding: BrandingDto }) {
  const domain = branding.customDomain;
  const id = useId();
  const save = useSaveDomain();
  const verify = useVerifyDomain();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    clearErrors,
    formState: { errors },
  } = useForm<DomainInput, unknown, DomainOutput>({
    resolver: zodResolver(updateDomainBody),
    defaultValues: { domain: domain ?? '' },
  });
  const appHost = window.location.hostname;
  const busy = save.isPending || verify.isPending;

  /** Saves the domain (normalised by the contract), or removes it with null. */
  function saveDomain(next: string | null) {
    clearErrors('domain');
    save.mutate(next, {
      onSuccess: (response) => {
        const saved = response.branding;
        reset({ domain: saved.customDomain ?? '' });
        toast({
          title: response.message,
          description: !saved.customDomain
            ? 'Your classes are at your public URL only.'
            : saved.customDomainStatus === 'verified'
              ? DOMAIN_MESSAGES.verifiedDescription(saved.customDomain)
              : DOMAIN_MESSAGES.addRecord,
        });
      },
      onError: (err) => {
        const message = failureMessage(err, 'Unable to save the domain. Please try again.');
        setError('domain', { message });
        toast({ title: 'Domain not saved', description: message, variant: 'destructive' });
      },
    });
  }

  function runVerify() {
    clearErrors('domain');
    verify.mutate(undefined, {
      onSuccess: (response) => {
        toast({
          title: response.message,
          description: DOMAIN_MESSAGES.verifiedDescription(response.branding.customDomain ?? ''),
        });
      },
      onError: (err) => {
        const message = failureMessage(err, 'Unable to verify the domain. Please try again.');
        setError('domain', { message });
        toast({
          title: DOMAIN_MESSAGES.verifyFailed,
          description: message,
          variant: 'destructive',
        });
      },
    });
  }

  return (
    <Card className="gap-4" data-testid="custom-domain-card">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Globe aria-hidden="true" className="size-5 text-primary" />
          <h2>Custom Domain</h2>
        </CardTitle>
        <CardDescription>
          Open your class page on your own address, like classes.yourgym.com.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {branding.customDomainAllowed ? (
          <div className="space-y-4">
            <form
              className="space-y-3"
              noValidate
              onSubmit={handleSubmit(({ domain: next }) => saveDomain(next))}
            >
              <FormField
                id={`${id}-domain`}
                label="Domain"
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
                <Button type="submit" size="sm" disabled={busy}>
                  {save.isPending ? 'Saving...' : 'Save domain'}
                </Button>
                {domain && (
                  <Button
                    type="button"
                    size="sm"
                    variant="outline"
                    disabled={busy}
                    onClick={() => saveDomain(null)}
                  >
                    Remove domain
                  </Button>
                )}
              </div>
            </form>
            {domain && (
              <DomainStatus
                branding={branding}
                verifying={verify.isPending}
                disabled={busy}
                onVerify={runVerify}
              />
            )}
          </div>
        ) : (
          <LockedNote feature="customDomain" message={BRANDING_LOCKS.customDomain} />
        )}
      </CardContent>
    </Card>
  );
}

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/** The saved domain's state: verified (since when), or the TXT record to add and the Verify button. */
function DomainStatus({
  branding,
  verifying,
  disabled,
  onVerify,
}: {
  branding: BrandingDto;
  verifying: boolean;
  disabled: boolean;
  onVerify: () => void;
}) {
  const record = branding.customDomainRecord;
  if (branding.customDomainStatus === 'verified') {
    return (
      <div
        className="flex flex-wrap items-center gap-2 rounded-lg border p-3 text-sm"
        data-testid="domain-status"
      >
        <span className="inline-flex items-center gap-1.5 font-medium text-success">
          <CheckCircle2 aria-hidden="true" className="size-4" />
          {DOMAIN_MESSAGES.verifiedStatus}
        </span>
        <span className="min-w-0 font-mono break-all">{branding.customDomain}</span>
        {branding.customDomainVerifiedAt && (
          <span className="text-muted-foreground">
            since{' '}
            <time dateTime={branding.customDomainVerifiedAt}>
              {dateFormat.format(new Date(branding.customDomainVerifiedAt))}
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

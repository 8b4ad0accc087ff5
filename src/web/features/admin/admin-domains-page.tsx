import { useState, type MouseEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { CheckCircle2, Clock, Globe } from 'lucide-react';
import { ADMIN_DOMAIN_MESSAGES, type AdminDomainDto } from '@shared/admin.contract';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@web/components/ui/alert-dialog';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { failureMessage } from '@web/lib/api';
import { toast } from '@web/lib/use-toast';
import { adminDomainsQuery, useRevokeDomain } from './api/admin-domains';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const formatDate = (iso: string | null) => (iso ? dateFormat.format(new Date(iso)) : '—');

/** /admin/domains: every gym's custom domain, verified or waiting, and the revoke. */
export function AdminDomainsPage() {
  const query = useQuery(adminDomainsQuery);
  const [revoking, setRevoking] = useState<AdminDomainDto | null>(null);
  const data = query.data;

  return (
    <main className="mx-auto max-w-7xl px-4 py-6 sm:px-6">
      <div className="mb-6 flex flex-col gap-1">
        <h1 className="text-2xl font-bold tracking-tight">{ADMIN_DOMAIN_MESSAGES.title}</h1>
        <p className="text-sm text-muted-foreground">{ADMIN_DOMAIN_MESSAGES.description}</p>
      </div>

      {query.isLoading ? (
        <div className="flex justify-center py-16">
          <Spinner label="Loading domains..." />
        </div>
      ) : query.isError ? (
        <p role="alert" className="py-16 text-center text-sm text-destructive-text">
          Unable to load domains. {query.error.message}
        </p>
      ) : data && data.domains.length > 0 ? (
        <>
          <p className="mb-3 text-sm text-muted-foreground" aria-live="polite">
            {data.total} {data.total === 1 ? 'domain' : 'domains'}
            {data.total > data.domains.length && ` (the newest ${data.domains.length} shown)`}
          </p>
          <ul className="grid gap-3" data-testid="admin-domains">
            {data.domains.map((domain) => (
              <DomainRow
                key={`${domain.owner.id}:${domain.domain}`}
                domain={domain}
                onRevoke={() => setRevoking(domain)}
              />
            ))}
          </ul>
        </>
      ) : (
        <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed bg-card py-16 text-center">
          <Globe aria-hidden="true" className="size-10 text-muted-foreground" />
          <p className="font-medium">{ADMIN_DOMAIN_MESSAGES.empty}</p>
        </div>
      )}

      <RevokeDialog domain={revoking} onClose={() => setRevoking(null)} />
    </main>
  );
}

function DomainRow({ domain, onRevoke }: { domain: AdminDomainDto; onRevoke: () => void }) {
  const verified = domain.status === 'verified';
  return (
    <li
      className="flex flex-col gap-3 rounded-xl border bg-card p-4 sm:flex-row sm:items-center"
      data-testid="admin-domain"
    >
      <div className="min-w-0 flex-1 space-y-1">
        <p className="font-mono text-sm font-semibold break-all">{domain.domain}</p>
        <p className="text-sm break-words">
          {domain.owner.companyName ?? 'No company name'}
          {domain.location && <> · {domain.location.name} location</>}
          <span className="text-muted-foreground"> · {domain.owner.email}</span>
        </p>
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground">
          {verified ? (
            <span className="inline-flex items-center gap-1 font-medium text-success">
              <CheckCircle2 aria-hidden="true" className="size-3.5" />
              {ADMIN_DOMAIN_MESSAGES.verified}
            </span>
          ) : (
            <span className="inline-flex items-center gap-1 font-medium text-foreground">
              <Clock aria-hidden="true" className="size-3.5" />
              {ADMIN_DOMAIN_MESSAGES.pending}
            </span>
          )}
          <span>
            {verified ? 'Verified ' : 'Added '}
            <time dateTime={(verified ? domain.verifiedAt : domain.addedAt) ?? undefined}>
              {formatDate(verified ? domain.verifiedAt : domain.addedAt)}
            </time>
          </span>
        </p>
      </div>
      <Button variant="outline" size="sm" className="self-start sm:self-center" onClick={onRevoke}>
        {ADMIN_DOMAIN_MESSAGES.revoke}
        <span className="sr-only"> {domain.domain}</span>
      </Button>
    </li>
  );
}

function RevokeDialog({ domain, onClose }: { domain: AdminDomainDto | null; onClose: () => void }) {
  const revoke = useRevokeDomain();

  function confirm(event: MouseEvent) {
    event.preventDefault();
    if (!domain) return;
    revoke.mutate(
      { ownerId: domain.owner.id, domain: domain.domain, locationId: domain.location?.id ?? null },
      {
        onSuccess: (response) => {
          toast({ title: response.message, description: domain.domain });
          onClose();
        },
        onError: (error) => {
          toast({
            title: ADMIN_DOMAIN_MESSAGES.revokeFailed,
            description: failureMessage(error, 'Failed to revoke the domain. Please try again.'),
            variant: 'destructive',
          });
        },
      },
    );
  }

  return (
    <AlertDialog
      open={domain !== null}
      onOpenChange={(open) => !open && !revoke.isPending && onClose()}
    >
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{ADMIN_DOMAIN_MESSAGES.revoke} this domain?</AlertDialogTitle>
          <AlertDialogDescription className="break-words">
            {domain ? ADMIN_DOMAIN_MESSAGES.revokeConfirm(domain.domain) : ''}
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={revoke.isPending}>Cancel</AlertDialogCancel>
          <AlertDialogAction variant="destructive" onClick={confirm} disabled={revoke.isPending}>
            {revoke.isPending ? 'Revoking...' : ADMIN_DOMAIN_MESSAGES.revoke}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

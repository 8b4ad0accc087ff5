import { MailCheck } from 'lucide-react';
import type { PublicUser } from '@shared/auth.contract';
import { Button } from '@web/components/ui/button';
import { useResendEmailLink } from '@web/lib/email-link';

/** A quiet line until the account's address is verified (product.md §14), with 'Resend'. */
export function VerifyEmailBanner({ user }: { user: PublicUser }) {
  const resend = useResendEmailLink();
  if (user.emailVerified) return null;
  return (
    <div
      role="status"
      className="flex flex-col gap-2 rounded-md border bg-muted/40 px-3 py-2 text-sm sm:flex-row sm:items-center sm:justify-between"
    >
      <p className="flex min-w-0 items-start gap-2 text-muted-foreground">
        <MailCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
        <span className="min-w-0 break-words">
          Please verify your email address: open the link we sent to{' '}
          <span className="font-medium text-foreground">{user.email}</span>.
        </span>
      </p>
      <Button
        variant="outline"
        size="sm"
        className="shrink-0 self-start sm:self-auto"
        disabled={resend.isPending}
        onClick={() => resend.mutate()}
      >
        {resend.isPending ? 'Sending...' : 'Resend'}
      </Button>
    </div>
  );
}

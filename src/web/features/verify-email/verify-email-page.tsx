import * as React from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { CircleCheck, Loader2, MailCheck, TriangleAlert } from 'lucide-react';
import { Link } from 'wouter';
import { INVALID_EMAIL_LINK, verifyEmailBody } from '@shared/email-verification.contract';
import { Logo } from '@web/components/logo';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { failureMessage } from '@web/lib/api';
import { refetchCurrentUser, SIGN_IN_PATH, useCurrentUser } from '@web/lib/session';
import { useVerifyEmail } from './api/verify-email';

/** The token of the link that opened the page, when it has the shape of one. */
function tokenFromLocation(): string | null {
  const token = new URLSearchParams(window.location.search).get('token');
  return token && verifyEmailBody.shape.token.safeParse(token).success ? token : null;
}

/**
 * /verify-email?token=… (a verification or email-change link, product.md §14): opening it proves
 * the address, signed in or not. A link that does not work says so, never a blank page.
 */
export function VerifyEmailPage() {
  const [token] = React.useState(tokenFromLocation);
  const queryClient = useQueryClient();
  const { user } = useCurrentUser();
  const verify = useVerifyEmail();
  const sent = React.useRef(false);

  React.useEffect(() => {
    // Once, even when React runs the effect twice: a link works once.
    if (!token || sent.current) return;
    sent.current = true;
    verify.mutate({ token }, { onSuccess: () => void refetchCurrentUser(queryClient) });
  }, [token, verify, queryClient]);

  const failed = !token || verify.isError;
  const message = verify.isSuccess
    ? verify.data.message
    : failed
      ? token
        ? failureMessage(verify.error, 'Unable to check the link. Please try again.')
        : INVALID_EMAIL_LINK
      : null;

  return (
    <main className="flex min-h-dvh items-center justify-center bg-muted/30 px-4 py-10">
      <Card className="w-full max-w-sm">
        <CardHeader className="items-center text-center">
          <Logo className="mb-2 justify-center" />
          <CardTitle className="flex items-center justify-center gap-2 text-xl">
            <MailCheck aria-hidden="true" className="size-5 text-primary" />
            <h1>Your email address</h1>
          </CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4 text-center">
          {message === null ? (
            <p className="flex items-center justify-center gap-2 text-sm text-muted-foreground">
              <Loader2 aria-hidden="true" className="size-4 animate-spin" />
              Checking the link...
            </p>
          ) : failed ? (
            <p
              role="alert"
              className="flex items-start gap-2 rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-left text-sm text-destructive-text"
            >
              <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              {message}
            </p>
          ) : (
            <p
              role="status"
              className="flex items-start gap-2 rounded-md border px-3 py-2 text-left text-sm break-words"
            >
              <CircleCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
              <span className="min-w-0">{message}</span>
            </p>
          )}
          {message !== null && (
            <Button asChild className="w-full">
              <Link href={user ? '/dashboard' : SIGN_IN_PATH}>
                {user ? 'Go to dashboard' : 'Sign in'}
              </Link>
            </Button>
          )}
        </CardContent>
      </Card>
    </main>
  );
}

import * as React from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { KeyRound, Loader2, TriangleAlert } from 'lucide-react';
import { useLocation } from 'wouter';
import type { z } from 'zod';
import { PASSWORD_MIN } from '@shared/auth.contract';
import {
  INVALID_RESET_LINK,
  resetPasswordBody,
  resetPasswordForm,
  type ResetPasswordForm,
} from '@shared/password-reset.contract';
import { ForgotPasswordDialog } from '@web/components/forgot-password-dialog';
import { FormField } from '@web/components/form-field';
import { Logo } from '@web/components/logo';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Input } from '@web/components/ui/input';
import { failureMessage, fieldErrors, isNetworkError } from '@web/lib/api';
import { forgetAccountData, setCurrentUser, SIGN_IN_PATH } from '@web/lib/session';
import { toast } from '@web/lib/use-toast';
import { useResetPassword } from './api/reset-password';

/** The token of the link that opened the page, when it has the shape of one. */
function tokenFromLocation(): string | null {
  const token = new URLSearchParams(window.location.search).get('token');
  return token && resetPasswordBody.shape.token.safeParse(token).success ? token : null;
}

/** /reset-password?token=… (the link of a reset email): the new password, twice. */
export function ResetPasswordPage() {
  const [token] = React.useState(tokenFromLocation);
  const [linkInvalid, setLinkInvalid] = React.useState(token === null);
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const resetPassword = useResetPassword();
  const form = useForm<z.input<typeof resetPasswordForm>, unknown, ResetPasswordForm>({
    resolver: zodResolver(resetPasswordForm),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit(({ password }) => {
    if (!token) return;
    resetPassword.mutate(
      { token, password },
      {
        onSuccess: ({ message }) => {
          // Every session of the account was signed out, this browser's too.
          forgetAccountData(queryClient);
          setCurrentUser(queryClient, null);
          toast({ title: 'Password reset', description: message });
          navigate(SIGN_IN_PATH, { replace: true });
        },
        onError: (error) => {
          const passwordProblem = fieldErrors(error).find((e) => e.field === 'password');
          if (passwordProblem) {
            form.setError('password', { message: passwordProblem.message }, { shouldFocus: true });
          } else if (!isNetworkError(error) && failureMessage(error, '') === INVALID_RESET_LINK) {
            setLinkInvalid(true);
          }
        },
      },
    );
  });
  const busy = resetPassword.isPending;
  const otherFailure =
    resetPassword.isError && !linkInvalid && fieldErrors(resetPassword.error).length === 0;

  return (
    <main className="flex min-h-dvh items-center justify-center bg-muted/30 px-4 py-10">
      <Card className="w-full max-w-sm">
        <CardHeader className="items-center text-center">
          <Logo className="mb-2 justify-center" />
          <CardTitle className="flex items-center justify-center gap-2 text-xl">
            <KeyRound aria-hidden="true" className="size-5 text-primary" />
            <h1>Choose a new password</h1>
          </CardTitle>
          {!linkInvalid && (
            <CardDescription>
              Every device signed in to your account will be signed out.
            </CardDescription>
          )}
        </CardHeader>
        <CardContent>
          {linkInvalid ? (
            <div className="grid gap-4 text-center">
              <p
                role="alert"
                className="flex items-start gap-2 rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-left text-sm text-destructive-text"
              >
                <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                {INVALID_RESET_LINK}
              </p>
              <ForgotPasswordDialog label="Request a new link" />
            </div>
          ) : (
            <form className="grid gap-4" onSubmit={(e) => void submit(e)} noValidate>
              <FormField
                id="reset-password"
                label="New password"
                error={errors.password?.message}
                description={`At least ${PASSWORD_MIN} characters.`}
              >
                {(control) => (
                  <Input
                    {...control}
                    type="password"
                    autoComplete="new-password"
                    {...form.register('password')}
                  />
                )}
              </FormField>
              <FormField
                id="reset-confirm-password"
                label="Confirm new password"
                error={errors.confirmPassword?.message}
              >
                {(control) => (
                  <Input
                    {...control}
                    type="password"
                    autoComplete="new-password"
                    {...form.register('confirmPassword')}
                  />
                )}
              </FormField>
              {otherFailure && (
                <p role="alert" className="text-sm font-medium text-destructive-text">
                  {failureMessage(
                    resetPassword.error,
                    'Unable to reset the password. Please try again.',
                  )}
                </p>
              )}
              <Button type="submit" disabled={busy} className="w-full">
                {busy && <Loader2 aria-hidden="true" className="animate-spin" />}
                {busy ? 'Saving...' : 'Set new password'}
              </Button>
            </form>
          )}
        </CardContent>
      </Card>
    </main>
  );
}

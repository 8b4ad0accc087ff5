import * as React from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { Loader2, MailCheck } from 'lucide-react';
import type { z } from 'zod';
import {
  forgotPasswordBody,
  passwordResetEndpoints,
  type ForgotPasswordBody,
} from '@shared/password-reset.contract';
import { FormField } from '@web/components/form-field';
import { Button } from '@web/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@web/components/ui/dialog';
import { EmailInput } from '@web/components/ui/input';
import { api, failureMessage } from '@web/lib/api';
import { cn } from '@web/lib/utils';

/** POST /api/auth/forgot-password: the same answer whether or not the address has an account. */
function useForgotPassword() {
  return useMutation({
    mutationFn: (body: ForgotPasswordBody) => api(passwordResetEndpoints.forgot, { body }),
  });
}

/**
 * 'Forgot password?' (the sign-in card, the admin login, a reset link that no longer works): a
 * small dialog asking for the email, then showing the server's answer.
 */
export function ForgotPasswordDialog({
  label = 'Forgot password?',
  className,
}: {
  label?: string;
  className?: string;
}) {
  const [open, setOpen] = React.useState(false);
  const forgot = useForgotPassword();
  const form = useForm<z.input<typeof forgotPasswordBody>, unknown, ForgotPasswordBody>({
    resolver: zodResolver(forgotPasswordBody),
    defaultValues: { email: '' },
  });
  const { reset: resetForm } = form;
  const { reset: resetMutation } = forgot;
  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (next) {
      resetForm({ email: '' });
      resetMutation();
    }
  };
  const answer = forgot.data?.message;

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <button
          type="button"
          className={cn(
            'cursor-pointer rounded-sm text-sm font-medium text-foreground underline underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50',
            className,
          )}
        >
          {label}
        </button>
      </DialogTrigger>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>Reset your password</DialogTitle>
          <DialogDescription>
            Enter the email you sign in with and we will send you a link to choose a new password.
          </DialogDescription>
        </DialogHeader>
        {answer ? (
          <>
            <p
              role="status"
              className="flex items-start gap-3 rounded-md border bg-muted/40 p-3 text-sm"
            >
              <MailCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
              {answer}
            </p>
            <DialogFooter>
              <Button type="button" onClick={() => setOpen(false)}>
                Close
              </Button>
            </DialogFooter>
          </>
        ) : (
          <form
            noValidate
            className="grid gap-4"
            onSubmit={(event) => {
              // The dialog sits in a portal, but React bubbles its submit to the sign-in form
              // the trigger lives in: that form must not submit too.
              event.stopPropagation();
              void form.handleSubmit((body) => forgot.mutate(body))(event);
            }}
          >
            <FormField id="forgot-email" label="Email" error={form.formState.errors.email?.message}>
              {(control) => <EmailInput {...control} {...form.register('email')} />}
            </FormField>
            {forgot.isError && (
              <p role="alert" className="text-sm font-medium text-destructive-text">
                {failureMessage(forgot.error, 'Unable to send the link. Please try again.')}
              </p>
            )}
            <DialogFooter>
              <Button type="submit" disabled={forgot.isPending} className="w-full sm:w-auto">
                {forgot.isPending && <Loader2 aria-hidden="true" className="animate-spin" />}
                {forgot.isPending ? 'Sending...' : 'Send reset link'}
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}

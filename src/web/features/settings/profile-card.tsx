import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Building2, Hourglass } from 'lucide-react';
import type { PublicUser } from '@shared/auth.contract';
import { profileBody, type ProfileBody, type ProfileInput } from '@shared/account.contract';
import { FormField } from '@web/components/form-field';
import { Button } from '@web/components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from '@web/components/ui/card';
import { Input } from '@web/components/ui/input';
import { ApiError, failureMessage, fieldErrors } from '@web/lib/api';
import { useCancelEmailChange, useResendEmailLink } from '@web/lib/email-link';
import { toast } from '@web/lib/use-toast';
import { useUpdateProfile } from './api/update-profile';
import { settingsFailed, settingsSaved } from './settings-toasts';

/** The form's values from the account. */
function profileValues(user: PublicUser): ProfileInput {
  return {
    companyName: user.companyName ?? '',
    email: user.email,
    phone: user.phone ?? '',
    currentPassword: '',
  };
}

/**
 * product.md §2/§5 Settings: company name, the account's email and an optional phone, really
 * saved. A new email waits for its confirmation link (§14): shown under the field with Resend and
 * Cancel.
 */
export function ProfileCard({ user }: { user: PublicUser }) {
  const id = useId();
  const update = useUpdateProfile();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    watch,
    formState: { errors },
  } = useForm<ProfileInput, unknown, ProfileBody>({
    resolver: zodResolver(profileBody),
    defaultValues: profileValues(user),
  });

  // A saved profile (or another tab's change) becomes the form's new starting point.
  const { companyName, phone, email, pendingEmail } = user;
  useEffect(() => {
    reset(profileValues({ ...user, companyName, phone, email }));
    // Deliberately not on every change of `user` (a notification switch must not reset the form).
  }, [companyName, phone, email, pendingEmail, reset]);

  // A new address (not the current one, not the one already waiting) needs the password.
  const typed = (watch('email') ?? '').trim().toLowerCase();
  const changingEmail = typed !== email.toLowerCase() && typed !== pendingEmail;

  const onSubmit = handleSubmit((values) =>
    update.mutate(changingEmail ? values : { ...values, currentPassword: undefined }, {
      onSuccess: ({ message, user: saved }) => {
        if (saved.pendingEmail && saved.pendingEmail !== pendingEmail) {
          toast({ title: 'Confirm your new email', description: message });
        } else settingsSaved();
      },
      onError: (error) => {
        const problems = fieldErrors(error);
        for (const { field, message } of problems) {
          if (
            field === 'companyName' ||
            field === 'email' ||
            field === 'phone' ||
            field === 'currentPassword'
          ) {
            setError(field, { message });
          }
        }
        if (problems.length === 0 && error instanceof ApiError && error.status === 409) {
          setError('email', { message: failureMessage(error, '') });
        }
        settingsFailed();
      },
    }),
  );

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-lg">
          <Building2 aria-hidden="true" className="size-5 text-primary" />
          <h2>Profile</h2>
        </CardTitle>
        <CardDescription>
          How your studio appears to your students and how we reach you.
        </CardDescription>
      </CardHeader>
      <form noValidate onSubmit={onSubmit} aria-label="Profile" className="flex flex-col gap-6">
        <CardContent className="grid gap-5 sm:grid-cols-2">
          <FormField
            id={`${id}-companyName`}
            label="Company name"
            error={errors.companyName?.message}
            className="sm:col-span-2"
          >
            {(control) => (
              <Input {...control} autoComplete="organization" {...register('companyName')} />
            )}
          </FormField>
          <FormField
            id={`${id}-email`}
            label="Email"
            description="You sign in with it and we write to it. A new address applies once confirmed."
            error={errors.email?.message}
          >
            {(control) => (
              <Input {...control} type="email" autoComplete="email" {...register('email')} />
            )}
          </FormField>
          <FormField
            id={`${id}-phone`}
            label="Phone"
            aside="Optional"
            error={errors.phone?.message}
          >
            {(control) => (
              <Input
                {...control}
                type="tel"
                autoComplete="tel"
                placeholder="e.g. +1 555 010 2030"
                {...register('phone')}
              />
            )}
          </FormField>
          {changingEmail && (
            <FormField
              id={`${id}-currentPassword`}
              label="Current password"
              description="Needed to change your email."
              error={errors.currentPassword?.message}
            >
              {(control) => (
                <Input
                  {...control}
                  type="password"
                  autoComplete="current-password"
                  {...register('currentPassword')}
                />
              )}
            </FormField>
          )}
          {pendingEmail && <PendingEmail email={pendingEmail} />}
        </CardContent>
        <CardFooter className="justify-end border-t">
          <Button type="submit" disabled={update.isPending} className="w-full sm:w-auto">
            {update.isPending ? 'Saving...' : 'Save Changes'}
          </Button>
        </CardFooter>
      </form>
    </Card>
  );
}

/** A new address waiting for its link to be opened: 'Resend' and 'Cancel'. */
function PendingEmail({ email }: { email: string }) {
  const resend = useResendEmailLink();
  const cancel = useCancelEmailChange();
  return (
    <div
      role="status"
      className="flex flex-col gap-2 rounded-md border bg-muted/40 px-3 py-2 text-sm sm:col-span-2 sm:flex-row sm:items-center sm:justify-between"
    >
      <p className="flex min-w-0 items-start gap-2 text-muted-foreground">
        <Hourglass aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
        <span className="min-w-0 break-words">
          Waiting for confirmation of <span className="font-medium text-foreground">{email}</span>
        </span>
      </p>
      <div className="flex shrink-0 gap-2">
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={resend.isPending}
          onClick={() => resend.mutate()}
        >
          {resend.isPending ? 'Sending...' : 'Resend'}
        </Button>
        <Button
          type="button"
          variant="ghost"
          size="sm"
          disabled={cancel.isPending}
          onClick={() => cancel.mutate()}
        >
          Cancel
        </Button>
      </div>
    </div>
  );
}

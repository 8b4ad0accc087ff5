import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Building2 } from 'lucide-react';
import type { PublicUser } from '@shared/auth.contract';
import { profileBody, type ProfileBody, type ProfileInput } from '@shared/account.contract';
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
import { Label } from '@web/components/ui/label';
import { useUpdateProfile } from './api/update-profile';
import { describedBy, FieldError } from '@web/components/form-field';
import { fieldErrors, settingsFailed, settingsSaved } from './settings-toasts';

type FieldName = keyof ProfileInput;

/** The form's values from the account: the contact email falls back to the sign-in email. */
function profileValues(user: PublicUser): ProfileInput {
  return {
    companyName: user.companyName ?? '',
    contactEmail: user.contactEmail ?? user.email,
    phone: user.phone ?? '',
  };
}

/** product.md §2/§5 Settings: company name, contact email and an optional phone, really saved. */
export function ProfileCard({ user }: { user: PublicUser }) {
  const id = useId();
  const update = useUpdateProfile();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<ProfileInput, unknown, ProfileBody>({
    resolver: zodResolver(profileBody),
    defaultValues: profileValues(user),
  });

  // A saved profile (or another tab's change) becomes the form's new starting point.
  const { companyName, contactEmail, phone, email } = user;
  useEffect(() => {
    reset(profileValues({ ...user, companyName, contactEmail, phone, email }));
    // Deliberately not on every change of `user` (a notification switch must not reset the form).
  }, [companyName, contactEmail, phone, email, reset]);

  const onSubmit = handleSubmit(async (values) => {
    try {
      await update.mutateAsync(values);
      settingsSaved();
    } catch (error) {
      for (const { field, message } of fieldErrors(error)) {
        if (field === 'companyName' || field === 'contactEmail' || field === 'phone') {
          setError(field as FieldName, { message });
        }
      }
      settingsFailed();
    }
  });

  const field = (name: FieldName) => ({
    id: `${id}-${name}`,
    errorId: `${id}-${name}-error`,
    invalid: errors[name] ? true : undefined,
  });
  const name = field('companyName');
  const mail = field('contactEmail');
  const tel = field('phone');

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
          <div className="space-y-2 sm:col-span-2">
            <Label htmlFor={name.id}>Company name</Label>
            <Input
              id={name.id}
              autoComplete="organization"
              aria-invalid={name.invalid}
              aria-describedby={describedBy(name.invalid && name.errorId)}
              {...register('companyName')}
            />
            <FieldError id={name.errorId} message={errors.companyName?.message} />
          </div>
          <div className="space-y-2">
            <Label htmlFor={mail.id}>Contact email</Label>
            <Input
              id={mail.id}
              type="email"
              autoComplete="email"
              aria-invalid={mail.invalid}
              aria-describedby={describedBy(mail.invalid && mail.errorId)}
              {...register('contactEmail')}
            />
            <FieldError id={mail.errorId} message={errors.contactEmail?.message} />
          </div>
          <div className="space-y-2">
            <div className="flex items-baseline justify-between gap-2">
              <Label htmlFor={tel.id}>Phone</Label>
              <span className="text-xs text-muted-foreground">Optional</span>
            </div>
            <Input
              id={tel.id}
              type="tel"
              autoComplete="tel"
              placeholder="e.g. +1 555 010 2030"
              aria-invalid={tel.invalid}
              aria-describedby={describedBy(tel.invalid && tel.errorId)}
              {...register('phone')}
            />
            <FieldError id={tel.errorId} message={errors.phone?.message} />
          </div>
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

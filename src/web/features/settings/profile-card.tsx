import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Building2 } from 'lucide-react';
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
import { fieldErrors } from '@web/lib/api';
import { useUpdateProfile } from './api/update-profile';
import { settingsFailed, settingsSaved } from './settings-toasts';

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

  const onSubmit = handleSubmit((values) =>
    update.mutate(values, {
      onSuccess: settingsSaved,
      onError: (error) => {
        for (const { field, message } of fieldErrors(error)) {
          if (field === 'companyName' || field === 'contactEmail' || field === 'phone') {
            setError(field, { message });
          }
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
            id={`${id}-contactEmail`}
            label="Contact email"
            error={errors.contactEmail?.message}
          >
            {(control) => (
              <Input {...control} type="email" autoComplete="email" {...register('contactEmail')} />
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

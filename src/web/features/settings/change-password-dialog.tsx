import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { KeyRound } from 'lucide-react';
import {
  PASSWORD_CHANGED,
  changePasswordForm,
  type ChangePasswordForm,
} from '@shared/account.contract';
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
import { Input } from '@web/components/ui/input';
import { failureMessage, fieldErrors } from '@web/lib/api';
import { toast } from '@web/lib/use-toast';
import { useChangePassword } from './api/change-password';

const EMPTY: ChangePasswordForm = { currentPassword: '', newPassword: '', confirmPassword: '' };

const FIELDS = [
  { name: 'currentPassword', label: 'Current password', autoComplete: 'current-password' },
  {
    name: 'newPassword',
    label: 'New password',
    autoComplete: 'new-password',
    hint: 'At least 8 characters.',
  },
  { name: 'confirmPassword', label: 'Confirm new password', autoComplete: 'new-password' },
] as const;

/** Change Password: current, new and confirmation; every other session is signed out after it. */
export function ChangePasswordDialog() {
  const id = useId();
  const [open, setOpen] = useState(false);
  const change = useChangePassword();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<ChangePasswordForm>({
    resolver: zodResolver(changePasswordForm),
    defaultValues: EMPTY,
  });

  function onOpenChange(next: boolean) {
    setOpen(next);
    if (!next) {
      reset(EMPTY);
      change.reset();
    }
  }

  const onSubmit = handleSubmit(({ currentPassword, newPassword }) =>
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: () => {
          onOpenChange(false);
          toast({ title: 'Password changed', description: PASSWORD_CHANGED });
        },
        onError: (error) => {
          const fields = fieldErrors(error);
          for (const { field, message } of fields) {
            if (field === 'currentPassword' || field === 'newPassword')
              setError(field, { message }, { shouldFocus: true });
          }
          if (fields.length === 0) {
            toast({
              title: 'Password not changed',
              description: failureMessage(
                error,
                'Failed to change your password. Please try again.',
              ),
              variant: 'destructive',
            });
          }
        },
      },
    ),
  );

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button variant="outline" className="w-full sm:w-auto">
          <KeyRound aria-hidden="true" />
          Change Password
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Change Password</DialogTitle>
          <DialogDescription>
            Your other devices will be signed out. This one stays signed in.
          </DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={onSubmit} className="space-y-5" aria-label="Change password">
          {FIELDS.map((f) => (
            <FormField
              key={f.name}
              id={`${id}-${f.name}`}
              label={f.label}
              description={'hint' in f && f.hint}
              error={errors[f.name]?.message}
            >
              {(control) => (
                <Input
                  {...control}
                  type="password"
                  autoComplete={f.autoComplete}
                  {...register(f.name)}
                />
              )}
            </FormField>
          ))}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={change.isPending}>
              {change.isPending ? 'Changing...' : 'Change Password'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

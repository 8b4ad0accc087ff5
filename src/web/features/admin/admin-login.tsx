import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Loader2, ShieldCheck } from 'lucide-react';
import { useLocation } from 'wouter';
import type { z } from 'zod';
import { ADMIN_MESSAGES } from '@shared/admin.contract';
import { loginBody, type PublicUser } from '@shared/auth.contract';
import { isFlagSet } from '@shared/flags';
import { ForgotPasswordDialog } from '@web/components/forgot-password-dialog';
import { FormField } from '@web/components/form-field';
import { Logo } from '@web/components/logo';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Input } from '@web/components/ui/input';
import { useLogin } from '@web/lib/session';
import { isNetworkError } from '@web/lib/api';
import { dismissErrorToasts } from '@web/lib/use-toast';

const ALERT =
  'mb-4 rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm text-destructive-text';

/**
 * The admin login card (product.md §2): 'Admin Access', email, password, 'Sign In'. A failed sign-in says
 * 'Invalid admin credentials'; a signed-in account that is not an admin sees the §6 message.
 */
export function AdminLogin({ user }: { user: PublicUser | null }) {
  const [, navigate] = useLocation();
  const login = useLogin();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<z.input<typeof loginBody>, unknown, z.output<typeof loginBody>>({
    resolver: zodResolver(loginBody),
    defaultValues: { email: '', password: '' },
  });

  const submit = handleSubmit((body) =>
    login.mutate(body, {
      onSuccess: ({ user: signedIn }) => {
        dismissErrorToasts();
        if (isFlagSet(signedIn.isAdmin)) navigate('/admin/videos', { replace: true });
      },
      // Said under the password, where it happened (no toast left behind after a later success).
      onError: (error) =>
        setError(
          'password',
          {
            message: isNetworkError(error)
              ? 'Unable to sign in. Please try again.'
              : ADMIN_MESSAGES.invalidCredentials,
          },
          { shouldFocus: true },
        ),
    }),
  );
  const busy = login.isPending;

  const notAdmin = user !== null && !isFlagSet(user.isAdmin);

  return (
    <main className="flex min-h-dvh items-center justify-center bg-muted/30 px-4 py-10">
      <Card className="w-full max-w-sm">
        <CardHeader className="items-center text-center">
          <Logo className="mb-2 justify-center" />
          <CardTitle className="flex items-center justify-center gap-2 text-xl">
            <ShieldCheck aria-hidden="true" className="size-5 text-primary" />
            <h1>{ADMIN_MESSAGES.loginTitle}</h1>
          </CardTitle>
          <CardDescription>Sign in with an admin account to process videos.</CardDescription>
        </CardHeader>
        <CardContent>
          {notAdmin && (
            <p role="alert" className={ALERT}>
              {ADMIN_MESSAGES.adminRequired}
            </p>
          )}
          <form className="grid gap-4" onSubmit={(e) => void submit(e)} noValidate>
            <FormField id="admin-email" label="Email" error={errors.email?.message}>
              {(control) => (
                <Input {...control} type="email" autoComplete="username" {...register('email')} />
              )}
            </FormField>
            <FormField
              id="admin-password"
              label="Password"
              aside={<ForgotPasswordDialog className="text-xs" />}
              error={errors.password?.message}
            >
              {(control) => (
                <Input
                  {...control}
                  type="password"
                  autoComplete="current-password"
                  {...register('password')}
                />
              )}
            </FormField>
            <Button type="submit" disabled={busy} className="w-full">
              {busy && <Loader2 aria-hidden="true" className="animate-spin" />}
              {busy ? 'Signing In...' : ADMIN_MESSAGES.signIn}
            </Button>
          </form>
        </CardContent>
      </Card>
    </main>
  );
}

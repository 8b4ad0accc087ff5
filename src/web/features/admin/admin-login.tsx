import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Loader2, ShieldCheck } from 'lucide-react';
import { useLocation } from 'wouter';
import { ADMIN_MESSAGES } from '@shared/admin.contract';
import { loginBody, type PublicUser } from '@shared/auth.contract';
import { isFlagSet } from '@shared/flags';
import { Logo } from '@web/components/logo';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { setCurrentUser } from '@web/lib/session';
import { toast } from '@web/lib/use-toast';
import { adminLogin } from './api/admin-login';

type Errors = Partial<Record<'email' | 'password', string>>;

/**
 * The admin login card (spec §2): 'Admin Access', email, password, 'Sign In'. A failed sign-in says
 * 'Invalid admin credentials'; a signed-in account that is not an admin sees the §6 message.
 */
export function AdminLogin({ user }: { user: PublicUser | null }) {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = loginBody.safeParse({ email, password });
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as keyof Errors;
        next[field] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const { user: signedIn } = await adminLogin(parsed.data);
      setFailed(false);
      setCurrentUser(queryClient, signedIn);
      if (isFlagSet(signedIn.isAdmin)) navigate('/admin/videos', { replace: true });
    } catch {
      setFailed(true);
      toast({ title: ADMIN_MESSAGES.invalidCredentials, variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }

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
            <p
              role="alert"
              className="mb-4 rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm text-destructive dark:text-red-300"
            >
              {ADMIN_MESSAGES.adminRequired}
            </p>
          )}
          {failed && !notAdmin && (
            <p
              role="alert"
              className="mb-4 rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm text-destructive dark:text-red-300"
            >
              {ADMIN_MESSAGES.invalidCredentials}
            </p>
          )}
          <form className="grid gap-4" onSubmit={(e) => void submit(e)} noValidate>
            <div className="grid gap-2">
              <Label htmlFor="admin-email">Email</Label>
              <Input
                id="admin-email"
                type="email"
                autoComplete="username"
                required
                value={email}
                onChange={(e) => setEmail(e.target.value)}
                aria-invalid={Boolean(errors.email)}
                aria-describedby={errors.email ? 'admin-email-error' : undefined}
              />
              {errors.email && (
                <p id="admin-email-error" className="text-sm font-medium text-destructive">
                  {errors.email}
                </p>
              )}
            </div>
            <div className="grid gap-2">
              <Label htmlFor="admin-password">Password</Label>
              <Input
                id="admin-password"
                type="password"
                autoComplete="current-password"
                required
                value={password}
                onChange={(e) => setPassword(e.target.value)}
                aria-invalid={Boolean(errors.password)}
                aria-describedby={errors.password ? 'admin-password-error' : undefined}
              />
              {errors.password && (
                <p id="admin-password-error" className="text-sm font-medium text-destructive">
                  {errors.password}
                </p>
              )}
            </div>
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

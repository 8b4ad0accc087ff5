import * as React from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Loader2 } from 'lucide-react';
import type { z } from 'zod';
import {
  PASSWORD_MIN,
  loginBody,
  registerBody,
  type LoginBody,
  type RegisterBody,
} from '@shared/auth.contract';
import { ForgotPasswordDialog } from '@web/components/forgot-password-dialog';
import { FormField } from '@web/components/form-field';
import { Button } from '@web/components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
} from '@web/components/ui/card';
import { EmailInput, Input } from '@web/components/ui/input';
import { failureMessage, fieldErrors, isNetworkError } from '@web/lib/api';
import { useLogin } from '@web/lib/session';
import { dismissErrorToasts, toast } from '@web/lib/use-toast';
import { cn } from '@web/lib/utils';
import { useRegister } from './api/register';
import { PasswordInput } from './password-input';
import type { AuthMode } from './scroll';

export const AUTH_TITLE_ID = 'auth-title';

type RegisterInput = z.input<typeof registerBody>;
type LoginInput = z.input<typeof loginBody>;

const REGISTER_DEFAULTS: RegisterInput = { email: '', password: '', firstName: '', lastName: '' };
const LOGIN_DEFAULTS: LoginInput = { email: '', password: '' };

function redirectToDashboard(): void {
  window.location.href = '/dashboard';
}

export interface AuthCardProps {
  id?: string;
  mode: AuthMode;
  onModeChange: (mode: AuthMode) => void;
  className?: string;
}

/** The landing page's register / sign-in card. Switching mode resets both forms. */
export function AuthCard({ id, mode, onModeChange, className }: AuthCardProps) {
  const [showPassword, setShowPassword] = React.useState(false);
  const [redirecting, setRedirecting] = React.useState(false);

  const registerForm = useForm<RegisterInput, unknown, RegisterBody>({
    resolver: zodResolver(registerBody),
    defaultValues: REGISTER_DEFAULTS,
  });
  const loginForm = useForm<LoginInput, unknown, LoginBody>({
    resolver: zodResolver(loginBody),
    defaultValues: LOGIN_DEFAULTS,
  });

  // Any change of mode (the toggle link or the header buttons) starts both forms afresh, in the
  // same commit (a layout effect): what is typed right after the switch is never wiped.
  const previousMode = React.useRef(mode);
  const { reset: resetRegister } = registerForm;
  const { reset: resetLogin } = loginForm;
  React.useLayoutEffect(() => {
    if (previousMode.current === mode) return;
    previousMode.current = mode;
    resetRegister(REGISTER_DEFAULTS);
    resetLogin(LOGIN_DEFAULTS);
    setShowPassword(false);
  }, [mode, resetRegister, resetLogin]);

  const registerMutation = useRegister();
  const afterRegister = {
    onSuccess: () => {
      setRedirecting(true);
      toast({
        title: 'Success!',
        description: 'Your account has been created. Redirecting to dashboard...',
      });
      redirectToDashboard();
    },
    onError: (error: unknown) => {
      if (isNetworkError(error)) {
        toast({
          variant: 'destructive',
          title: 'Error',
          description: 'Unable to create account. Please try again.',
        });
        return;
      }
      // A password the server refuses (one of the most common) shows under the field.
      const passwordProblem = fieldErrors(error).find((e) => e.field === 'password')?.message;
      if (passwordProblem) {
        registerForm.setError('password', { message: passwordProblem }, { shouldFocus: true });
        return;
      }
      toast({
        variant: 'destructive',
        title: 'Registration failed',
        description: failureMessage(error, 'Something went wrong. Please try again.'),
      });
    },
  };

  const loginMutation = useLogin();
  const afterLogin = {
    onSuccess: () => {
      setRedirecting(true);
      dismissErrorToasts();
      toast({ title: 'Welcome back!', description: 'You have been signed in successfully.' });
      redirectToDashboard();
    },
    onError: (error: unknown) => {
      if (isNetworkError(error)) {
        toast({
          variant: 'destructive',
          title: 'Sign in failed',
          description: 'Unable to sign in. Please try again.',
        });
        return;
      }
      // A wrong password (or too many tries) is said under the password, where it happened.
      loginForm.setError(
        'password',
        { message: failureMessage(error, 'Invalid email or password.') },
        { shouldFocus: true },
      );
    },
  };

  const isRegister = mode === 'register';
  const registerBusy = registerMutation.isPending || (isRegister && redirecting);
  const loginBusy = loginMutation.isPending || (!isRegister && redirecting);

  const regErrors = registerForm.formState.errors;
  const loginErrors = loginForm.formState.errors;

  return (
    <Card
      id={id}
      className={cn('gap-0 overflow-hidden py-0 shadow-xl shadow-primary/5', className)}
    >
      <div
        aria-hidden="true"
        className="h-1.5 bg-gradient-to-r from-primary/60 via-primary to-primary/60"
      />
      <CardHeader className="gap-2 px-6 pt-7 pb-6 sm:px-8">
        <h2
          id={AUTH_TITLE_ID}
          tabIndex={-1}
          className="text-2xl font-bold tracking-tight text-card-foreground outline-none"
        >
          {isRegister ? 'Create your account' : 'Welcome back'}
        </h2>
        <CardDescription className="text-base">
          {isRegister
            ? 'Start free and publish your first class this week.'
            : 'Sign in to manage your classes and branding.'}
        </CardDescription>
      </CardHeader>

      <CardContent className="px-6 pb-6 sm:px-8">
        {isRegister ? (
          <form
            // Never a GET with the fields in the address, should the copy painted from the HTML
            // be submitted before any script runs (decision 0039).
            method="post"
            noValidate
            aria-labelledby={AUTH_TITLE_ID}
            onSubmit={registerForm.handleSubmit((body) =>
              registerMutation.mutate(body, afterRegister),
            )}
            className="grid gap-5"
          >
            <div className="grid gap-5 sm:grid-cols-2">
              <FormField
                id="register-first-name"
                label="First name"
                error={regErrors.firstName?.message}
              >
                {(control) => (
                  <Input
                    {...control}
                    autoComplete="given-name"
                    {...registerForm.register('firstName')}
                  />
                )}
              </FormField>
              <FormField
                id="register-last-name"
                label="Last name"
                error={regErrors.lastName?.message}
              >
                {(control) => (
                  <Input
                    {...control}
                    autoComplete="family-name"
                    {...registerForm.register('lastName')}
                  />
                )}
              </FormField>
            </div>
            <FormField id="register-email" label="Email" error={regErrors.email?.message}>
              {(control) => <EmailInput {...control} {...registerForm.register('email')} />}
            </FormField>
            <FormField
              id="register-password"
              label="Password"
              error={regErrors.password?.message}
              description={`At least ${PASSWORD_MIN} characters.`}
            >
              {(control) => (
                <PasswordInput
                  {...control}
                  autoComplete="new-password"
                  visible={showPassword}
                  onVisibleChange={setShowPassword}
                  {...registerForm.register('password')}
                />
              )}
            </FormField>
            <Button
              type="submit"
              size="lg"
              className="mt-1 h-11 w-full text-base"
              disabled={registerBusy}
            >
              {registerBusy && <Loader2 aria-hidden="true" className="animate-spin" />}
              {registerBusy ? 'Creating Account...' : 'Create Account'}
            </Button>
          </form>
        ) : (
          <form
            // Never a GET with the fields in the address, should the copy painted from the HTML
            // be submitted before any script runs (decision 0039).
            method="post"
            noValidate
            aria-labelledby={AUTH_TITLE_ID}
            onSubmit={loginForm.handleSubmit((body) => loginMutation.mutate(body, afterLogin))}
            className="grid gap-5"
          >
            <FormField id="login-email" label="Email" error={loginErrors.email?.message}>
              {(control) => <EmailInput {...control} {...loginForm.register('email')} />}
            </FormField>
            <FormField
              id="login-password"
              label="Password"
              aside={<ForgotPasswordDialog className="text-xs" />}
              error={loginErrors.password?.message}
            >
              {(control) => (
                <PasswordInput
                  {...control}
                  autoComplete="current-password"
                  visible={showPassword}
                  onVisibleChange={setShowPassword}
                  {...loginForm.register('password')}
                />
              )}
            </FormField>
            <Button
              type="submit"
              size="lg"
              className="mt-1 h-11 w-full text-base"
              disabled={loginBusy}
            >
              {loginBusy && <Loader2 aria-hidden="true" className="animate-spin" />}
              {loginBusy ? 'Signing In...' : 'Sign In'}
            </Button>
          </form>
        )}
      </CardContent>

      <CardFooter className="flex-col gap-4 border-t bg-muted/40 px-6 py-5 sm:px-8">
        <button
          type="button"
          onClick={() => onModeChange(isRegister ? 'login' : 'register')}
          className="cursor-pointer rounded-sm text-sm font-medium text-foreground underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
        >
          {isRegister ? 'Already have an account? Sign in' : "Don't have an account? Sign up"}
        </button>
        {isRegister && (
          <p className="text-center text-xs text-muted-foreground">
            By creating an account you acknowledge our Terms and Privacy notice.
          </p>
        )}
      </CardFooter>
    </Card>
  );
}

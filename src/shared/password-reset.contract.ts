import { z } from 'zod';
import {
  email,
  messageResponse,
  newPassword,
  PASSWORD_MIN,
  PASSWORDS_DO_NOT_MATCH,
  type MessageResponse,
} from './auth.contract';
import { endpoint } from './endpoint';
import { withSchemas } from './endpoint-schemas';

/** How long a reset link works. */
export const RESET_LINK_HOURS = 1;
/** The web page a reset link opens (`?token=`). */
export const RESET_PASSWORD_PATH = '/reset-password';

/** The one answer to a reset request, whether or not the address has an account. */
export const RESET_REQUESTED =
  'If an account exists for that address, we have sent a link to reset its password.';
export const INVALID_RESET_LINK =
  'This reset link is invalid or has expired. Please request a new one.';
export const PASSWORD_RESET_DONE = 'Your password has been reset. Please sign in with it.';
/** 429 of reset requests from one network. */
export const tooManyResetRequests = (minutes: number) =>
  `Too many reset requests from your network. Please try again in ${minutes} minutes.`;

/** A reset token as the link carries it: 32 random bytes in base64url. */
const token = z.string({ error: INVALID_RESET_LINK }).regex(/^[\w-]{43}$/, INVALID_RESET_LINK);

export const forgotPasswordBody = z.object({ email });
export type ForgotPasswordBody = z.infer<typeof forgotPasswordBody>;

const resetPassword = newPassword(
  'New password is required',
  `New password must be at least ${PASSWORD_MIN} characters`,
);

export const resetPasswordBody = z.object({ token, password: resetPassword });
export type ResetPasswordBody = z.infer<typeof resetPasswordBody>;

/** The reset page's form: the new password twice. */
export const resetPasswordForm = z
  .object({
    password: resetPassword,
    confirmPassword: z.string().min(1, 'Please confirm your new password'),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: PASSWORDS_DO_NOT_MATCH,
    path: ['confirmPassword'],
  });
export type ResetPasswordForm = z.infer<typeof resetPasswordForm>;

export const passwordResetEndpoints = {
  forgot: withSchemas(
    endpoint<{ body: z.input<typeof forgotPasswordBody>; response: MessageResponse }>()({
      method: 'POST',
      path: '/api/auth/forgot-password',
      access: 'public',
      summary: 'Emails a password reset link to the address, when it has an account',
    }),
    { body: forgotPasswordBody, response: messageResponse },
  ),
  reset: withSchemas(
    endpoint<{ body: z.input<typeof resetPasswordBody>; response: MessageResponse }>()({
      method: 'POST',
      path: '/api/auth/reset-password',
      access: 'public',
      summary: 'Sets a new password with a reset link and signs out every session',
    }),
    { body: resetPasswordBody, response: messageResponse },
  ),
} as const;

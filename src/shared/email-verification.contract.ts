import { z } from 'zod';
import {
  authResponse,
  messageResponse,
  type AuthResponse,
  type MessageResponse,
} from './auth.contract';
import { endpoint } from './endpoint';
import { withSchemas } from './endpoint-schemas';

/** How long a verification or email-change link works. */
export const EMAIL_LINK_HOURS = 48;
/** The web page a verification or email-change link opens (`?token=`). */
export const VERIFY_EMAIL_PATH = '/verify-email';

export const INVALID_EMAIL_LINK =
  'This link is invalid or has expired. Sign in and use Resend to get a new one.';
export const EMAIL_VERIFIED = 'Your email address is verified.';
export const emailChanged = (email: string) =>
  `Your email address is now ${email}. Use it to sign in.`;
export const EMAIL_IN_USE = 'Another account already uses this email address.';
export const ALREADY_VERIFIED = 'Your email address is already verified.';
export const linkSent = (email: string) => `We have sent a new link to ${email}.`;
export const changeRequested = (email: string) =>
  `We have sent a link to ${email}. Your email address changes once you open it.`;
export const PASSWORD_FOR_EMAIL_CHANGE = 'Enter your current password to change your email';
export const TOO_MANY_EMAIL_CHANGES = 'Too many attempts. Please try again in 15 minutes.';
export const CHANGE_CANCELLED = 'The email change was cancelled.';
export const NO_LINK_FROM_HERE =
  'Links cannot be sent from this address of Cadence. Open Cadence at its usual address.';
/** 429 of links asked for too often, per account or per network. */
export const TOO_MANY_EMAIL_LINKS = 'Too many links sent. Please wait an hour, then try again.';

/** A link's token: 32 random bytes in base64url. */
const token = z.string({ error: INVALID_EMAIL_LINK }).regex(/^[\w-]{43}$/, INVALID_EMAIL_LINK);

export const verifyEmailBody = z.object({ token });
export type VerifyEmailBody = z.infer<typeof verifyEmailBody>;

export const emailVerificationEndpoints = {
  verify: withSchemas(
    endpoint<{ body: z.input<typeof verifyEmailBody>; response: MessageResponse }>()({
      method: 'POST',
      path: '/api/auth/verify-email',
      access: 'public',
      summary: 'Opens a verification or email-change link: the address is proven (and applied)',
    }),
    { body: verifyEmailBody, response: messageResponse },
  ),
  resend: withSchemas(
    endpoint<{ response: MessageResponse }>()({
      method: 'POST',
      path: '/api/auth/email/resend',
      access: 'owner',
      summary: 'Sends the link for what waits: the new address, else the unverified one',
    }),
    { response: messageResponse },
  ),
  cancelChange: withSchemas(
    endpoint<{ response: AuthResponse }>()({
      method: 'DELETE',
      path: '/api/auth/email/pending',
      access: 'owner',
      summary: 'Cancels a pending email change (its link stops working)',
    }),
    { response: authResponse },
  ),
} as const;

import { z } from 'zod';
import { isCommonPassword } from './common-passwords';
import { endpoint } from './endpoint';
import { withSchemas } from './endpoint-schemas';

export const email = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(254, 'Email must be under 254 characters')
  .pipe(z.email({ error: 'Please enter a valid email address' }))
  .transform((v) => v.toLowerCase());

const name = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(100, `${label} must be under 100 characters`);

/** 429 answers of sign-in and sign-up (docs/product.md has none). */
export const tooManySignIns = (minutes: number) =>
  `Too many sign-in attempts. Please try again in ${minutes} minutes.`;
export const tooManySignUps = (minutes: number) =>
  `Too many sign-up attempts from your network. Please try again in ${minutes} minutes.`;

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 200;
export const PASSWORDS_DO_NOT_MATCH = 'Passwords do not match';
export const PASSWORD_TOO_COMMON =
  'This password is one of the most common ones. Please choose one that is harder to guess.';

/** A new password (sign-up, change, admin): the product's length, and not one of the most common. */
export const newPassword = (required: string, tooShort: string) =>
  z
    .string({ error: required })
    .min(PASSWORD_MIN, tooShort)
    .max(PASSWORD_MAX, `Password must be under ${PASSWORD_MAX} characters`)
    .refine((v) => !isCommonPassword(v), PASSWORD_TOO_COMMON);

export const registerBody = z.object({
  email,
  password: newPassword(
    'Password is required',
    `Password must be at least ${PASSWORD_MIN} characters`,
  ),
  firstName: name('First name'),
  lastName: name('Last name'),
});
export type RegisterBody = z.infer<typeof registerBody>;

export const loginBody = z.object({
  email,
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .max(PASSWORD_MAX, `Password must be under ${PASSWORD_MAX} characters`),
});
export type LoginBody = z.infer<typeof loginBody>;

/** The user as every response shows it: never the password. */
export const publicUser = z.object({
  id: z.string(),
  email: z.string(),
  /** The address was proven by a link sent to it. */
  emailVerified: z.boolean(),
  /** An address waiting for its confirmation link to be opened (then it replaces `email`). */
  pendingEmail: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  companyName: z.string().nullable(),
  companyType: z.string().nullable(),
  companySlug: z.string().nullable(),
  companyDescription: z.string().nullable(),
  companyLogoUrl: z.string().nullable(),
  onboardingCompleted: z.string(),
  isAdmin: z.string(),
  plan: z.string(),
  phone: z.string().nullable(),
  notifyEmail: z.boolean(),
  notifyStudentActivity: z.boolean(),
  notifyWeeklyReports: z.boolean(),
  /** IANA time zone of the scheduled emails (Weekly Reports on Monday morning, the daily digest). */
  timeZone: z.string(),
  brandPrimaryColor: z.string(),
  brandSecondaryColor: z.string(),
  customDomain: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PublicUser = z.infer<typeof publicUser>;

/** `{ message, user }`: the user's account as it is now, with what happened. */
export const authResponse = z.object({ message: z.string(), user: publicUser });
export type AuthResponse = z.infer<typeof authResponse>;

/** `{ message }`: what a route that has nothing else to say answers. */
export const messageResponse = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponse>;

export const authEndpoints = {
  register: withSchemas(
    endpoint<{ body: z.input<typeof registerBody>; response: AuthResponse }>()({
      method: 'POST',
      path: '/api/auth/register',
      access: 'public',
      summary: 'Creates an owner account and signs it in',
      status: 201,
    }),
    { body: registerBody, response: authResponse },
  ),
  login: withSchemas(
    endpoint<{ body: z.input<typeof loginBody>; response: AuthResponse }>()({
      method: 'POST',
      path: '/api/auth/login',
      access: 'public',
      summary: 'Signs in with email and password',
    }),
    { body: loginBody, response: authResponse },
  ),
  logout: withSchemas(
    endpoint<{ response: MessageResponse }>()({
      method: 'POST',
      path: '/api/auth/logout',
      access: 'public',
      summary: 'Ends the session (signed out: nothing to end)',
    }),
    { response: messageResponse },
  ),
  user: withSchemas(
    endpoint<{ response: PublicUser }>()({
      method: 'GET',
      path: '/api/auth/user',
      access: 'owner',
      summary: 'The signed-in user',
    }),
    { response: publicUser },
  ),
} as const;

import { z } from 'zod';
import {
  authResponse,
  messageResponse,
  newPassword,
  PASSWORD_MAX,
  PASSWORD_MIN,
  PASSWORDS_DO_NOT_MATCH,
  publicUser,
  type AuthResponse,
  type MessageResponse,
  type PublicUser,
} from './auth.contract';
import { ianaTimeZone } from './analytics.contract';
import { endpoint } from './endpoint';
import { withSchemas } from './endpoint-schemas';
import { videoDto } from './videos.contract';

/**
 * product.md §5 Settings profile: company name required, the account's email valid, phone
 * optional. A new email applies once confirmed (product.md §14).
 */
export const COMPANY_NAME_MAX = 100;
export const EMAIL_MAX = 254;
export const PHONE_MAX = 32;

const optionalPhone = z
  .string({ error: 'Invalid phone number' })
  .trim()
  .max(PHONE_MAX, `Phone number must be under ${PHONE_MAX} characters`)
  .refine((v) => v === '' || (/^\+?[0-9 ().-]+$/.test(v) && /\d/.test(v)), 'Invalid phone number');

export const profileBody = z.object({
  companyName: z
    .string({ error: 'Company name is required' })
    .trim()
    .min(1, 'Company name is required')
    .max(COMPANY_NAME_MAX, `Company name must be under ${COMPANY_NAME_MAX} characters`),
  email: z
    .string({ error: 'Invalid email address' })
    .trim()
    .max(EMAIL_MAX, 'Invalid email address')
    .pipe(z.email({ error: 'Invalid email address' }))
    .transform((v) => v.toLowerCase()),
  /** Optional: an empty string or null clears it. */
  phone: optionalPhone.nullish(),
  /** Needed only to change the email (product.md §14). */
  currentPassword: z
    .string({ error: 'Current password is required' })
    .max(PASSWORD_MAX, `Password must be under ${PASSWORD_MAX} characters`)
    .optional(),
});
/** What the form holds (phone as typed). */
export type ProfileInput = z.input<typeof profileBody>;
export type ProfileBody = z.output<typeof profileBody>;

/** The three switches of product.md §2 Settings, all on by default; labels and descriptions as written. */
export const NOTIFICATION_SETTINGS = [
  {
    key: 'notifyEmail',
    label: 'Email Notifications',
    description: 'New video uploads and system updates',
  },
  {
    key: 'notifyStudentActivity',
    label: 'Student Activity Alerts',
    description: 'When students access classes',
  },
  {
    key: 'notifyWeeklyReports',
    label: 'Weekly Reports',
    description: 'Weekly analytics and usage',
  },
] as const;
export type NotificationKey = (typeof NOTIFICATION_SETTINGS)[number]['key'];

/** A switch's label: 'Email Notifications'. */
export const notificationLabel = (key: NotificationKey) =>
  NOTIFICATION_SETTINGS.find((s) => s.key === key)!.label;

/** Any subset of the three switches (each a real boolean); at least one. */
export const notificationsBody = z
  .strictObject(
    {
      notifyEmail: z.boolean({ error: 'notifyEmail must be true or false' }).optional(),
      notifyStudentActivity: z
        .boolean({ error: 'notifyStudentActivity must be true or false' })
        .optional(),
      notifyWeeklyReports: z
        .boolean({ error: 'notifyWeeklyReports must be true or false' })
        .optional(),
      /** The time zone the scheduled emails follow. */
      timeZone: ianaTimeZone.optional(),
    },
    {
      error: (issue) =>
        issue.code === 'unrecognized_keys' ? 'Unknown notification setting' : 'Invalid request',
    },
  )
  .refine((v) => Object.values(v).some((x) => x !== undefined), 'No notification setting given');

/** Settings > Notifications' time zone select: what the weekly report's Monday morning follows. */
export const TIME_ZONE_LABEL = 'Time zone for reports';
export const TIME_ZONE_DESCRIPTION = 'Weekly Reports arrive on Monday morning in this time zone.';
export type NotificationsBody = z.infer<typeof notificationsBody>;

export const WRONG_CURRENT_PASSWORD = 'Current password is incorrect';
export const SAME_PASSWORD = 'New password must be different from the current password';

export const changePasswordBody = z
  .object({
    currentPassword: z
      .string({ error: 'Current password is required' })
      .min(1, 'Current password is required')
      .max(PASSWORD_MAX, `Password must be under ${PASSWORD_MAX} characters`),
    newPassword: newPassword(
      'New password is required',
      `New password must be at least ${PASSWORD_MIN} characters`,
    ),
  })
  .refine((v) => v.currentPassword !== v.newPassword, {
    message: SAME_PASSWORD,
    path: ['newPassword'],
  });
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;

/** The dialog's form: the body plus a confirmation that must match. */
export const changePasswordForm = z
  .object({
    currentPassword: z.string().min(1, 'Current password is required'),
    newPassword: newPassword(
      'New password is required',
      `New password must be at least ${PASSWORD_MIN} characters`,
    ),
    confirmPassword: z.string().min(1, 'Please confirm your new password'),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: PASSWORDS_DO_NOT_MATCH,
    path: ['confirmPassword'],
  })
  .refine((v) => v.currentPassword !== v.newPassword, {
    message: SAME_PASSWORD,
    path: ['newPassword'],
  });
export type ChangePasswordForm = z.infer<typeof changePasswordForm>;

/** What the settings forms answer: the user as saved, with what happened. */
export type SettingsResponse = AuthResponse;

export const PASSWORD_CHANGED =
  'Your password has been changed. Other devices have been signed out.';

export type ChangePasswordResponse = MessageResponse;

/** One video's metadata in the export: no storage keys, no file URLs. */
const exportedVideo = videoDto.pick({
  id: true,
  title: true,
  description: true,
  originalFileName: true,
  fileSize: true,
  duration: true,
  processingStatus: true,
  processingNotes: true,
  replaceBackground: true,
  backgroundDescription: true,
  addLogo: true,
  enhancementNotes: true,
  width: true,
  height: true,
  uploadedAt: true,
  enhancedAt: true,
});
export type ExportedVideo = z.infer<typeof exportedVideo>;

const exportedPlanChange = z.object({
  fromPlan: z.string(),
  toPlan: z.string(),
  provider: z.string(),
  createdAt: z.string(),
});
export type ExportedPlanChange = z.infer<typeof exportedPlanChange>;

/** GET /api/auth/export: everything Cadence holds about the account, as one JSON document. */
const accountExport = z.object({
  format: z.literal('cadence-account-export'),
  version: z.literal(1),
  exportedAt: z.string(),
  account: publicUser,
  planChanges: z.array(exportedPlanChange),
  videos: z.array(exportedVideo),
});
export type AccountExport = z.infer<typeof accountExport>;

export const accountEndpoints = {
  profile: withSchemas(
    endpoint<{ body: ProfileInput; response: SettingsResponse }>()({
      method: 'PUT',
      path: '/api/auth/settings/profile',
      access: 'owner',
      summary: 'Changes the company name and phone; a new email waits for its confirmation link',
    }),
    { body: profileBody, response: authResponse },
  ),
  notifications: withSchemas(
    endpoint<{ body: NotificationsBody; response: SettingsResponse }>()({
      method: 'PUT',
      path: '/api/auth/settings/notifications',
      access: 'owner',
      summary: 'Turns notification switches on or off',
    }),
    { body: notificationsBody, response: authResponse },
  ),
  password: withSchemas(
    endpoint<{ body: ChangePasswordBody; response: ChangePasswordResponse }>()({
      method: 'PUT',
      path: '/api/auth/settings/password',
      access: 'owner',
      summary: "Changes the password and signs the account's other sessions out",
    }),
    { body: changePasswordBody, response: messageResponse },
  ),
  /** A JSON file download (Content-Disposition: attachment), the document as the schema says. */
  export: withSchemas(
    endpoint<{ response: AccountExport }>()({
      method: 'GET',
      path: '/api/auth/export',
      access: 'owner',
      summary: 'Everything Cadence holds about the account, as a JSON download',
    }),
    { response: accountExport },
  ),
} as const;

/** The download's file name: cadence-data-{slug or id}-{YYYY-MM-DD}.json */
export function exportFileName(user: Pick<PublicUser, 'id' | 'companySlug'>, at: Date): string {
  return `cadence-data-${user.companySlug ?? user.id}-${at.toISOString().slice(0, 10)}.json`;
}

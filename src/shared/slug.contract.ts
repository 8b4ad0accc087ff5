import { z } from 'zod';
import type { PublicUser } from './auth.contract';
import { companySlug } from './onboarding.contract';

/** The dashboard's reading of a public slug (spec §5): lowercase alphanumeric groups joined by single hyphens. */
export const PUBLIC_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const INVALID_URL_TITLE = 'Invalid URL';
export const INVALID_URL_MESSAGE = 'URL must contain only lowercase letters, numbers, and hyphens';

/** What typing in the slug box keeps (spec §5): lowercased, anything but a-z, 0-9 and hyphen dropped. */
export function sanitizeSlugInput(value: string): string {
  return value.toLowerCase().replace(/[^a-z0-9-]/g, '');
}

/**
 * A new public slug: both readings of the spec hold. The onboarding rules (3 to 50 characters, the
 * allowed characters, no hyphen at either end) give their own messages first; a slug that passes
 * them but has a run of hyphens fails the dashboard rule with its message.
 */
export const publicSlug = companySlug.refine(
  (s) => PUBLIC_SLUG_PATTERN.test(s),
  INVALID_URL_MESSAGE,
);

export const updateSlugBody = z.object({ slug: publicSlug });
export type UpdateSlugBody = z.infer<typeof updateSlugBody>;

export interface UpdateSlugResponse {
  message: string;
  user: PublicUser;
}

/** The public student link for a slug (spec §9: {origin}/gym/{slug}). */
export function publicGymUrl(origin: string, slug: string): string {
  return `${origin}/gym/${slug}`;
}

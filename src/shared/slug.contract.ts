import { z } from 'zod';
import { authResponse, type PublicUser } from './auth.contract';
import { endpoint } from './endpoint';
import { withSchemas } from './endpoint-schemas';
import { gymPagePath } from './gyms.contract';
import { companySlug } from './onboarding.contract';

/** The dashboard's reading of a public slug (product.md §5): lowercase alphanumeric groups joined by single hyphens. */
export const PUBLIC_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const INVALID_URL_TITLE = 'Invalid URL';
/** The slug answers (product.md §5): the server's refusals and the check's 'available'. */
export const SLUG_TAKEN = 'This URL slug is already taken. Please try another.';
export const SLUG_RESERVED = 'This URL is reserved. Please choose another.';
export const SLUG_AVAILABLE = 'This URL is available!';
export const INVALID_URL_MESSAGE = 'URL must contain only lowercase letters, numbers, and hyphens';

/**
 * What typing in a slug box keeps (product.md §5), the one normaliser of every slug field and its
 * preview: lowercased, spaces become a hyphen, anything but a-z, 0-9 and hyphen dropped, runs of
 * hyphens collapsed. A hyphen at either end stays while typing (the rules refuse it on save).
 */
export function sanitizeSlugInput(value: string): string {
  return value
    .toLowerCase()
    .replace(/\s+/g, '-')
    .replace(/[^a-z0-9-]/g, '')
    .replace(/-{2,}/g, '-');
}

/**
 * A new public slug: the dashboard's reading first (product.md §5: anything but lowercase
 * alphanumeric groups joined by single hyphens is 'URL must contain only lowercase letters,
 * numbers, and hyphens'), then the onboarding rules' own messages (3 to 50 characters).
 */
export const publicSlug = z
  .string({ error: INVALID_URL_MESSAGE })
  .regex(PUBLIC_SLUG_PATTERN, INVALID_URL_MESSAGE)
  .pipe(companySlug);

export const updateSlugBody = z.object({ slug: publicSlug });
export type UpdateSlugBody = z.infer<typeof updateSlugBody>;

export interface UpdateSlugResponse {
  message: string;
  user: PublicUser;
}

export const slugEndpoints = {
  update: withSchemas(
    endpoint<{ body: UpdateSlugBody; response: UpdateSlugResponse }>()({
      method: 'PUT',
      path: '/api/auth/slug',
      access: 'owner',
      summary: 'Changes the public slug (the old one keeps redirecting)',
    }),
    { body: updateSlugBody, response: authResponse },
  ),
} as const;

/** The public student link for a slug (product.md §9: {origin}/gym/{slug}). */
export function publicGymUrl(origin: string, slug: string): string {
  return `${origin}${gymPagePath(slug)}`;
}

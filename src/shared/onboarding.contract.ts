import { z } from 'zod';
import { authResponse, type AuthResponse } from './auth.contract';
import { endpoint } from './endpoint';
import { withSchemas } from './endpoint-schemas';

export const COMPANY_TYPES = [
  'gym',
  'fitness_studio',
  'personal_trainer',
  'franchise',
  'other',
] as const;
export type CompanyType = (typeof COMPANY_TYPES)[number];

export const COMPANY_TYPE_LABELS: Record<CompanyType, string> = {
  gym: 'Gym',
  fitness_studio: 'Fitness Studio',
  personal_trainer: 'Personal Trainer',
  franchise: 'Franchise',
  other: 'Other',
};

export const COMPANY_DESCRIPTION_MAX = 500;
export const SLUG_MIN = 3;
export const SLUG_MAX = 50;

export const companyInfo = z.object({
  companyName: z
    .string({ error: 'Company name must be at least 2 characters' })
    .trim()
    .min(2, 'Company name must be at least 2 characters')
    .max(100, 'Company name must be under 100 characters'),
  companyType: z.enum(COMPANY_TYPES, { error: 'Please select a company type' }),
  companyDescription: z
    .string()
    .trim()
    .max(COMPANY_DESCRIPTION_MAX, 'Description must be under 500 characters')
    .optional(),
});
export type CompanyInfo = z.infer<typeof companyInfo>;

export const companySlug = z
  .string({ error: 'Slug must be at least 3 characters' })
  .min(SLUG_MIN, 'Slug must be at least 3 characters')
  .max(SLUG_MAX, 'Slug must be under 50 characters')
  .regex(/^[a-z0-9-]+$/, 'Slug can only contain lowercase letters, numbers, and hyphens')
  .refine((s) => !s.startsWith('-') && !s.endsWith('-'), 'Slug cannot start or end with a hyphen');

/**
 * `purpose=location`: the slug is for a further location (issue #18 part 5), which can never take
 * the owner's own gym slug or old slugs; for the gym (the default) the owner's own count as free.
 */
export const SLUG_PURPOSES = ['gym', 'location'] as const;
export type SlugPurpose = (typeof SLUG_PURPOSES)[number];
export const checkSlugQuery = z.object({
  slug: companySlug,
  purpose: z.enum(SLUG_PURPOSES, { error: 'purpose must be gym or location' }).default('gym'),
  /** With purpose=location: the caller's location being edited (its own old slugs are free to it). */
  location: z.uuid({ error: 'location must be a location id' }).optional(),
});

export const completeOnboardingBody = companyInfo.extend({ companySlug });

/** complete-onboarding runs once per account; the slug changes afterwards through PUT /api/auth/slug. */
export const ONBOARDING_ALREADY_COMPLETE = 'Onboarding is already complete.';

/** Old slugs an owner keeps (each redirects to the current one); older ones are released. */
export const OLD_SLUGS_KEPT = 5;
export type CompleteOnboardingBody = z.infer<typeof completeOnboardingBody>;

/** How many free slugs a refused one comes with. */
export const SLUG_SUGGESTIONS_MAX = 3;

export const checkSlugResponse = z.object({
  available: z.boolean(),
  message: z.string(),
  /** Free slugs close to a taken or reserved one (empty when it is available or breaks the rules). */
  suggestions: z.array(z.string()).max(SLUG_SUGGESTIONS_MAX).default([]),
});
export type CheckSlugResponse = z.output<typeof checkSlugResponse>;

const SUGGESTION_ENDINGS = ['studio', 'cycle', 'spin', 'fitness', 'ride', '2', '3', '4'];

/**
 * Slugs to offer in place of a taken or reserved one, nearest first: the slug with a word or a
 * number added, each within the slug rules (cut to fit 50 characters, never ending in a hyphen).
 * The caller keeps the free ones.
 */
export function slugCandidates(slug: string): string[] {
  const base = slugify(slug) || 'gym';
  const out: string[] = [];
  for (const ending of SUGGESTION_ENDINGS) {
    let head = base.slice(0, SLUG_MAX - 1 - ending.length);
    while (head.endsWith('-')) head = head.slice(0, -1);
    const candidate = `${head}-${ending}`;
    if (candidate !== slug && !out.includes(candidate) && companySlug.safeParse(candidate).success)
      out.push(candidate);
  }
  return out;
}

export const onboardingEndpoints = {
  /** A slug that breaks the rules answers 400 with `{ available: false, message }`. */
  checkSlug: withSchemas(
    endpoint<{
      query: { slug: string; purpose?: SlugPurpose; location?: string };
      response: CheckSlugResponse;
    }>()({
      method: 'GET',
      path: '/api/auth/check-slug',
      access: 'owner',
      summary: 'Whether a slug is free for the caller',
    }),
    { query: checkSlugQuery, response: checkSlugResponse },
  ),
  complete: withSchemas(
    endpoint<{ body: z.input<typeof completeOnboardingBody>; response: AuthResponse }>()({
      method: 'POST',
      path: '/api/auth/complete-onboarding',
      access: 'owner',
      summary: 'Saves the company and its slug (once per account)',
    }),
    { body: completeOnboardingBody, response: authResponse },
  ),
} as const;

/** Words that would collide with the product's own routes or look official: never a gym slug. */
export const RESERVED_SLUGS: ReadonlySet<string> = new Set([
  'admin',
  'administrator',
  'api',
  'app',
  'assets',
  'auth',
  'billing',
  'by-host',
  'cadence',
  'customize',
  'dashboard',
  'gym',
  'gyms',
  'help',
  'login',
  'logout',
  'media',
  'objects',
  'onboarding',
  'register',
  'root',
  'settings',
  'signin',
  'signup',
  'static',
  'student',
  'subscription',
  'support',
  'system',
  'upload',
  'uploads',
  'videos',
  'www',
]);

/**
 * The onboarding prefill rule: lowercase; drop anything but letters, digits, spaces and hyphens;
 * whitespace runs become a hyphen; repeated hyphens collapse; the result is trimmed (of spaces and
 * of hyphens at either end, so the prefill passes the slug rules).
 */
export function slugify(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9\s-]/g, '')
    .trim()
    .replace(/\s+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '');
}

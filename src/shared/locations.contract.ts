import { z } from 'zod';
import {
  customDomainView,
  DOMAIN_MESSAGES,
  hexColor,
  updateDomainBody,
  type UpdateDomainBody,
} from './branding.contract';
import { endpoint } from './endpoint';
import { withSchemas } from './endpoint-schemas';
import { lockedMessage, MULTI_LOCATION_LIMIT } from './plan-features';
import { publicSlug } from './slug.contract';

/**
 * Multi-location (issue #18 part 5, Elite Studio): the account's own gym is its first location; an
 * Elite owner adds further ones, each with its own slug and public page, name, colours, logo and
 * custom domain, and chooses which classes each offers. Off Elite the further pages go offline;
 * nothing is deleted.
 */
export const LOCATIONS_PATH = '/api/auth/locations';

/** The first location's id in these routes (it is the account's own gym, not a stored location). */
export const MAIN_LOCATION = 'main';

export const LOCATION_NAME_MIN = 2;
export const LOCATION_NAME_MAX = 100;

export const LOCATION_MESSAGES = {
  locked: lockedMessage('multiLocation', 'Adding locations'),
  limit: `An account can run up to ${MULTI_LOCATION_LIMIT} locations. Delete one to add another.`,
  notFound: 'Location not found',
  nameShort: `Location name must be at least ${LOCATION_NAME_MIN} characters`,
  nameLong: `Location name must be under ${LOCATION_NAME_MAX} characters`,
  primaryColor: 'Primary color must be a hex color like #ff4500',
  secondaryColor: 'Secondary color must be a hex color like #1a1a1a',
  unknownClass: 'One of these classes is not yours, or no longer exists.',
  lastLocation: (titles: string[]) =>
    `Every class is offered at one location at least: add ${titles.map((t) => `"${t}"`).join(', ')} to another location first.`,
  tooManyClasses: 'Too many classes in one request.',
  created: 'Location added',
  saved: 'Location saved',
  deleted: 'Location deleted',
  classesSaved: 'Classes saved',
  logoSaved: 'Location logo saved',
  logoRemoved: "Location logo removed: its page shows the gym's logo",
  domainSaved: DOMAIN_MESSAGES.saved,
  domainRemoved: DOMAIN_MESSAGES.removed,
  domainVerified: DOMAIN_MESSAGES.verified,
  /** Added to `offline` when classes are offered only at the offline locations. */
  offlineClasses: (count: number) =>
    count === 1
      ? 'One class is offered only there: riders do not see it until then, or until you offer it at your first location.'
      : `${count} classes are offered only there: riders do not see them until then, or until you offer them at your first location.`,
  /** Said to the owner whose plan no longer includes Multi-location. */
  offline: (count: number) =>
    `${count === 1 ? 'Your other location is' : `Your ${count} other locations are`} offline: only your first location's page is live. Nothing was deleted; return to Elite Studio to bring ${count === 1 ? 'it' : 'them'} back.`,
} as const;

const name = z
  .string({ error: LOCATION_MESSAGES.nameShort })
  .trim()
  .min(LOCATION_NAME_MIN, LOCATION_MESSAGES.nameShort)
  .max(LOCATION_NAME_MAX, LOCATION_MESSAGES.nameLong);
/** An override of the gym's colour; null (or left out) keeps the gym's own. */
const colorOverride = (message: string) => hexColor(message).nullable().optional().default(null);

export const locationBody = z.object({
  name,
  slug: publicSlug,
  primaryColor: colorOverride(LOCATION_MESSAGES.primaryColor),
  secondaryColor: colorOverride(LOCATION_MESSAGES.secondaryColor),
});
/** What the screen sends (colours may be left out). */
export type LocationBody = z.input<typeof locationBody>;
/** What the server works with, checked. */
export type LocationValues = z.output<typeof locationBody>;

/** PUT /api/auth/locations/:id/classes: every class the location offers (the rest are not). */
export const locationClassesBody = z.object({
  videoIds: z
    .array(z.uuid({ error: LOCATION_MESSAGES.unknownClass }), {
      error: LOCATION_MESSAGES.unknownClass,
    })
    .max(500, LOCATION_MESSAGES.tooManyClasses),
});
export type LocationClassesBody = z.infer<typeof locationClassesBody>;

const location = z.object({
  /** MAIN_LOCATION for the account's own gym. */
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  /** The colours the page uses (the override, else the gym's). */
  primaryColor: z.string(),
  secondaryColor: z.string(),
  /** The logo its page shows (its own, else the gym's), or null for the product's own mark. */
  logoUrl: z.string().nullable(),
  /** Only further locations have overrides; null: the gym's own. */
  overrides: z.object({
    primaryColor: z.string().nullable(),
    secondaryColor: z.string().nullable(),
    logoUrl: z.string().nullable(),
  }),
  /** Its public page is live (the first always; further ones while the plan includes them). */
  online: z.boolean(),
  /** The classes it offers. */
  videoIds: z.array(z.string()),
  /** Its custom domain (the first location's is the gym's, set under Customize). */
  ...customDomainView.shape,
});
export type LocationDto = z.infer<typeof location>;

/** GET /api/auth/locations */
const locationsView = z.object({
  locations: z.array(location),
  /** How many locations the plan runs (the first included). */
  limit: z.number(),
  /** The plan includes Multi-location. */
  allowed: z.boolean(),
  /** LOCATION_MESSAGES.offline when further locations exist and the plan lacks them. */
  notice: z.string().nullable(),
});
export type LocationsView = z.infer<typeof locationsView>;

const locationResponse = z.object({ message: z.string(), locations: locationsView });
export type LocationResponse = z.infer<typeof locationResponse>;

export const locationsEndpoints = {
  list: withSchemas(
    endpoint<{ response: LocationsView }>()({
      method: 'GET',
      path: LOCATIONS_PATH,
      access: 'owner',
      summary: "The account's locations: its own gym first, then the further ones",
    }),
    { response: locationsView },
  ),
  create: withSchemas(
    endpoint<{ body: LocationBody; response: LocationResponse }>()({
      method: 'POST',
      path: LOCATIONS_PATH,
      access: 'owner',
      summary: 'Adds a location with its own public page (Elite Studio)',
      status: 201,
    }),
    { body: locationBody, response: locationResponse },
  ),
  update: withSchemas(
    endpoint<{ body: LocationBody; response: LocationResponse }>()({
      method: 'PUT',
      path: `${LOCATIONS_PATH}/:id`,
      access: 'owner',
      summary: 'Renames a further location, changes its slug or its colours',
    }),
    { body: locationBody, response: locationResponse },
  ),
  remove: withSchemas(
    endpoint<{ response: LocationResponse }>()({
      method: 'DELETE',
      path: `${LOCATIONS_PATH}/:id`,
      access: 'owner',
      summary: 'Deletes a further location; classes only it offered go back to the first',
    }),
    { response: locationResponse },
  ),
  classes: withSchemas(
    endpoint<{ body: LocationClassesBody; response: LocationResponse }>()({
      method: 'PUT',
      path: `${LOCATIONS_PATH}/:id/classes`,
      access: 'owner',
      summary: 'Sets which classes a location offers',
    }),
    { body: locationClassesBody, response: locationResponse },
  ),
  /** PUT: a domain for a further location, or null / '' to remove it (Elite Studio). */
  setDomain: withSchemas(
    endpoint<{ body: UpdateDomainBody; response: LocationResponse }>()({
      method: 'PUT',
      path: `${LOCATIONS_PATH}/:id/domain`,
      access: 'owner',
      summary: "Saves a further location's custom domain (pending until verified) or removes it",
    }),
    { body: updateDomainBody, response: locationResponse },
  ),
  verifyDomain: withSchemas(
    endpoint<{ response: LocationResponse }>()({
      method: 'POST',
      path: `${LOCATIONS_PATH}/:id/domain/verify`,
      access: 'owner',
      summary: "Looks a further location's domain TXT record up and verifies the domain",
    }),
    { response: locationResponse },
  ),
  /** Multipart with one file in the field LOGO_FIELD, as the gym's logo. */
  uploadLogo: withSchemas(
    endpoint<{ body: FormData; response: LocationResponse }>()({
      method: 'POST',
      path: `${LOCATIONS_PATH}/:id/logo`,
      access: 'owner',
      summary: "Stores a further location's own logo (PNG, JPG, WebP, GIF or plain SVG; 5 MB)",
      rawBody: 'multipart',
    }),
    { response: locationResponse },
  ),
  removeLogo: withSchemas(
    endpoint<{ response: LocationResponse }>()({
      method: 'DELETE',
      path: `${LOCATIONS_PATH}/:id/logo`,
      access: 'owner',
      summary: "Removes a further location's own logo (its page shows the gym's)",
    }),
    { response: locationResponse },
  ),
} as const;

/**
 * The zod schemas of the public gym API. gyms.contract.ts declares the endpoints and their types
 * zod-free, because the public page's own build imports it (docs/decisions/0017); the server
 * registers the routes from `gymEndpointsWithSchemas`, and `withSchemas` fails to compile when a
 * schema and its zod-free type differ.
 */
import { z } from 'zod';
import { DIFFICULTIES } from './class-details';
import { DISPLAY_FONT_IDS } from './display-fonts';
import { withSchemas } from './endpoint-schemas';
import { gymEndpoints } from './gyms.contract';

/** A class as the public page lists it (the studio screen's timetable names classes in this shape). */
export const publicGymVideo = z.object({
  id: z.string(),
  title: z.string(),
  duration: z.string(),
  thumbnailUrl: z.string().nullable(),
  durationSeconds: z.number().nullable(),
  hlsUrl: z.string().nullable(),
  mp4Url: z.string().nullable(),
  posterUrl: z.string().nullable(),
  instructor: z
    .object({ id: z.string(), name: z.string(), photoUrl: z.string().nullable() })
    .nullable(),
  difficulty: z.enum(DIFFICULTIES),
  classType: z.string().nullable(),
  equipmentNotes: z.string().nullable(),
  rideTrackUrl: z.string().nullable(),
  offline: z.object({ url: z.string(), bytes: z.number(), version: z.string() }).nullable(),
});

const publicProgram = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  classesPerWeek: z.number(),
  cover: z.object({ src: z.string(), srcSet: z.string() }).nullable(),
  classIds: z.array(z.string()),
});

const publicGymBranding = z.object({
  primaryColor: z.string(),
  secondaryColor: z.string(),
  description: z.string(),
  primaryTextColor: z.string(),
  secondaryTextColor: z.string(),
  accentColor: z.string(),
  poweredByCadence: z.boolean(),
  heroImage: z.object({ src: z.string(), srcSet: z.string() }).nullable(),
  displayFont: z.enum(DISPLAY_FONT_IDS).nullable(),
});

const publicGymResponse = z.object({
  slug: z.string(),
  gymName: z.string(),
  gymLogo: z.string().nullable(),
  gymLogoIcon: z.string().nullable(),
  videos: z.array(publicGymVideo),
  programs: z.array(publicProgram),
  branding: publicGymBranding,
});

/** An old slug: the gym's current one. */
const gymRedirectResponse = z.object({ redirectTo: z.string() });

const customDomainCheckResponse = z.object({ domain: z.string(), connected: z.literal(true) });

/** The gym endpoints (gyms.contract.ts) with the schemas of their JSON answers. */
export const gymEndpointsWithSchemas = {
  ...gymEndpoints,
  byHost: withSchemas(gymEndpoints.byHost, { response: publicGymResponse }),
  bySlug: withSchemas(gymEndpoints.bySlug, {
    response: z.union([publicGymResponse, gymRedirectResponse]),
  }),
  customDomainCheck: withSchemas(gymEndpoints.customDomainCheck, {
    response: customDomainCheckResponse,
  }),
} as const;

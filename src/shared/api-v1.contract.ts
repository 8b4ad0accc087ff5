import { z } from 'zod';
import { classDetailsFields, classDetailsView } from './class-details.contract';
import { analyticsQuery, analyticsResponse, type AnalyticsResponse } from './analytics.contract';
import { reenhanceBody, type ReenhanceBody } from './backgrounds.contract';
import { endpoint } from './endpoint';
import type { RideTrack } from './ride-track';
import { rideTrackBody, rideTrackView, type RideTrackBody } from './ride-track.contract';
import { withSchemas } from './endpoint-schemas';
import {
  DEFAULT_LOGO_PLACEMENT,
  logoPlacement,
  ORIGINAL_FILE_NAME_MAX,
  requireBackgroundDescription,
  updateVideoBody,
  VIDEO_MESSAGES,
  VIDEO_STATUSES,
  videoDetails,
} from './videos.contract';

/**
 * The Cadence API (issue #19, Elite Studio): an owner's classes, uploads, analytics and locations
 * for their own tools, with an API key (api-keys.contract.ts). Every answer is JSON; every error is
 * `{ "error": { "code", "message", "fields"? } }`; lists are cursor-paginated; a POST may carry an
 * Idempotency-Key; each key has a rate limit told in RateLimit-* headers.
 */
export const API_V1_PREFIX = '/api/v1';
/** The API's OpenAPI 3.1 document, and its interactive reference. */
export const API_V1_OPENAPI_PATH = `${API_V1_PREFIX}/openapi.json`;
export const API_DOCS_PATH = '/api/docs';
/** tus' resumable uploads with a key: the web app's protocol and rules, at the API's address. */
export const API_V1_UPLOADS_PATH = `${API_V1_PREFIX}/uploads`;

/** Requests per key per minute (the API's RateLimit-Limit). */
export const API_RATE_LIMIT = { max: 600, windowMs: 60_000 } as const;
/** How long an Idempotency-Key's answer is kept. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
export const IDEMPOTENCY_KEY_MAX = 255;

export const API_MESSAGES = {
  classNotFound: 'Class not found',
  badCursor: 'This cursor is not one this API gave: start again without it',
  limit: 'limit must be a whole number from 1 to 100',
  idempotencyKey: `Idempotency-Key must be 1 to ${IDEMPOTENCY_KEY_MAX} visible ASCII characters`,
  idempotencyReused:
    'This Idempotency-Key was used with another request: send a new key for a new request',
  idempotencyInFlight:
    'A request with this Idempotency-Key is still being processed: retry in a moment',
  rateLimited: 'Too many requests for this API key. Wait for RateLimit-Reset seconds, then retry.',
  tooDeep: 'The request body is nested too deeply',
  tooManyFailures:
    'Too many requests with an API key that is not valid from this address. Please try again later.',
} as const;

export const apiErrorBody = z.object({
  error: z.object({
    /** Stable, machine-readable: invalid_request, unauthorized, forbidden, not_found, … */
    code: z.string(),
    /** For people, in the product's words. */
    message: z.string(),
    /** Each field that was refused, with why (400s on a query or body). */
    fields: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
  }),
});
export type ApiErrorBody = z.infer<typeof apiErrorBody>;

/** A class as the API gives it: its details, where processing is, and its media's addresses. */
export const apiClass = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  /** uploaded (waiting), processing (being enhanced), enhanced (ready for riders), failed. */
  status: z.enum(VIDEO_STATUSES),
  /** The status in the owner's words ("Ready", "Being Enhanced"…). */
  statusLabel: z.string(),
  /** The running job's progress, 0-100; null when nothing runs. */
  progress: z.number().nullable(),
  /** What went wrong (failed), or the admin's note. */
  processingNotes: z.string().nullable(),
  durationSeconds: z.number().nullable(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  fileName: z.string(),
  fileSizeBytes: z.number(),
  /** The HLS playlist riders stream (absolute URL); null until the class is packaged. */
  streamUrl: z.string().nullable(),
  /** The poster (1280 px) and the library's thumbnail (480 px); null until ingest made them. */
  posterUrl: z.string().nullable(),
  thumbnailUrl: z.string().nullable(),
  /**
   * The class as one MP4 for playing without a network (decision 0047: the ladder's top rung up
   * to 720p, with Range support): its absolute URL, size and the packaging's version (a new one
   * means the class changed). Null until packaged with one.
   */
  offline: z.object({ url: z.string(), bytes: z.number(), version: z.string() }).nullable(),
  uploadedAt: z.string(),
  enhancedAt: z.string().nullable(),
  updatedAt: z.string(),
  /** What riders choose it by (issue #20): the instructor (GET /api/v1/instructors), difficulty… */
  ...classDetailsView.shape,
});
export type ApiClass = z.infer<typeof apiClass>;

/** One page of a list: `nextCursor` fetches the next (null: this was the last). */
const page = <T extends z.ZodType>(item: T) =>
  z.object({ data: z.array(item), nextCursor: z.string().nullable() });

export const listClassesQuery = z.object({
  limit: z.coerce
    .number({ error: API_MESSAGES.limit })
    .int(API_MESSAGES.limit)
    .min(1, API_MESSAGES.limit)
    .max(100, API_MESSAGES.limit)
    .default(25),
  cursor: z.string().max(200, API_MESSAGES.badCursor).optional(),
  /** Only the classes in this status. */
  status: z.enum(VIDEO_STATUSES).optional(),
});
export type ListClassesQuery = z.infer<typeof listClassesQuery>;
const classPage = page(apiClass);
export type ClassPage = z.infer<typeof classPage>;

/**
 * POST /api/v1/classes: a finished upload (its Cadence-Object-Url, from tus at /api/v1/uploads)
 * becomes a class, with the upload screen's rules and words; processing starts as it does from the
 * web. The logo is the gym's (set under Customize) when addLogo is true.
 */
export const createClassBody = z
  .object({
    title: videoDetails.title,
    description: videoDetails.description,
    /** The address the upload's last PATCH (or a HEAD) answered in Cadence-Object-Url. */
    upload: z
      .string({ error: VIDEO_MESSAGES.videoUrlRequired })
      .trim()
      .min(1, VIDEO_MESSAGES.videoUrlRequired)
      .max(2048, VIDEO_MESSAGES.videoUrlRequired),
    /** The file's name as the owner knows it. */
    fileName: z
      .string()
      .trim()
      .min(1, VIDEO_MESSAGES.originalFileNameRequired)
      .max(ORIGINAL_FILE_NAME_MAX, `File name must be under ${ORIGINAL_FILE_NAME_MAX} characters`)
      .default('upload'),
    replaceBackground: z.boolean().default(false),
    backgroundDescription: videoDetails.backgroundDescription,
    addLogo: z.boolean().default(false),
    logoPlacement: logoPlacement.default(DEFAULT_LOGO_PLACEMENT),
    enhancementNotes: videoDetails.enhancementNotes,
    ...classDetailsFields,
  })
  .superRefine(requireBackgroundDescription);
export type CreateClassBody = z.output<typeof createClassBody>;

const classParams = z.object({ id: z.string().max(64) });
const locationsPage = page(
  z.object({
    /** 'main' for the gym's own page; a further location's id (Elite). */
    id: z.string(),
    name: z.string(),
    slug: z.string(),
    /** The public page's address (absolute). */
    url: z.string(),
    /** Its page is live (further locations only while the plan includes them). */
    online: z.boolean(),
    classIds: z.array(z.string()),
  }),
);
export type LocationsPage = z.infer<typeof locationsPage>;

const instructorsPage = page(
  z.object({
    id: z.string(),
    name: z.string(),
    /** A square photo (absolute URL), or null. */
    photoUrl: z.string().nullable(),
    classCount: z.number(),
  }),
);
export type InstructorsPage = z.infer<typeof instructorsPage>;

export const apiV1Endpoints = {
  listClasses: withSchemas(
    endpoint<{ query: z.input<typeof listClassesQuery>; response: ClassPage }>()({
      method: 'GET',
      path: `${API_V1_PREFIX}/classes`,
      access: 'api-read',
      summary: 'Your classes, newest upload first, a page at a time',
    }),
    { query: listClassesQuery, response: classPage },
  ),
  createClass: withSchemas(
    endpoint<{ body: z.input<typeof createClassBody>; response: ApiClass }>()({
      method: 'POST',
      path: `${API_V1_PREFIX}/classes`,
      access: 'api-write',
      summary: 'Makes a class from a finished upload and starts processing it',
      status: 201,
    }),
    { body: createClassBody, response: apiClass },
  ),
  getClass: withSchemas(
    endpoint<{ response: ApiClass }>()({
      method: 'GET',
      path: `${API_V1_PREFIX}/classes/:id`,
      access: 'api-read',
      summary: 'One class: its details, processing status and progress, and media addresses',
    }),
    { params: classParams, response: apiClass },
  ),
  updateClass: withSchemas(
    endpoint<{ body: z.input<typeof updateVideoBody>; response: ApiClass }>()({
      method: 'PATCH',
      path: `${API_V1_PREFIX}/classes/:id`,
      access: 'api-write',
      summary: "Changes a class's title or description",
    }),
    { params: classParams, body: updateVideoBody, response: apiClass },
  ),
  deleteClass: withSchemas(
    endpoint()({
      method: 'DELETE',
      path: `${API_V1_PREFIX}/classes/:id`,
      access: 'api-write',
      summary: 'Deletes a class and every file it has',
      status: 204,
    }),
    { params: classParams },
  ),
  reprocessClass: withSchemas(
    endpoint<{ body: ReenhanceBody; response: ApiClass }>()({
      method: 'POST',
      path: `${API_V1_PREFIX}/classes/:id/reprocess`,
      access: 'api-write',
      summary:
        'Runs enhancement again from the original with a built-in background (Spin Master and up); riders keep the current version meanwhile',
    }),
    { params: classParams, body: reenhanceBody, response: apiClass },
  ),
  getRideTrack: withSchemas(
    endpoint<{ response: RideTrack }>()({
      method: 'GET',
      path: `${API_V1_PREFIX}/classes/:id/ride-track`,
      access: 'api-read',
      summary:
        "A class's ride track as JSON: its segments in order, with cadence, resistance, zone, position and cue",
    }),
    { params: classParams, response: rideTrackView },
  ),
  getRideTrackVtt: withSchemas(
    endpoint()({
      method: 'GET',
      path: `${API_V1_PREFIX}/classes/:id/ride-track.vtt`,
      access: 'api-read',
      summary:
        "A class's ride track as a WebVTT metadata track: one cue per segment, its JSON as the text",
      produces: 'text/vtt',
    }),
    { params: classParams },
  ),
  putRideTrack: withSchemas(
    endpoint<{ body: RideTrackBody; response: RideTrack }>()({
      method: 'PUT',
      path: `${API_V1_PREFIX}/classes/:id/ride-track`,
      access: 'api-write',
      summary:
        "Saves a class's ride track: segments in whole seconds from 0 to the class's end, each starting where the one before ends",
    }),
    { params: classParams, body: rideTrackBody, response: rideTrackView },
  ),
  deleteRideTrack: withSchemas(
    endpoint()({
      method: 'DELETE',
      path: `${API_V1_PREFIX}/classes/:id/ride-track`,
      access: 'api-write',
      summary: "Removes a class's ride track (the class plays without one)",
      status: 204,
    }),
    { params: classParams },
  ),
  analytics: withSchemas(
    endpoint<{ query: z.input<typeof analyticsQuery>; response: AnalyticsResponse }>()({
      method: 'GET',
      path: `${API_V1_PREFIX}/analytics`,
      access: 'api-read',
      summary:
        "Views, watch time and students over the last 30 days or a date range, by day, hour and class: the analytics screen's figures",
    }),
    { query: analyticsQuery, response: analyticsResponse },
  ),
  listLocations: withSchemas(
    endpoint<{ response: LocationsPage }>()({
      method: 'GET',
      path: `${API_V1_PREFIX}/locations`,
      access: 'api-read',
      summary: 'Your locations: the gym itself first, then the further ones (Elite Studio)',
    }),
    { response: locationsPage },
  ),
  listInstructors: withSchemas(
    endpoint<{ response: InstructorsPage }>()({
      method: 'GET',
      path: `${API_V1_PREFIX}/instructors`,
      access: 'api-read',
      summary: "Your studio's instructors, by name: the instructorId of a class names one",
    }),
    { response: instructorsPage },
  ),
  /** tus' creation, with a read-and-write key: Upload-Length, Upload-Metadata filetype. */
  uploadCreate: endpoint()({
    method: 'POST',
    path: API_V1_UPLOADS_PATH,
    access: 'api-write',
    summary:
      'tus: creates a resumable upload (Upload-Length, Upload-Metadata filetype); Location names it',
    rawBody: 'stream',
    status: 201,
  }),
  /** HEAD: the offset; PATCH: the next bytes (the last answers Cadence-Object-Url); DELETE: cancels. */
  upload: endpoint()({
    method: ['HEAD', 'PATCH', 'DELETE'],
    path: `${API_V1_UPLOADS_PATH}/*`,
    access: 'api-write',
    summary: 'tus: one of your resumable uploads (HEAD offset, PATCH bytes, DELETE cancels)',
    rawBody: 'stream',
    status: 204,
  }),
} as const;

/** The document is generated from the descriptors: described only as a JSON object here. */
const openApiDocumentResponse = z.record(z.string(), z.unknown());

/** The API's description (no key needed: it names no one's data). */
export const apiDocsEndpoints = {
  openApi: withSchemas(
    endpoint<{ response: Record<string, unknown> }>()({
      method: 'GET',
      path: API_V1_OPENAPI_PATH,
      access: 'public',
      summary: 'The Cadence API (/api/v1) as an OpenAPI 3.1 document',
    }),
    { response: openApiDocumentResponse },
  ),
  /** The interactive reference (Swagger UI), which reads the document above. */
  page: endpoint()({
    method: 'GET',
    path: API_DOCS_PATH,
    access: 'public',
    summary: "The Cadence API's interactive reference",
    produces: 'text/html',
  }),
  /** The reference's script and styles (the pinned swagger-ui-dist package's, and its start). */
  asset: endpoint()({
    method: 'GET',
    path: `${API_DOCS_PATH}/:file`,
    access: 'public',
    summary: "The interactive reference's scripts and styles",
    produces: 'text/*',
  }),
} as const;

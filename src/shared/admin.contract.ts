import { z } from 'zod';
import { endpoint } from './endpoint';
import { withSchemas } from './endpoint-schemas';
import {
  VIDEO_EVENT_ACTIONS,
  VIDEO_STATUSES,
  videoDto,
  type VideoEventAction,
  type VideoStatus,
} from './videos.contract';

/** product.md §7: the admin calls. */
export const ADMIN_VIDEOS_PATH = '/api/admin/videos';
export const adminVideoPath = (id: string) => `${ADMIN_VIDEOS_PATH}/${encodeURIComponent(id)}`;
export const adminDownloadPath = (id: string) => `${adminVideoPath(id)}/download`;
export const adminStatusPath = (id: string) => `${adminVideoPath(id)}/status`;
export const adminEnhancedPath = (id: string) => `${adminVideoPath(id)}/enhanced`;
export const adminEventsPath = (id: string) => `${adminVideoPath(id)}/events`;
export const adminLogoPath = (id: string) => `${adminVideoPath(id)}/logo`;

/** product.md §7: the multipart field of 'Upload Enhanced'. */
export const ENHANCED_FIELD = 'enhanced';
/** product.md §9: processing notes hold at most 500 characters. */
export const PROCESSING_NOTES_MAX = 500;
/** The admin list refetches every 30 s (product.md §9). */
export const ADMIN_REFETCH_MS = 30_000;
export const ADMIN_PAGE_SIZE_DEFAULT = 20;
export const ADMIN_PAGE_SIZE_MAX = 100;
export const ADMIN_SEARCH_MAX = 200;

/** product.md §4: the admin's labels. */
export const ADMIN_STATUS_LABELS: Record<VideoStatus, string> = {
  uploaded: 'Pending AI Enhancement',
  processing: 'AI Enhancement in Progress',
  enhanced: 'AI Enhanced & Ready',
  failed: 'Enhancement Failed',
};

/**
 * product.md §4: the moves an admin may make with PUT .../status. uploaded -> processing ('Start AI
 * Enhancement'), processing -> failed ('Mark Failed'), failed -> processing (a retry). 'enhanced'
 * is reached only through 'Upload Enhanced' (or the enhancement job).
 */
export const ADMIN_STATUS_MOVES: Record<VideoStatus, readonly VideoStatus[]> = {
  uploaded: ['processing'],
  processing: ['failed'],
  failed: ['processing'],
  enhanced: [],
};

/** Cadence's choice (docs/decisions): an enhanced file may replace work in progress or a failure. */
export const ENHANCED_UPLOAD_FROM: readonly VideoStatus[] = ['processing', 'failed'];

export function canMove(from: VideoStatus, to: VideoStatus): boolean {
  return ADMIN_STATUS_MOVES[from].includes(to);
}

/** product.md §2 and §8: the admin area's words. */
export const ADMIN_MESSAGES = {
  loginTitle: 'Admin Access',
  /** product.md §6: a signed-in non-admin at the admin login (the server's 403 says the same). */
  adminRequired: 'Admin access required. Please contact support if you believe this is an error.',
  signIn: 'Sign In',
  loading: 'Loading admin panel...',
  invalidCredentials: 'Invalid admin credentials',
  dashboardTitle: 'Video Processing Dashboard',
  startEnhancement: 'Start AI Enhancement',
  markFailed: 'Mark Failed',
  uploadEnhanced: 'Upload Enhanced',
  downloadStarted: 'Download started',
  downloadFailedTitle: 'Download failed',
  downloadFailed: 'Failed to download video file',
  statusUpdatedTitle: 'Status updated',
  statusUpdated: (status: VideoStatus) => `Video status changed to ${status}`,
  updateFailedTitle: 'Update failed',
  updateFailed: 'Failed to update video status',
  enhancedUploaded: 'Enhanced video uploaded',
  uploadFailedTitle: 'Upload failed',
  uploadFailed: 'Failed to upload enhanced video',
  notesTooLong: `Processing notes must be under ${PROCESSING_NOTES_MAX} characters`,
  videoNotFound: 'Video not found',
  originalMissing: 'The original file of this video is missing.',
  enhancedMissingFile: 'Please choose the enhanced video file.',
  enhancedUploadWrongStatus:
    'An enhanced file can be uploaded only while the video is being enhanced or after it failed.',
  statusChanged: 'This video was changed by someone else meanwhile. Reload and try again.',
} as const;

/** The 409 for a move the machine of §4 does not allow. */
export function illegalMoveMessage(from: VideoStatus, to: VideoStatus): string {
  if (from === to) return `The video is already '${from}'.`;
  const allowed = ADMIN_STATUS_MOVES[from];
  const options = allowed.length
    ? `only to ${allowed.map((s) => `'${s}'`).join(' or ')}`
    : 'no further';
  return `A video that is '${from}' cannot be moved to '${to}': it can move ${options}.`;
}

const status = z.enum(VIDEO_STATUSES, {
  error: `Status must be one of ${VIDEO_STATUSES.join(', ')}`,
});

/** PUT /api/admin/videos/{id}/status. `from` is the status the admin saw (the optimistic check). */
export const updateStatusBody = z.object({
  status,
  notes: z
    .string()
    .max(PROCESSING_NOTES_MAX, ADMIN_MESSAGES.notesTooLong)
    .nullish()
    .transform((v) => (v == null || v.trim() === '' ? null : v.trim())),
  from: status.optional(),
});
export type UpdateStatusBody = z.input<typeof updateStatusBody>;

/** POST /api/admin/videos/{id}/enhanced as JSON: a finished tus upload of the admin names the file. */
export const enhancedFromUploadBody = z.object({
  uploadURL: z.string({ error: ADMIN_MESSAGES.enhancedMissingFile }).trim().min(1).max(2048),
});

/** A whole number clamped to 1..max; anything unreadable is the fallback. */
const pageNumber = (fallback: number, max: number) =>
  z.coerce
    .number()
    .int()
    .catch(fallback)
    .transform((n) => Math.min(max, Math.max(1, n)));

/** GET /api/admin/videos query: filters, search, page. Bad values fall back to the defaults. */
export const adminVideosQuery = z.object({
  status: status.optional().catch(undefined),
  ownerId: z.uuid().optional().catch(undefined),
  q: z
    .string()
    .trim()
    .max(ADMIN_SEARCH_MAX)
    .optional()
    .catch(undefined)
    .transform((v) => (v ? v : undefined)),
  page: pageNumber(1, 1_000_000),
  pageSize: pageNumber(ADMIN_PAGE_SIZE_DEFAULT, ADMIN_PAGE_SIZE_MAX),
});
export type AdminVideosQuery = z.output<typeof adminVideosQuery>;

/** product.md §3: the admin view adds the owner (user.companyName). */
export const adminVideoDto = videoDto.extend({
  user: z.object({ id: z.string(), companyName: z.string().nullable(), email: z.string() }),
});
export type AdminVideoDto = z.infer<typeof adminVideoDto>;

export const adminVideosResponse = z.object({
  videos: z.array(adminVideoDto),
  /** Videos matching the filters (all pages). */
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  /** Per status, for the owner and search filters (not the status filter). */
  counts: z.record(status, z.number()),
});
export type AdminVideosResponse = z.infer<typeof adminVideosResponse>;

export const adminVideoResponse = z.object({ video: adminVideoDto });
export type AdminVideoResponse = z.infer<typeof adminVideoResponse>;

/** One audit-trail entry: who did what, when, with which notes. */
const videoEventDto = z.object({
  id: z.string(),
  action: z.enum(VIDEO_EVENT_ACTIONS),
  fromStatus: z.enum(VIDEO_STATUSES).nullable(),
  toStatus: z.enum(VIDEO_STATUSES).nullable(),
  notes: z.string().nullable(),
  createdAt: z.string(),
  /** The admin who acted; null for the system (jobs). */
  actor: z.object({ id: z.string(), email: z.string() }).nullable(),
});
export type VideoEventDto = z.infer<typeof videoEventDto>;

const videoEventsResponse = z.object({ events: z.array(videoEventDto) });
export type VideoEventsResponse = z.infer<typeof videoEventsResponse>;

/** How the audit trail names an action. */
export const EVENT_LABELS: Record<VideoEventAction, string> = {
  enhance_started: 'Enhancement started',
  enhance_retried: 'Enhancement retried',
  marked_failed: 'Marked failed',
  enhanced_uploaded: 'Enhanced file uploaded',
  original_downloaded: 'Original downloaded',
  enhanced: 'Enhanced automatically',
  enhance_failed: 'Enhancement failed',
  needs_manual: 'Needs manual work',
  packaged: 'Packaged for streaming',
  ingested: 'Ingested',
  ingest_failed: 'Ingest failed',
  package_failed: 'Packaging failed',
  reenhance_requested: 'Enhancement re-run by the owner',
  reenhanced: 'Enhanced again',
  reenhance_failed: 'Re-run failed (the previous version stays)',
};

// ---------------------------------------------------------------------------------------------
// Custom domains: every gym's connected domain, and the revoke (audit finding 1).

export const ADMIN_DOMAINS_PATH = '/api/admin/domains';
export const ADMIN_DOMAIN_REVOKE_PATH = '/api/admin/domains/revoke';
/** The list shows at most this many domains (newest first). */
export const ADMIN_DOMAINS_MAX = 500;

export const ADMIN_DOMAIN_MESSAGES = {
  title: 'Custom Domains',
  description: 'Every domain a gym has connected. Revoking one stops its gym page there at once.',
  empty: 'No gym has connected a domain yet.',
  verified: 'Verified',
  pending: 'Waiting for verification',
  revoke: 'Revoke',
  revokeConfirm: (domain: string) =>
    `The gym page at ${domain} stops at once. The owner can connect the domain again only by verifying it again.`,
  revoked: 'Custom domain revoked',
  revokeFailed: 'Revoke failed',
  notConnected: 'This domain is no longer connected to that gym. Reload the list.',
} as const;

/** One gym's (or one of its further locations') custom domain as the admin desk lists it. */
const adminDomainDto = z.object({
  domain: z.string(),
  status: z.enum(['pending', 'verified']),
  /** When it was saved (ISO), and when verified (ISO or null). */
  addedAt: z.string().nullable(),
  verifiedAt: z.string().nullable(),
  owner: z.object({
    id: z.string(),
    email: z.string(),
    companyName: z.string().nullable(),
    companySlug: z.string().nullable(),
  }),
  /** The further location it serves (issue #18 part 5), or null for the gym's own page. */
  location: z.object({ id: z.string(), name: z.string(), slug: z.string() }).nullable(),
});
export type AdminDomainDto = z.infer<typeof adminDomainDto>;

const adminDomainsResponse = z.object({
  domains: z.array(adminDomainDto),
  /** Every connected domain, also past the listed ADMIN_DOMAINS_MAX. */
  total: z.number(),
});
export type AdminDomainsResponse = z.infer<typeof adminDomainsResponse>;

/** POST /api/admin/domains/revoke: the owner and the domain the admin saw (changed meanwhile: 404). */
export const revokeDomainBody = z.object({
  ownerId: z.uuid({ error: ADMIN_DOMAIN_MESSAGES.notConnected }),
  domain: z
    .string({ error: ADMIN_DOMAIN_MESSAGES.notConnected })
    .trim()
    .toLowerCase()
    .min(1, ADMIN_DOMAIN_MESSAGES.notConnected)
    .max(253, ADMIN_DOMAIN_MESSAGES.notConnected),
  /** The further location whose domain it is, as listed; null or left out: the gym's own. */
  locationId: z.uuid({ error: ADMIN_DOMAIN_MESSAGES.notConnected }).nullable().default(null),
});
export type RevokeDomainBody = z.input<typeof revokeDomainBody>;

const revokeDomainResponse = z.object({ message: z.string(), revoked: adminDomainDto });
export type RevokeDomainResponse = z.infer<typeof revokeDomainResponse>;

/** GET /api/admin/videos query, as the desk sends it. */
export interface AdminVideosQueryInput {
  status?: VideoStatus;
  ownerId?: string;
  q?: string;
  page?: number;
  pageSize?: number;
}

const ADMIN_VIDEO_PATH = `${ADMIN_VIDEOS_PATH}/:id` as const;

export const adminEndpoints = {
  domains: withSchemas(
    endpoint<{ response: AdminDomainsResponse }>()({
      method: 'GET',
      path: ADMIN_DOMAINS_PATH,
      access: 'admin',
      summary: 'Every connected custom domain, newest first',
    }),
    { response: adminDomainsResponse },
  ),
  revokeDomain: withSchemas(
    endpoint<{ body: RevokeDomainBody; response: RevokeDomainResponse }>()({
      method: 'POST',
      path: ADMIN_DOMAIN_REVOKE_PATH,
      access: 'admin',
      summary: "Disconnects a gym's custom domain",
    }),
    { body: revokeDomainBody, response: revokeDomainResponse },
  ),
  videos: withSchemas(
    endpoint<{ query: AdminVideosQueryInput; response: AdminVideosResponse }>()({
      method: 'GET',
      path: ADMIN_VIDEOS_PATH,
      access: 'admin',
      summary: 'Every video, filtered, searched and paged, with counts per status',
    }),
    { query: adminVideosQuery, response: adminVideosResponse },
  ),
  video: withSchemas(
    endpoint<{ response: AdminVideoResponse }>()({
      method: 'GET',
      path: ADMIN_VIDEO_PATH,
      access: 'admin',
      summary: 'One video with its owner',
    }),
    { response: adminVideoResponse },
  ),
  events: withSchemas(
    endpoint<{ response: VideoEventsResponse }>()({
      method: 'GET',
      path: `${ADMIN_VIDEO_PATH}/events`,
      access: 'admin',
      summary: "The video's audit trail",
    }),
    { response: videoEventsResponse },
  ),
  logo: endpoint()({
    method: 'GET',
    path: `${ADMIN_VIDEO_PATH}/logo`,
    access: 'admin',
    summary: 'Redirects to a signed link to the logo the owner sent with the video',
    status: 302,
  }),
  status: withSchemas(
    endpoint<{ body: UpdateStatusBody; response: AdminVideoResponse }>()({
      method: 'PUT',
      path: `${ADMIN_VIDEO_PATH}/status`,
      access: 'admin',
      summary: 'Moves the video to another status (start enhancement, mark failed, retry)',
    }),
    { body: updateStatusBody, response: adminVideoResponse },
  ),
  /** GET and HEAD in one route, so HEAD keeps the real Content-Length; ranges allowed. */
  download: endpoint()({
    method: ['GET', 'HEAD'],
    path: `${ADMIN_VIDEO_PATH}/download`,
    access: 'admin',
    summary: 'The stored original file (a download from the start is recorded)',
    produces: 'application/octet-stream',
  }),
  /**
   * Multipart with one file in the field ENHANCED_FIELD, or JSON naming a finished tus upload
   * (`enhancedFromUploadBody`).
   */
  enhanced: withSchemas(
    endpoint<{
      body: FormData | z.input<typeof enhancedFromUploadBody>;
      response: AdminVideoResponse;
    }>()({
      method: 'POST',
      path: `${ADMIN_VIDEO_PATH}/enhanced`,
      access: 'admin',
      summary: 'Publishes an enhanced file the admin made by hand',
      rawBody: 'json-or-multipart',
    }),
    { body: enhancedFromUploadBody, response: adminVideoResponse },
  ),
} as const;

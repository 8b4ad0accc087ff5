import { z } from 'zod';
import { endpoint } from './endpoint';
import { withSchemas } from './endpoint-schemas';

/** POST /api/objects/upload (product.md §7): a pre-signed URL the browser PUTs the raw file to. */
export const UPLOAD_URL_PATH = '/api/objects/upload';
/** Where the local store's files are put and served, through signed links only. */
export const OBJECTS_PREFIX = '/api/objects/';

const uploadUrlResponse = z.object({ uploadURL: z.string() });
export type UploadUrlResponse = z.infer<typeof uploadUrlResponse>;

/** What the local store's PUT answers once the file is stored. */
const putObjectResponse = z.object({ message: z.string(), size: z.number() });

/** How long a handed-out upload URL may be used to start the upload. */
export const UPLOAD_URL_TTL_SECONDS = 15 * 60;

/** The tus (resumable upload) endpoint: POST creates an upload, PATCH/HEAD/DELETE work on one. */
export const TUS_ENDPOINT = '/api/uploads';

/** tus URLs name the upload in their path only: one with a query string is refused (400). */
export const TUS_QUERY_REFUSED = 'Upload addresses take no query string.';

/**
 * The response header that carries the stored address of a finished tus upload (the value to send
 * as `videoURL`). Present on the final PATCH and on a HEAD of a finished upload.
 */
export const OBJECT_URL_HEADER = 'Cadence-Object-Url';

export const uploadEndpoints = {
  /** Takes no body (a JSON content type may come with it). */
  uploadUrl: withSchemas(
    endpoint<{ response: UploadUrlResponse }>()({
      method: 'POST',
      path: UPLOAD_URL_PATH,
      access: 'owner',
      summary: 'A pre-signed URL to PUT one file to',
      rawBody: 'stream',
    }),
    { response: uploadUrlResponse },
  ),
  /** The local store's upload: the raw file as the body, to a URL POST /api/objects/upload gave. */
  putObject: withSchemas(
    endpoint<{ response: z.infer<typeof putObjectResponse> }>()({
      method: 'PUT',
      path: `${OBJECTS_PREFIX}*`,
      access: 'signed-link',
      summary: 'Receives the file of a pre-signed upload URL (local storage)',
      rawBody: 'stream',
    }),
    { response: putObjectResponse },
  ),
  /** GET and HEAD in one route, so HEAD keeps the real Content-Length; ranges allowed. */
  getObject: endpoint()({
    method: ['GET', 'HEAD'],
    path: `${OBJECTS_PREFIX}*`,
    access: 'signed-link',
    summary: 'A stored file through a signed, expiring link (local storage)',
    produces: 'application/octet-stream',
  }),
  /** tus' discovery: which versions and extensions the server speaks. */
  tusOptions: endpoint()({
    method: 'OPTIONS',
    path: TUS_ENDPOINT,
    access: 'public',
    summary: 'tus: the protocol versions and extensions',
    status: 204,
  }),
  tusUploadOptions: endpoint()({
    method: 'OPTIONS',
    path: `${TUS_ENDPOINT}/*`,
    access: 'public',
    summary: 'tus: the protocol versions and extensions',
    status: 204,
  }),
  tusCreate: endpoint()({
    method: 'POST',
    path: TUS_ENDPOINT,
    access: 'owner',
    summary: 'tus: creates a resumable upload (Upload-Length, Upload-Metadata filetype)',
    rawBody: 'stream',
    status: 201,
  }),
  /**
   * HEAD: the offset; PATCH: the next bytes; DELETE: cancels; POST: creates another upload. The
   * answers are headers only (PATCH and DELETE 204; HEAD 200, POST 201 without a body).
   */
  tusUpload: endpoint()({
    method: ['HEAD', 'PATCH', 'DELETE', 'POST'],
    path: `${TUS_ENDPOINT}/*`,
    access: 'owner',
    summary: "tus: one of the caller's resumable uploads",
    rawBody: 'stream',
    status: 204,
  }),
} as const;

/** Uploads not turned into a video within this time are deleted, finished or not. */
export const UNATTACHED_UPLOAD_TTL_MS = 24 * 60 * 60 * 1000;

/** The stored address of an upload: its URL without the query string (product.md §7). */
export function storedAddress(uploadUrl: string): string {
  const q = uploadUrl.indexOf('?');
  return q === -1 ? uploadUrl : uploadUrl.slice(0, q);
}

/**
 * What one owner's unfinished uploads (not yet a video or logo, not expired) may hold at once:
 * every new upload URL or resumable upload counts until it is used or swept.
 */
export interface UploadQuota {
  maxOutstanding: number;
  maxReservedBytes: number;
}

export const UPLOAD_QUOTA: UploadQuota = {
  maxOutstanding: 5,
  /** Four full-size (2 GB) videos; a PUT reserves 2 GB until it ends, a tus upload its length. */
  maxReservedBytes: 8 * 1024 * 1024 * 1024,
};

export const UPLOAD_QUOTA_MESSAGES = {
  tooMany: `You have ${UPLOAD_QUOTA.maxOutstanding} uploads in progress. Finish one (or wait until unfinished uploads expire after 24 hours), then try again.`,
  tooLarge:
    'Your uploads in progress would take more than 8 GB. Finish one (or wait until unfinished uploads expire after 24 hours), then try again.',
  noSlot:
    "Your uploads in progress already fill your plan's remaining videos. Finish them (or wait until unfinished uploads expire after 24 hours), delete a video or upgrade your plan to upload more.",
} as const;

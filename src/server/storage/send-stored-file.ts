import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { NotFoundError } from '../lib/errors';
import { parseRange } from './byte-range';
import { isNotModified, lastModified, rangeApplies, type Validators } from './conditional-get';
import {
  contentDisposition,
  ObjectMissingError,
  type ByteRange,
  type ObjectStore,
} from './object-store';

/**
 * A stored object the route has found (and may serve): its key, size and the type to send, and the
 * store's ETag and modification time (ObjectInfo) for conditional requests.
 */
export interface StoredFile extends Validators {
  key: string;
  size: number;
  contentType: string;
  /** The whole file, when the caller keeps it in memory (hot-files.ts): sent from there, unread. */
  bytes?: Buffer | null;
}

export interface SendStoredFileOptions {
  /** Cache-Control: the route's policy (who may see the file, how long it stays the same). */
  cacheControl: string;
  /** Saves the file under this name (an attachment) instead of showing it. */
  downloadName?: string;
  /** The 404 message when the object is gone by the time it is read. */
  notFoundMessage: string;
  /** Runs just before the bytes go out (never for HEAD or a 416), with the range being sent. */
  beforeBody?: (range: ByteRange | null) => Promise<void>;
}

/**
 * The one way the app serves a stored file, for GET and HEAD: Accept-Ranges, the content type (with
 * nosniff), the cache policy, ETag and Last-Modified (when the store knows them) and a download
 * name; a request the client's copy answers (If-None-Match, If-Modified-Since) gets 304 with no
 * body; one `bytes=` range (a suffix `bytes=-N` too) is answered 206 with Content-Range (unless an
 * If-Range names another version: then the whole file), a range wholly past the end 416 with
 * `bytes *\/size`, anything else the whole file. HEAD gets the real Content-Length and an empty stream, so nothing is read
 * (with Fastify's implied HEAD of a GET route too, which would zero the length of an empty reply).
 * Headers a route adds for its audience (CORS, CSP) are set on the reply before calling this.
 */
export async function sendStoredFile(
  store: ObjectStore,
  request: FastifyRequest,
  reply: FastifyReply,
  file: StoredFile,
  options: SendStoredFileOptions,
): Promise<FastifyReply> {
  const { size } = file;
  if (isNotModified(request.headers, file))
    return describe(reply, file, options).status(304).send();
  const range = rangeApplies(request.headers, file)
    ? parseRange(request.headers.range, size)
    : null;
  if (range === 'unsatisfiable') {
    return describe(reply, file, options)
      .status(416)
      .header('content-range', `bytes */${size}`)
      .send();
  }
  // Opened before any header is set, so an object gone meanwhile answers a plain 404.
  const body = request.method === 'HEAD' ? Readable.from([]) : await open(range);
  describe(reply, file, options).header(
    'content-length',
    range ? range.end - range.start + 1 : size,
  );
  if (range) reply.status(206).header('content-range', `bytes ${range.start}-${range.end}/${size}`);
  return reply.send(body);

  async function open(range: ByteRange | null): Promise<Readable | Buffer> {
    await options.beforeBody?.(range);
    if (file.bytes) return range ? file.bytes.subarray(range.start, range.end + 1) : file.bytes;
    try {
      return await store.get(file.key, range ?? undefined);
    } catch (error) {
      if (error instanceof ObjectMissingError) throw new NotFoundError(options.notFoundMessage);
      throw error;
    }
  }
}

/** The headers every answer about the file carries, 304 and 416 included. */
function describe(
  reply: FastifyReply,
  file: StoredFile,
  options: SendStoredFileOptions,
): FastifyReply {
  reply
    .header('content-type', file.contentType)
    .header('accept-ranges', 'bytes')
    .header('cache-control', options.cacheControl)
    .header('x-content-type-options', 'nosniff');
  if (file.etag) reply.header('etag', file.etag);
  if (file.modifiedAt) reply.header('last-modified', lastModified(file.modifiedAt));
  if (options.downloadName)
    reply.header('content-disposition', contentDisposition(options.downloadName));
  return reply;
}

import type { Readable } from 'node:stream';

/** What the store knows about a stored object. */
export interface ObjectInfo {
  size: number;
  contentType: string | undefined;
  /**
   * The store's version tag of the object, a quoted strong entity tag (S3's ETag; on local disk one
   * made from the file's inode, modification time and size, as nginx does); undefined where unknown.
   */
  etag?: string;
  /** When the object was last written; undefined where unknown. */
  modifiedAt?: Date;
}

/** Bytes `start` to `end`, both included (HTTP Range semantics). */
export interface ByteRange {
  start: number;
  end: number;
}

export interface PutOptions {
  contentType?: string;
  /** Refuse (and store nothing) once the body goes past this many bytes. */
  maxBytes?: number;
}

export interface SignedGetOptions {
  expiresInSeconds: number;
  /** When set, the response asks the browser to save the file under this name. */
  downloadName?: string;
}

/**
 * Where uploaded and produced files live. Keys are relative paths ("uploads/<owner>/<id>",
 * "videos/<videoId>/..."); nothing outside this port knows whether they sit on disk or in a bucket.
 *
 * Writes are atomic: an object appears under its key only once complete.
 */
export interface ObjectStore {
  readonly kind: 'local' | 's3';
  /** Origins other than the app's own that browsers load from or send to (for the CSP). */
  readonly browserOrigins: readonly string[];
  /** The stored address of a key: its upload URL without the query string (product.md §7). */
  addressFor(key: string): string;
  /** The key behind an address this store hands out, or null for any other URL. */
  keyFromAddress(address: string): string | null;
  /** A pre-signed URL that accepts one raw PUT of the file (local: served by the app). */
  presignPut(key: string, expiresInSeconds: number): Promise<string>;
  /** A signed, expiring URL that serves the object with range requests. */
  signedGetUrl(key: string, options: SignedGetOptions): Promise<string>;
  head(key: string): Promise<ObjectInfo | null>;
  /** Bytes of the object (for a type check of the first bytes); shorter at the end of the object. */
  readRange(key: string, range: ByteRange): Promise<Buffer>;
  /** The object, or a range of it, as a stream. Throws ObjectMissingError. */
  get(key: string, range?: ByteRange): Promise<Readable>;
  /** Streams a body under key; throws ObjectTooLargeError past maxBytes, leaving nothing stored. */
  put(key: string, body: Readable, options?: PutOptions): Promise<ObjectInfo>;
  /** Moves a finished local file into the store (a rename on local disk); the file is gone after. */
  putFile(key: string, filePath: string, options?: { contentType?: string }): Promise<ObjectInfo>;
  /**
   * Makes a checked upload safe from its upload URL and answers the key to keep it under. Local
   * disk: the same key (its upload links work once). S3: a pre-signed PUT stays usable until it
   * expires, so the object is copied to a key no URL was issued for, only if it is still the
   * version `checked` describes (else ObjectChangedError); the caller deletes the upload key.
   */
  seal(key: string, checked: ObjectInfo): Promise<string>;
  /** Deletes the object; a missing object is not an error. */
  delete(key: string): Promise<void>;
  /** Deletes every object whose key starts with the prefix (which should end with '/'). */
  deletePrefix(prefix: string): Promise<void>;
  close(): Promise<void>;
}

export class ObjectTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`object larger than ${maxBytes} bytes`);
    this.name = 'ObjectTooLargeError';
  }
}

/** The object is no longer the version that was checked (it was overwritten meanwhile). */
export class ObjectChangedError extends Error {
  constructor(readonly key: string) {
    super(`object at ${key} changed`);
    this.name = 'ObjectChangedError';
  }
}

export class ObjectMissingError extends Error {
  constructor(readonly key: string) {
    super(`no object at ${key}`);
    this.name = 'ObjectMissingError';
  }
}

const SEGMENT = /^[A-Z0-9][\w.-]*$/i;

/** Keys are relative paths of plain segments: no '..', no leading slash, nothing to escape. */
export function isValidKey(key: string): boolean {
  if (key.length === 0 || key.length > 512) return false;
  return key.split('/').every((s) => SEGMENT.test(s) && s !== '.' && s !== '..');
}

/** "videos/1///" -> "videos/1" (a loop: a regex /\/+$/ rescans a long run of slashes per start). */
export function withoutTrailingSlashes(prefix: string): string {
  let end = prefix.length;
  while (end > 0 && prefix[end - 1] === '/') end -= 1;
  return prefix.slice(0, end);
}

export function assertValidKey(key: string): void {
  if (!isValidKey(key)) throw new Error(`invalid object key: ${JSON.stringify(key)}`);
}

/**
 * An attachment disposition (RFC 6266): a plain ASCII name, plus the UTF-8 name unless `form` is
 * 'plain' (for signed S3 query values, where some servers mis-sign the characters ' ( ) * !).
 */
export function contentDisposition(fileName: string, form: 'full' | 'plain' = 'full'): string {
  const plain = fileName.replace(/[^\x20-\x7e]|["\\'()*!]/g, '_');
  if (form === 'plain') return `attachment; filename="${plain}"`;
  return `attachment; filename="${plain}"; filename*=UTF-8''${rfc5987(fileName)}`;
}

/** RFC 5987 ext-value characters: encodeURIComponent leaves ' ( ) * unescaped, attr-char does not allow them. */
function rfc5987(value: string): string {
  return encodeURIComponent(value).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

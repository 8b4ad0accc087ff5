import type { IncomingHttpHeaders } from 'node:http';

/** What identifies one version of a file: its strong ETag and when it was written. */
export interface Validators {
  etag?: string;
  modifiedAt?: Date;
}

/** The Last-Modified value: an HTTP date, whole seconds. */
export function lastModified(modifiedAt: Date): string {
  return modifiedAt.toUTCString();
}

/**
 * A conditional GET or HEAD the client's copy answers (RFC 9110 §13.2.2): If-None-Match when
 * present (weak comparison, `*` too), else If-Modified-Since (the file not written after that
 * second). A date that does not parse is ignored, as the RFC says.
 */
export function isNotModified(headers: IncomingHttpHeaders, file: Validators): boolean {
  const noneMatch = headers['if-none-match'];
  if (noneMatch !== undefined) {
    if (!file.etag) return false;
    const mine = weak(file.etag);
    return noneMatch.split(',').some((tag) => tag.trim() === '*' || weak(tag.trim()) === mine);
  }
  const since = headers['if-modified-since'];
  if (since === undefined || !file.modifiedAt) return false;
  const date = Date.parse(since);
  return !Number.isNaN(date) && seconds(file.modifiedAt.getTime()) <= seconds(date);
}

/**
 * Whether a Range may be answered (RFC 9110 §13.1.5): without If-Range always; with it only when
 * it names this version: an ETag compared strongly (a weak tag never matches), or a date equal to
 * Last-Modified. Otherwise the whole file is sent, so a resumed download never mixes versions.
 */
export function rangeApplies(headers: IncomingHttpHeaders, file: Validators): boolean {
  const ifRange = headers['if-range'];
  if (ifRange === undefined) return true;
  // Repeated: not one validator, so not this version.
  if (typeof ifRange !== 'string') return false;
  const value = ifRange.trim();
  if (value.startsWith('"') || value.startsWith('W/')) {
    return file.etag !== undefined && !value.startsWith('W/') && value === file.etag;
  }
  const date = Date.parse(value);
  return (
    file.modifiedAt !== undefined &&
    !Number.isNaN(date) &&
    seconds(file.modifiedAt.getTime()) === seconds(date)
  );
}

function weak(tag: string): string {
  return tag.startsWith('W/') ? tag.slice(2) : tag;
}

function seconds(ms: number): number {
  return Math.floor(ms / 1000);
}

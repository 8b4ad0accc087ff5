import { randomUUID } from 'node:crypto';
import { Transform, pipeline, type Readable } from 'node:stream';
import {
  UNATTACHED_UPLOAD_TTL_MS,
  UPLOAD_QUOTA,
  type UploadQuota,
  UPLOAD_QUOTA_MESSAGES,
  UPLOAD_URL_TTL_SECONDS,
  type UploadUrlResponse,
} from '@shared/uploads.contract';
import { VIDEO_MAX_BYTES, VIDEO_MESSAGES } from '@shared/videos.contract';
import type { UploadRow } from '../../db/schema/uploads';
import { ForbiddenError, HttpError, ValidationError } from '../../lib/errors';
import { SNIFF_BYTES } from '@shared/video-sniff';
import type { UploadMeter, UploadTransfer } from '../../metrics/metrics';
import { LocalDiskStore, STREAM_BUFFER_BYTES } from '../../storage/local-disk';
import { ObjectTooLargeError, type ObjectInfo, type ObjectStore } from '../../storage/object-store';
import type { Outstanding, UploadsRepository, UploadStatus } from './uploads.repository';

export const UPLOAD_URL_MESSAGES = {
  invalid: 'This upload URL is not valid.',
  expired: 'This upload URL has expired. Please start the upload again.',
  used: 'This upload URL has already been used. Please start the upload again.',
  tooLarge: VIDEO_MESSAGES.tooLargeDescription,
  tooMany: 'Too many uploads started. Please wait a few minutes and try again.',
} as const;

/** Upload URLs per account (any session): a plan holds at most 50 videos, each needing one or two URLs. */
export const UPLOAD_URL_LIMIT = { max: 60, windowMs: 15 * 60 * 1000 } as const;

/**
 * Which limits a new upload is held to: an owner's upload counts against UPLOAD_QUOTA, and a video
 * upload also against the videos the plan has left (`videoSlots`); admins' uploads are not counted.
 */
export type UploadAllowance = { videoSlots?: number } | 'unlimited';

/** Why an owner may not start another upload now (a 429 or 403), or null when they may. */
export function quotaProblem(
  outstanding: Outstanding,
  reserve: number,
  allowance: UploadAllowance,
  quota: UploadQuota = UPLOAD_QUOTA,
): HttpError | null {
  if (allowance === 'unlimited') return null;
  if (outstanding.count >= quota.maxOutstanding) {
    return new HttpError(429, UPLOAD_QUOTA_MESSAGES.tooMany);
  }
  if (outstanding.bytes + reserve > quota.maxReservedBytes) {
    return new HttpError(429, UPLOAD_QUOTA_MESSAGES.tooLarge);
  }
  if (allowance.videoSlots !== undefined && outstanding.tus >= allowance.videoSlots) {
    return new ForbiddenError(UPLOAD_QUOTA_MESSAGES.noSlot);
  }
  return null;
}

/** A stored upload that belongs to the owner and is ready to become a video or a logo. */
export interface OwnedUpload {
  key: string;
  size: number;
  /** What the store said of the object when it was checked. */
  info: ObjectInfo;
  /** The first bytes of the file, for the type check. */
  head: Buffer;
  row: UploadRow;
}

export interface StagingArea {
  /** Removes what an unfinished resumable upload left behind. */
  remove(key: string): Promise<void>;
}

/** `body` with each chunk counted as it passes (an error on either side destroys both). */
function metered(body: Readable, transfer: UploadTransfer): Readable {
  const counter = new Transform({
    highWaterMark: STREAM_BUFFER_BYTES,
    transform(chunk: Buffer, _encoding, callback) {
      transfer.bytes(chunk.length);
      callback(null, chunk);
    },
  });
  pipeline(body, counter, () => {});
  return counter;
}

interface Deps {
  repo: UploadsRepository;
  store: ObjectStore;
  now: () => number;
  /** The tus staging area (incomplete resumable uploads), when tus is wired. */
  staging?: StagingArea;
  /** What one owner's unfinished uploads may hold (default UPLOAD_QUOTA). */
  quota?: UploadQuota;
  /** Told of a PUT's bytes as they arrive (the process's metrics). */
  meter?: UploadMeter;
}

/** Messages for an address that does not lead to one of the owner's finished uploads. */
export interface AddressMessages {
  outside: string;
  notFound: string;
  alreadyUsed: string;
}

export function uploadsService({ repo, store, now, staging, quota, meter }: Deps) {
  const newKey = (userId: string) => `uploads/${userId}/${randomUUID()}`;

  /** Records a new upload, unless the owner's unfinished uploads leave no room for it. */
  async function admitted(
    {
      ttlMs,
      ...values
    }: { userId: string; key: string; via: 'put' | 'tus'; size?: number; ttlMs: number },
    reserve: number,
    allowance: UploadAllowance,
  ): Promise<void> {
    // One reading of the clock: the row's lifetime is exactly ttlMs.
    const at = now();
    await repo.createAdmitted(
      { ...values, createdAt: new Date(at), expiresAt: new Date(at + ttlMs) },
      {
        now: new Date(at),
        createdAfter: new Date(at - UNATTACHED_UPLOAD_TTL_MS),
        unknownSize: VIDEO_MAX_BYTES,
        expiredPutsAreEmpty: store instanceof LocalDiskStore,
      },
      (outstanding) => {
        const problem = quotaProblem(outstanding, reserve, allowance, quota);
        if (problem) throw problem;
      },
    );
  }

  return {
    newKey,

    /**
     * POST /api/objects/upload: a pre-signed PUT URL bound to this owner and a fresh key. Its size is
     * unknown until the PUT ends, so it reserves the 2 GB cap meanwhile.
     */
    async issueUploadUrl(userId: string, allowance: UploadAllowance): Promise<UploadUrlResponse> {
      const key = newKey(userId);
      await admitted(
        { userId, key, via: 'put', ttlMs: UPLOAD_URL_TTL_SECONDS * 1000 },
        VIDEO_MAX_BYTES,
        allowance,
      );
      return { uploadURL: await store.presignPut(key, UPLOAD_URL_TTL_SECONDS) };
    },

    /** A resumable upload of `length` bytes starts: the row that binds its key to the owner. */
    async registerTusUpload(
      userId: string,
      key: string,
      length: number,
      allowance: UploadAllowance,
    ): Promise<void> {
      await admitted(
        {
          userId,
          key,
          via: 'tus',
          size: length,
          ttlMs: UNATTACHED_UPLOAD_TTL_MS,
        },
        length,
        allowance,
      );
    },

    async markComplete(key: string, size: number): Promise<void> {
      await repo.markComplete(key, { size, at: new Date(now()) });
    },

    findOwned: (userId: string, key: string) => repo.findOwned(userId, key),

    /**
     * The owner cancels a finished resumable upload no video uses yet (tus DELETE): its file is
     * deleted and it no longer counts against their quota. False when a video took it meanwhile.
     */
    async cancelFinishedTus(key: string): Promise<boolean> {
      if (!(await repo.failFrom(key, ['complete']))) return false;
      await store.delete(key);
      return true;
    },

    /** The owner cancels an unfinished resumable upload (tus DELETE): it no longer counts. */
    async cancelUnfinishedTus(key: string): Promise<void> {
      await repo.failFrom(key, ['pending', 'receiving']);
    },

    /** The type an upload was found to have (set when it was attached), if the key is an upload. */
    async contentTypeOf(key: string): Promise<string | undefined> {
      return (await repo.findByKey(key))?.contentType ?? undefined;
    },

    /**
     * The local PUT: checks the signature and that the URL is unused and unexpired, then streams the
     * body into the store (temp file, renamed when complete) with the hard 2 GB cap.
     */
    async receivePut(
      key: string,
      query: { expires?: string; signature?: string },
      body: Readable,
      declaredLength: number | undefined,
    ): Promise<{ size: number }> {
      if (!(store instanceof LocalDiskStore)) throw new ForbiddenError(UPLOAD_URL_MESSAGES.invalid);
      const check = store.verify('PUT', key, query);
      if (check === 'invalid') throw new ForbiddenError(UPLOAD_URL_MESSAGES.invalid);
      if (check === 'expired') throw new ForbiddenError(UPLOAD_URL_MESSAGES.expired);
      const claimed = await repo.claimForPut(key, new Date(now()));
      if (!claimed) {
        const row = await repo.findByKey(key);
        if (!row) throw new ForbiddenError(UPLOAD_URL_MESSAGES.invalid);
        if (row.status === 'pending') throw new ForbiddenError(UPLOAD_URL_MESSAGES.expired);
        throw new ForbiddenError(UPLOAD_URL_MESSAGES.used);
      }
      if (declaredLength !== undefined && declaredLength > VIDEO_MAX_BYTES) {
        await repo.markFailed(key);
        throw new HttpError(413, UPLOAD_URL_MESSAGES.tooLarge);
      }
      const transfer = meter?.uploadStarted('put');
      try {
        const { size } = await store.put(key, transfer ? metered(body, transfer) : body, {
          maxBytes: VIDEO_MAX_BYTES,
        });
        await repo.markComplete(key, { size, at: new Date(now()) });
        return { size };
      } catch (error) {
        await repo.markFailed(key);
        if (error instanceof ObjectTooLargeError)
          throw new HttpError(413, UPLOAD_URL_MESSAGES.tooLarge);
        throw error;
      } finally {
        transfer?.end();
      }
    },

    /**
     * The owner's finished upload behind a stored address, with its size and first bytes; a 400 with
     * the given messages when the address is foreign, not theirs, unfinished, missing or used.
     */
    async resolveOwned(
      userId: string,
      address: string,
      messages: AddressMessages,
    ): Promise<OwnedUpload> {
      const key = store.keyFromAddress(address.trim());
      if (!key) throw new ValidationError(messages.outside);
      const row = await repo.findOwned(userId, key);
      if (!row) throw new ValidationError(messages.notFound);
      if (row.status === 'attached') throw new ValidationError(messages.alreadyUsed);
      if (!finishedStatuses(row).includes(row.status as UploadStatus)) {
        throw new ValidationError(messages.notFound);
      }
      const info = await store.head(key);
      if (!info) throw new ValidationError(messages.notFound);
      const head = await store.readRange(key, { start: 0, end: SNIFF_BYTES - 1 });
      return { key, size: info.size, info, head, row };
    },

    /** Statuses an upload may be attached from (see finishedStatuses). */
    attachableStatuses: finishedStatuses,

    /**
     * Marks a resolved upload used (attached) with what the checks found; false when another
     * request claimed it first.
     */
    async claim(
      userId: string,
      upload: OwnedUpload,
      values: { size: number; contentType: string },
    ): Promise<boolean> {
      return repo.attach(userId, upload.key, finishedStatuses(upload.row), values);
    },

    /**
     * Deletes uploads never attached within 24 hours: finished or not, their stored bytes and any
     * resumable-upload staging go too.
     */
    async sweep(): Promise<number> {
      const cutoff = new Date(now() - UNATTACHED_UPLOAD_TTL_MS);
      let removed = 0;
      for (;;) {
        const stale = await repo.listUnattachedBefore(cutoff);
        if (stale.length === 0) break;
        for (const row of stale) {
          if (row.via === 'tus' && row.status !== 'complete') await staging?.remove(row.key);
          await store.delete(row.key);
        }
        await repo.deleteByKeys(stale.map((r) => r.key));
        removed += stale.length;
      }
      if (store instanceof LocalDiskStore) await store.sweepTemp(UNATTACHED_UPLOAD_TTL_MS, now());
      return removed;
    },
  };
}

/**
 * A local PUT and a tus upload say when they finish ('complete'). A pre-signed PUT straight to S3
 * never reports back, so for PUT uploads 'pending' counts too: the object itself is then checked
 * (on local disk a pending upload has no object yet, so it still fails that check).
 */
function finishedStatuses(row: Pick<UploadRow, 'via'>): UploadStatus[] {
  return row.via === 'put' ? ['pending', 'complete'] : ['complete'];
}

export type UploadsService = ReturnType<typeof uploadsService>;

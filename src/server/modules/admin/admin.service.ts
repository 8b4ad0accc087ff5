import type { Readable } from 'node:stream';
import {
  ADMIN_MESSAGES,
  illegalMoveMessage,
  type AdminVideoDto,
  type AdminVideosQuery,
  type AdminVideosResponse,
  type VideoEventDto,
} from '@shared/admin.contract';
import { VIDEO_MAX_BYTES, VIDEO_MESSAGES, type VideoStatus } from '@shared/videos.contract';
import type { UserRow } from '../../db/schema/users';
import type { MediaJobs } from '../../jobs/media-jobs';
import { ConflictError, HttpError, NotFoundError, ValidationError } from '../../lib/errors';
import { mediaKeys } from '../../media/media-paths';
import { SNIFF_BYTES, sniffVideo } from '@shared/video-sniff';
import { ObjectTooLargeError, type ObjectStore } from '../../storage/object-store';
import type { UploadsService } from '../uploads/uploads.service';
import {
  adminActor,
  canMove,
  canPublishEnhanced,
  TransitionRefusedError,
  type VideoLifecycle,
} from '../videos/lifecycle';
import { toVideoDto } from '../videos/video-dto';
import type { AdminRepository, AdminVideoRow } from './admin.repository';
import { peek } from './peek-stream';
import { isUuid } from '../../lib/ids';

interface Deps {
  repo: AdminRepository;
  /** Every status change and audit entry goes through the videos module's lifecycle. */
  lifecycle: VideoLifecycle;
  uploads: UploadsService;
  store: ObjectStore;
  /** The media pipeline; absent when nothing processes videos (tests, media disabled). */
  jobs?: MediaJobs;
  now: () => number;
}

/** How long the owner's logo link lasts (the admin screen refetches every 30 s). */
const LOGO_LINK_SECONDS = 15 * 60;

export function toAdminVideoDto({ video, owner }: AdminVideoRow): AdminVideoDto {
  return { ...toVideoDto(video), user: owner };
}

/** The admin desk's rules (product.md §2 Admin area, §4 admin transitions). */
export function adminService({ repo, lifecycle, uploads, store, jobs, now }: Deps) {
  async function found(videoId: string): Promise<AdminVideoRow> {
    const row = isUuid(videoId) ? await repo.find(videoId.toLowerCase()) : undefined;
    if (!row) throw new NotFoundError(ADMIN_MESSAGES.videoNotFound);
    return row;
  }

  async function answer(videoId: string): Promise<AdminVideoDto> {
    return toAdminVideoDto(await found(videoId));
  }

  function assertCanTakeEnhanced(status: VideoStatus): void {
    if (!canPublishEnhanced(status, 'admin'))
      throw new ConflictError(ADMIN_MESSAGES.enhancedUploadWrongStatus);
  }

  /** Runs a status change; a refusal (the video moved meanwhile) is the 409 `message`. */
  async function orConflict<T>(change: Promise<T>, message: string): Promise<T> {
    try {
      return await change;
    } catch (error) {
      if (error instanceof TransitionRefusedError) throw new ConflictError(message);
      throw error;
    }
  }

  /**
   * The stored enhanced file becomes the video's (the lifecycle's publishEnhanced: 'enhanced' from
   * processing or failed, the old enhanced file goes; a lost race deletes the new file), then
   * packaging is queued (its new ladder retires the old).
   */
  async function publishEnhanced(
    admin: UserRow,
    videoId: string,
    version: string,
  ): Promise<AdminVideoDto> {
    await orConflict(
      lifecycle.publishEnhanced(videoId, {
        by: adminActor(admin.id),
        version,
        notes: null,
        at: new Date(now()),
      }),
      ADMIN_MESSAGES.enhancedUploadWrongStatus,
    );
    await jobs?.package(videoId);
    return answer(videoId);
  }

  /** Streams a video body into the store under a fresh enhanced key, refusing non-videos early. */
  async function storeEnhanced(videoId: string, body: Readable) {
    const { head, stream } = await peek(body, SNIFF_BYTES);
    const type = sniffVideo(head);
    if (!type) {
      stream.destroy();
      throw new ValidationError(VIDEO_MESSAGES.invalidTypeAlert);
    }
    const version = `admin${now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
    const key = mediaKeys.enhanced(videoId, version);
    try {
      await store.put(key, stream, { contentType: type, maxBytes: VIDEO_MAX_BYTES });
    } catch (error) {
      if (error instanceof ObjectTooLargeError)
        throw new HttpError(413, VIDEO_MESSAGES.tooLargeDescription);
      throw error;
    }
    return version;
  }

  return {
    async list(query: AdminVideosQuery): Promise<AdminVideosResponse> {
      const { rows, counts, total } = await repo.list(query);
      return {
        videos: rows.map(toAdminVideoDto),
        total,
        page: query.page,
        pageSize: query.pageSize,
        counts,
      };
    },

    get: answer,

    /**
     * PUT .../status: only the moves of §4. `from` (what the admin saw) makes the check
     * optimistic: if the video moved meanwhile, nothing changes and the answer is 409. The move
     * itself re-checks the status under a row lock, so two admins can never both win.
     */
    async changeStatus(
      admin: UserRow,
      videoId: string,
      body: { status: VideoStatus; notes: string | null; from?: VideoStatus },
    ): Promise<AdminVideoDto> {
      const row = await found(videoId);
      const current = row.video.processingStatus;
      if (body.from && body.from !== current) throw new ConflictError(ADMIN_MESSAGES.statusChanged);
      if (!canMove(current, body.status, 'admin'))
        throw new ConflictError(illegalMoveMessage(current, body.status));
      await orConflict(
        lifecycle.transition(row.video.id, {
          from: current,
          to: body.status,
          by: adminActor(admin.id),
          notes: body.notes,
          patch: { progress: null },
        }),
        ADMIN_MESSAGES.statusChanged,
      );
      // 'Start AI Enhancement' and the retry run the enhancement job (it takes a 'processing' video).
      if (body.status === 'processing') await jobs?.enhance(row.video.id);
      return answer(row.video.id);
    },

    /** The original file of any owner's video, for the download. */
    async original(videoId: string) {
      const row = await found(videoId);
      const key = row.video.originalKey;
      const info = key ? await store.head(key) : null;
      if (!key || !info) throw new NotFoundError(ADMIN_MESSAGES.originalMissing);
      const contentType = (await uploads.contentTypeOf(key)) ?? 'application/octet-stream';
      return { row, ...info, key, contentType };
    },

    /** A short-lived signed link to the logo the owner asked for (null when there is none). */
    async logoLink(videoId: string): Promise<string | null> {
      const row = await found(videoId);
      const key = row.video.logoKey;
      if (!row.video.addLogo || !key || !(await store.head(key))) return null;
      return store.signedGetUrl(key, { expiresInSeconds: LOGO_LINK_SECONDS });
    },

    async recordDownload(admin: UserRow, row: AdminVideoRow): Promise<void> {
      await lifecycle.record(row.video.id, {
        action: 'original_downloaded',
        status: row.video.processingStatus,
        by: adminActor(admin.id),
        notes: null,
      });
    },

    /** Checked before a multipart body is read, so a wrong state answers at once. */
    async checkEnhancedTarget(videoId: string): Promise<AdminVideoRow> {
      const row = await found(videoId);
      assertCanTakeEnhanced(row.video.processingStatus);
      return row;
    },

    /** POST .../enhanced, multipart: the file part streams into the store. */
    async uploadEnhanced(
      admin: UserRow,
      row: AdminVideoRow,
      body: Readable,
    ): Promise<AdminVideoDto> {
      const version = await storeEnhanced(row.video.id, body);
      return publishEnhanced(admin, row.video.id, version);
    },

    /**
     * POST .../enhanced, JSON {uploadURL}: a finished resumable (tus) upload of this admin becomes
     * the enhanced file. It is copied (streamed) under the video's own prefix, so it lives and dies
     * with the video, and the upload is used up.
     */
    async enhancedFromUpload(
      admin: UserRow,
      videoId: string,
      uploadURL: string,
    ): Promise<AdminVideoDto> {
      const row = await found(videoId);
      assertCanTakeEnhanced(row.video.processingStatus);
      const upload = await uploads.resolveOwned(admin.id, uploadURL, {
        outside: 'The upload URL must point to a file uploaded to Cadence.',
        notFound: 'The uploaded file was not found. Please upload it again.',
        alreadyUsed: 'This uploaded file was already used. Please upload it again.',
      });
      if (upload.size > VIDEO_MAX_BYTES)
        throw new HttpError(413, VIDEO_MESSAGES.tooLargeDescription);
      const type = sniffVideo(upload.head);
      if (!type) throw new ValidationError(VIDEO_MESSAGES.invalidTypeAlert);
      const claimed = await uploads.claim(admin.id, upload, {
        size: upload.size,
        contentType: type,
      });
      if (!claimed)
        throw new ValidationError('This uploaded file was already used. Please upload it again.');
      const version = await storeEnhanced(row.video.id, await store.get(upload.key));
      await store.delete(upload.key);
      return publishEnhanced(admin, row.video.id, version);
    },

    async events(videoId: string): Promise<VideoEventDto[]> {
      const row = await found(videoId);
      const events = await repo.events(row.video.id);
      return events.map(({ event, actorEmail }) => ({
        id: event.id,
        action: event.action,
        fromStatus: event.fromStatus,
        toStatus: event.toStatus,
        notes: event.notes,
        createdAt: event.createdAt.toISOString(),
        actor: event.actorId && actorEmail ? { id: event.actorId, email: actorEmail } : null,
      }));
    },
  };
}

export type AdminService = ReturnType<typeof adminService>;

import type { Readable } from 'node:stream';
import {
  ADMIN_MESSAGES,
  canMove,
  ENHANCED_UPLOAD_FROM,
  illegalMoveMessage,
  type AdminVideoDto,
  type AdminVideosQuery,
  type AdminVideosResponse,
  type VideoEventDto,
} from '@shared/admin.contract';
import { VIDEO_MAX_BYTES, VIDEO_MESSAGES, type VideoStatus } from '@shared/videos.contract';
import type { UserRow } from '../../db/schema/users';
import type { MediaJobs } from '../../jobs/media-jobs';
import type { MediaRepository } from '../../jobs/media.repository';
import { ConflictError, HttpError, NotFoundError, ValidationError } from '../../lib/errors';
import { mediaKeys, mediaUrls } from '../../media/media-paths';
import { SNIFF_BYTES, sniffVideo } from '../../storage/content-type';
import { ObjectTooLargeError, type ObjectStore } from '../../storage/object-store';
import type { UploadsRepository } from '../uploads/uploads.repository';
import type { UploadsService } from '../uploads/uploads.service';
import { toVideoDto } from '../videos/video-dto';
import type { AdminRepository, AdminVideoRow } from './admin.repository';
import { peek } from './peek-stream';

interface Deps {
  repo: AdminRepository;
  media: MediaRepository;
  uploads: UploadsService;
  uploadsRepo: UploadsRepository;
  store: ObjectStore;
  /** The media pipeline; absent when nothing processes videos (tests, media disabled). */
  jobs?: MediaJobs;
  now: () => number;
}

/** How long the owner's logo link lasts (the admin screen refetches every 30 s). */
const LOGO_LINK_SECONDS = 15 * 60;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What video_events calls each admin move. */
function actionFor(from: VideoStatus, to: VideoStatus): string {
  if (to === 'failed') return 'marked_failed';
  return from === 'failed' ? 'enhance_retried' : 'enhance_started';
}

export function toAdminVideoDto({ video, owner }: AdminVideoRow): AdminVideoDto {
  return { ...toVideoDto(video), user: owner };
}

/** The admin desk's rules (spec §2 Admin area, §4 admin transitions). */
export function adminService({ repo, media, uploads, uploadsRepo, store, jobs, now }: Deps) {
  async function found(videoId: string): Promise<AdminVideoRow> {
    const row = UUID.test(videoId) ? await repo.find(videoId.toLowerCase()) : undefined;
    if (!row) throw new NotFoundError(ADMIN_MESSAGES.videoNotFound);
    return row;
  }

  async function answer(videoId: string): Promise<AdminVideoDto> {
    return toAdminVideoDto(await found(videoId));
  }

  function assertCanTakeEnhanced(status: VideoStatus): void {
    if (!ENHANCED_UPLOAD_FROM.includes(status))
      throw new ConflictError(ADMIN_MESSAGES.enhancedUploadWrongStatus);
  }

  /**
   * The stored enhanced file becomes the video's: 'enhanced' (from processing or failed), the old
   * enhanced file goes, packaging is queued (its new ladder retires the old). A lost race deletes the new file.
   */
  async function publishEnhanced(
    admin: UserRow,
    row: AdminVideoRow,
    key: string,
    version: string,
  ): Promise<AdminVideoDto> {
    const videoId = row.video.id;
    const done = await media.transition(videoId, {
      from: ENHANCED_UPLOAD_FROM,
      to: 'enhanced',
      action: 'enhanced_uploaded',
      notes: null,
      keepNotes: true,
      actorId: admin.id,
      patch: {
        enhancedKey: key,
        enhancedFileUrl: mediaUrls.enhanced(videoId, version),
        enhancedAt: new Date(now()),
        progress: null,
      },
    });
    if (!done) {
      await store.delete(key);
      throw new ConflictError(ADMIN_MESSAGES.enhancedUploadWrongStatus);
    }
    const previous = row.video.enhancedKey;
    if (previous && previous !== key && previous.startsWith(mediaKeys.enhancedPrefix(videoId))) {
      await store.delete(previous).catch(() => {});
    }
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
    return { key, version };
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
      const current = row.video.processingStatus as VideoStatus;
      if (body.from && body.from !== current) throw new ConflictError(ADMIN_MESSAGES.statusChanged);
      if (!canMove(current, body.status))
        throw new ConflictError(illegalMoveMessage(current, body.status));
      const moved = await media.transition(row.video.id, {
        from: [current],
        to: body.status,
        action: actionFor(current, body.status),
        notes: body.notes,
        keepNotes: true,
        actorId: admin.id,
        patch: { progress: null },
      });
      if (!moved) throw new ConflictError(ADMIN_MESSAGES.statusChanged);
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
      return { row, key, size: info.size, contentType };
    },

    /** A short-lived signed link to the logo the owner asked for (null when there is none). */
    async logoLink(videoId: string): Promise<string | null> {
      const row = await found(videoId);
      const key = row.video.logoKey;
      if (!row.video.addLogo || !key || !(await store.head(key))) return null;
      return store.signedGetUrl(key, { expiresInSeconds: LOGO_LINK_SECONDS });
    },

    async recordDownload(admin: UserRow, row: AdminVideoRow): Promise<void> {
      await media.record(
        row.video.id,
        'original_downloaded',
        row.video.processingStatus as VideoStatus,
        null,
        admin.id,
      );
    },

    /** Checked before a multipart body is read, so a wrong state answers at once. */
    async checkEnhancedTarget(videoId: string): Promise<AdminVideoRow> {
      const row = await found(videoId);
      assertCanTakeEnhanced(row.video.processingStatus as VideoStatus);
      return row;
    },

    /** POST .../enhanced, multipart: the file part streams into the store. */
    async uploadEnhanced(
      admin: UserRow,
      row: AdminVideoRow,
      body: Readable,
    ): Promise<AdminVideoDto> {
      const { key, version } = await storeEnhanced(row.video.id, body);
      return publishEnhanced(admin, row, key, version);
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
      assertCanTakeEnhanced(row.video.processingStatus as VideoStatus);
      const upload = await uploads.resolveOwned(admin.id, uploadURL, {
        outside: 'The upload URL must point to a file uploaded to Cadence.',
        notFound: 'The uploaded file was not found. Please upload it again.',
        alreadyUsed: 'This uploaded file was already used. Please upload it again.',
      });
      if (upload.size > VIDEO_MAX_BYTES)
        throw new HttpError(413, VIDEO_MESSAGES.tooLargeDescription);
      const type = sniffVideo(upload.head);
      if (!type) throw new ValidationError(VIDEO_MESSAGES.invalidTypeAlert);
      const claimed = await uploadsRepo.attach(
        admin.id,
        upload.key,
        uploads.attachableStatuses(upload.row),
        { size: upload.size, contentType: type },
      );
      if (!claimed)
        throw new ValidationError('This uploaded file was already used. Please upload it again.');
      const stored = await storeEnhanced(row.video.id, await store.get(upload.key));
      await store.delete(upload.key);
      return publishEnhanced(admin, row, stored.key, stored.version);
    },

    async events(videoId: string): Promise<VideoEventDto[]> {
      const row = await found(videoId);
      const events = await repo.events(row.video.id);
      return events.map(({ event, actorEmail }) => ({
        id: event.id,
        action: event.action,
        fromStatus: event.fromStatus as VideoStatus | null,
        toStatus: event.toStatus as VideoStatus | null,
        notes: event.notes,
        createdAt: event.createdAt.toISOString(),
        actor: event.actorId && actorEmail ? { id: event.actorId, email: actorEmail } : null,
      }));
    },
  };
}

export type AdminService = ReturnType<typeof adminService>;

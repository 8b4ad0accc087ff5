import { randomUUID } from 'node:crypto';
import type { PublicGymCache } from '../gyms/public-gym-cache';
import type { FastifyBaseLogger } from 'fastify';
import { CLASS_DETAILS_MESSAGES } from '@shared/class-details.contract';
import { PLANS } from '@shared/plans';
import { planIncludes } from '@shared/plan-features';
import {
  ENHANCEMENT_LOCKS,
  LOGO_MAX_BYTES,
  quotaMessage,
  STORED_FILE_MESSAGES as STORED,
  VIDEO_MAX_BYTES,
  VIDEO_MESSAGES,
  type CreateVideoBody,
  type UpdateVideoBody,
} from '@shared/videos.contract';
import type { UserRow } from '../../db/schema/users';
import type { VideoRow } from '../../db/schema/videos';
import {
  ForbiddenError,
  isForeignKeyViolation,
  NotFoundError,
  ValidationError,
} from '../../lib/errors';
import { sniffVideo } from '@shared/video-sniff';
import { sniffImage } from '../../storage/content-type';
import {
  ObjectChangedError,
  ObjectMissingError,
  type ObjectStore,
} from '../../storage/object-store';
import type { OwnedUpload, UploadsService } from '../uploads/uploads.service';
import type { VideoMediaRepository } from './video-media.repository';
import type { InstructorsService } from '../instructors/instructors.service';
import type { UploadClaim, VideoEdit, VideosRepository } from './videos.repository';

/**
 * THE SEAM for processing: called once a video row exists ('uploaded'), after its transaction
 * committed. The media pipeline passes its enqueue here (buildApp's `onVideoCreated`). A failure is
 * logged and does not undo the upload; the video stays 'uploaded' for a sweep to pick up.
 */
/**
 * A new video: the web's request (its fileSize checked against the stored file), or the API's,
 * which sends no size (the stored file's is the truth).
 */
export type VideoCreation = Omit<CreateVideoBody, 'fileSize'> & { fileSize?: string };

export type OnVideoCreated = (video: VideoRow) => Promise<void> | void;

/** What serving a video's media files (the files module) needs to know about the video. */
export type VideoMediaRow = Pick<
  VideoRow,
  | 'id'
  | 'userId'
  | 'processingStatus'
  | 'thumbnailUrl'
  | 'previewUrl'
  | 'enhancedKey'
  | 'hlsUrl'
  | 'originalFileName'
  | 'title'
> & {
  /** The enhancement report names A/B audio clips (the enhance job made them for this file). */
  hasAudioClips: boolean;
};

export const VIDEO_NOT_FOUND = 'Video not found';
/** How long a signed link to a stored original stays valid. */
export const ORIGINAL_LINK_TTL_SECONDS = 60 * 60;

interface Deps {
  repo: VideosRepository;
  media: VideoMediaRepository;
  uploads: UploadsService;
  store: ObjectStore;
  now: () => number;
  log: FastifyBaseLogger;
  onVideoCreated?: OnVideoCreated;
  /** The object-store key of the gym's own logo (Customize), or null when it has none. */
  gymLogoKey: (user: UserRow) => string | null;
  /** Told after a change a gym's public answer is made of (decision 0028). */
  publicGyms: Pick<PublicGymCache, 'invalidate'>;
  /** Told after a video was deleted (the webhooks' class.deleted); must not throw. */
  onDeleted?: (row: VideoRow) => Promise<void>;
  /** A class names only its owner's instructors. */
  instructors: Pick<InstructorsService, 'requireOwned'>;
}

/** The FK that ties a class to an instructor: violated when the instructor went meanwhile. */
const INSTRUCTOR_FK = 'videos_instructor_id_instructors_id_fk';
const instructorGone = () =>
  new ValidationError(CLASS_DETAILS_MESSAGES.instructorUnknown, {
    errors: [{ field: 'instructorId', message: CLASS_DETAILS_MESSAGES.instructorUnknown }],
  });

/** A video's own derived files (thumbnails, previews, HLS) live under this prefix. */
export const videoPrefix = (videoId: string) => `videos/${videoId}/`;

export function videosService({
  repo,
  media,
  uploads,
  store,
  now,
  log,
  onVideoCreated,
  gymLogoKey,
  publicGyms,
  onDeleted,
  instructors,
}: Deps) {
  function planOf(user: Pick<UserRow, 'plan'>) {
    return PLANS.find((p) => p.id === user.plan) ?? PLANS[0]!;
  }

  function quotaError(user: Pick<UserRow, 'plan'>) {
    const plan = planOf(user);
    return new ForbiddenError(quotaMessage(plan.name, plan.videoLimit));
  }

  async function checkQuota(user: UserRow): Promise<void> {
    if ((await repo.countByOwner(user.id)) >= planOf(user).videoLimit) throw quotaError(user);
  }

  /** How many more videos the owner's plan allows; the plan-quota 403 when none. */
  async function videoSlotsLeft(user: UserRow): Promise<number> {
    const left = planOf(user).videoLimit - (await repo.countByOwner(user.id));
    if (left <= 0) throw quotaError(user);
    return left;
  }

  /** Only a pre-signed PUT leaves a URL that could write the key again (tus uploads have none). */
  async function sealChecked(upload: OwnedUpload, changed: string): Promise<string> {
    if (upload.row.via !== 'put') return upload.key;
    try {
      return await store.seal(upload.key, upload.info);
    } catch (error) {
      if (error instanceof ObjectChangedError) throw new ValidationError(changed);
      throw error;
    }
  }

  /** A copy of the gym's logo PNG for one video, or null when the gym has none (or it is gone). */
  async function copyGymLogo(user: UserRow): Promise<{ key: string; address: string } | null> {
    const source = gymLogoKey(user);
    if (!source) return null;
    let body;
    try {
      body = await store.get(source);
    } catch (error) {
      if (error instanceof ObjectMissingError) return null;
      throw error;
    }
    const key = `video-logos/${user.id}/${randomUUID()}.png`;
    await store.put(key, body, { contentType: 'image/png', maxBytes: LOGO_MAX_BYTES });
    return { key, address: store.addressFor(key) };
  }

  return {
    videoSlotsLeft,

    /** POST /api/auth/videos (product.md §3, §5): the owner's finished upload becomes an 'uploaded' video. */
    async create(user: UserRow, input: VideoCreation): Promise<VideoRow> {
      await checkQuota(user);
      if (input.instructorId) await instructors.requireOwned(user.id, input.instructorId);
      // A step the plan lacks is refused, never silently dropped (issue #18).
      if (input.replaceBackground && !planIncludes(user.plan, 'premiumEnhancement'))
        throw new ForbiddenError(ENHANCEMENT_LOCKS.background);
      if (input.addLogo && !planIncludes(user.plan, 'advancedEnhancement'))
        throw new ForbiddenError(ENHANCEMENT_LOCKS.logo);

      const original = await uploads.resolveOwned(user.id, input.originalFileUrl, {
        outside: STORED.outsideUrl,
        notFound: STORED.videoNotFound,
        alreadyUsed: STORED.videoAlreadyUsed,
      });
      if (original.size > VIDEO_MAX_BYTES) {
        await store.delete(original.key);
        throw new ValidationError(VIDEO_MESSAGES.tooLargeDescription);
      }
      if (
        input.fileSize !== undefined &&
        String(original.size) !== String(Number(input.fileSize))
      ) {
        throw new ValidationError(STORED.sizeMismatch);
      }
      const videoType = sniffVideo(original.head);
      if (!videoType) throw new ValidationError(VIDEO_MESSAGES.invalidTypeAlert);
      const claims: UploadClaim[] = [
        {
          key: original.key,
          from: uploads.attachableStatuses(original.row),
          size: original.size,
          contentType: videoType,
        },
      ];

      let logo: { upload: OwnedUpload; address: string } | null = null;
      if (input.addLogo && input.logoFileUrl) {
        const found = await uploads.resolveOwned(user.id, input.logoFileUrl, {
          outside: STORED.logoOutsideUrl,
          notFound: STORED.logoNotFound,
          alreadyUsed: STORED.logoAlreadyUsed,
        });
        if (found.size > LOGO_MAX_BYTES)
          throw new ValidationError(VIDEO_MESSAGES.logoTooLargeDescription);
        const logoType = sniffImage(found.head);
        if (!logoType) throw new ValidationError(VIDEO_MESSAGES.logoInvalidTypeDescription);
        if (found.key === original.key) throw new ValidationError(STORED.logoAlreadyUsed);
        claims.push({
          key: found.key,
          from: uploads.attachableStatuses(found.row),
          size: found.size,
          contentType: logoType,
        });
        logo = { upload: found, address: store.addressFor(found.key) };
      }

      // Add Logo with no file: the gym's logo from Customize, copied so the video keeps it even
      // when the gym changes its logo later (issue #15, logo done once).
      let gymLogo: { key: string; address: string } | null = null;
      if (input.addLogo && !logo) {
        gymLogo = await copyGymLogo(user);
        if (!gymLogo) throw new ValidationError(VIDEO_MESSAGES.logoRequired);
      }

      // What was checked is what the video keeps (see ObjectStore.seal).
      let originalKey: string;
      let logoKey: string | null;
      try {
        originalKey = await sealChecked(original, STORED.videoChanged);
        logoKey = logo
          ? await sealChecked(logo.upload, STORED.logoChanged)
          : (gymLogo?.key ?? null);
      } catch (error) {
        if (gymLogo) await store.delete(gymLogo.key).catch(() => undefined);
        throw error;
      }
      const placement = input.addLogo ? input.logoPlacement : null;
      const sealed = [
        { upload: original.key, kept: originalKey },
        ...(logo && logoKey ? [{ upload: logo.upload.key, kept: logoKey }] : []),
      ].filter((k) => k.upload !== k.kept);

      const at = new Date(now());
      const outcome = await repo
        .createWithUploads(user.id, planOf(user).videoLimit, claims, {
          userId: user.id,
          title: input.title,
          description: input.description,
          originalFileName: input.originalFileName,
          originalFileUrl: store.addressFor(original.key),
          originalKey,
          fileSize: String(original.size),
          sizeBytes: original.size,
          processingStatus: 'uploaded',
          replaceBackground: input.replaceBackground,
          backgroundDescription: input.replaceBackground ? input.backgroundDescription : null,
          addLogo: logoKey !== null,
          logoFileUrl: logo?.address ?? gymLogo?.address ?? null,
          logoKey,
          logoCorner: placement?.corner ?? null,
          logoSizePercent: placement?.size ?? null,
          logoOpacityPercent: placement?.opacity ?? null,
          enhancementNotes: input.enhancementNotes,
          instructorId: input.instructorId ?? null,
          difficulty: input.difficulty ?? null,
          classType: input.classType ?? null,
          music: input.music ?? [],
          equipmentNotes: input.equipmentNotes ?? null,
          uploadedAt: at,
          updatedAt: at,
        })
        .catch((error: unknown) => {
          if (isForeignKeyViolation(error, INSTRUCTOR_FK)) throw instructorGone();
          throw error;
        });
      // Created: the upload keys are no longer needed; refused: the copies go, the uploads stay.
      await Promise.allSettled([
        ...sealed.map((k) => store.delete(outcome.ok ? k.upload : k.kept)),
        ...(gymLogo && !outcome.ok ? [store.delete(gymLogo.key)] : []),
      ]);
      if (!outcome.ok) {
        if (outcome.reason === 'quota') throw quotaError(user);
        throw new ValidationError(
          outcome.key === original.key ? STORED.videoAlreadyUsed : STORED.logoAlreadyUsed,
        );
      }

      if (onVideoCreated) {
        try {
          await onVideoCreated(outcome.video);
        } catch (err) {
          log.error({ err, videoId: outcome.video.id }, 'video created hook failed');
        }
      }
      return outcome.video;
    },

    list: (userId: string) => repo.listByOwner(userId),

    async get(userId: string, videoId: string): Promise<VideoRow> {
      const row = await repo.find(userId, videoId);
      if (!row) throw new NotFoundError(VIDEO_NOT_FOUND);
      return row;
    },

    /** A patch that changes nothing writes nothing (and leaves the public page's kept answer). */
    async update(userId: string, videoId: string, patch: UpdateVideoBody): Promise<VideoRow> {
      const before = await repo.find(userId, videoId);
      if (!before) throw new NotFoundError(VIDEO_NOT_FOUND);
      const changes = Object.fromEntries(
        Object.entries(patch).filter(
          ([field, value]) =>
            value !== undefined &&
            JSON.stringify(value) !== JSON.stringify(before[field as keyof VideoRow]),
        ),
      ) as VideoEdit;
      if (Object.keys(changes).length === 0) return before;
      if (changes.instructorId) await instructors.requireOwned(userId, changes.instructorId);
      const row = await repo.update(userId, videoId, changes).catch((error: unknown) => {
        if (isForeignKeyViolation(error, INSTRUCTOR_FK)) throw instructorGone();
        throw error;
      });
      if (!row) throw new NotFoundError(VIDEO_NOT_FOUND);
      await publicGyms.invalidate(userId);
      return row;
    },

    /** Deletes the video and every file it owns: original, logo, enhanced file, derived media. */
    async remove(userId: string, videoId: string): Promise<void> {
      const row = await repo.delete(userId, videoId);
      if (!row) throw new NotFoundError(VIDEO_NOT_FOUND);
      await publicGyms.invalidate(userId);
      await onDeleted?.(row);
      const present = (k: string | null | undefined): k is string => Boolean(k);
      // The upload rows are keyed by the addresses the owner uploaded to (the kept copies may differ).
      const uploadKeys = [row.originalFileUrl, row.logoFileUrl]
        .map((address) => (address ? store.keyFromAddress(address) : null))
        .filter(present);
      const keys = new Set([row.originalKey, row.logoKey, row.enhancedKey, ...uploadKeys]);
      const results = await Promise.allSettled([
        ...[...keys].filter(present).map((key) => store.delete(key)),
        store.deletePrefix(videoPrefix(row.id)),
      ]);
      for (const r of results) {
        if (r.status === 'rejected')
          log.error({ err: r.reason, videoId }, 'deleting a stored file failed');
      }
      await repo.deleteUploads(userId, uploadKeys);
    },

    /** A signed, expiring link to the stored original (ranges honoured), optionally as a download. */
    async originalLink(userId: string, videoId: string, download: boolean): Promise<string> {
      const row = await repo.find(userId, videoId);
      if (!row?.originalKey) throw new NotFoundError(VIDEO_NOT_FOUND);
      return store.signedGetUrl(row.originalKey, {
        expiresInSeconds: ORIGINAL_LINK_TTL_SECONDS,
        downloadName: download ? row.originalFileName : undefined,
      });
    },

    /** Any owner's video, for the media file routes (they decide who may see which file). */
    findForMedia(videoId: string): Promise<VideoMediaRow | undefined> {
      return media.find(videoId);
    },

    /** A replaced HLS ladder still inside its grace period (riders who started it ride on). */
    isRetiring(videoId: string, version: string): Promise<boolean> {
      return media.isRetiring(videoId, version);
    },
  };
}

export type VideosService = ReturnType<typeof videosService>;

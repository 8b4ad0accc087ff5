import { z } from 'zod';

/** Spec §5/§9: a video file is at most 2 GB. */
export const VIDEO_MAX_BYTES = 2_147_483_648;
/** Spec §5/§9: a logo image is at most 5 MB. */
export const LOGO_MAX_BYTES = 5 * 1024 * 1024;

/** Spec §5: the accepted video types (the `accept` list of the file picker). */
export const ACCEPTED_VIDEO_TYPES = [
  'video/mp4',
  'video/quicktime',
  'video/x-msvideo',
  'video/webm',
  'video/mov',
  'video/avi',
] as const;
export const VIDEO_ACCEPT = 'video/*,.mp4,.mov,.avi,.webm';
export const LOGO_ACCEPT = 'image/*';

export const VIDEO_TITLE_MAX = 200;
export const VIDEO_DESCRIPTION_MAX = 1000;
export const ENHANCEMENT_NOTES_MAX = 1000;
export const BACKGROUND_DESCRIPTION_MAX = 500;
export const ORIGINAL_FILE_NAME_MAX = 255;

/** The owner's videos (spec §7), newest first. */
export const OWNER_VIDEOS_PATH = '/api/auth/user/videos';
export const VIDEOS_PATH = '/api/auth/videos';

/** The spec's words (§5, §8), used by the screen and, where they apply, by the server. */
export const VIDEO_MESSAGES = {
  invalidTypeTitle: 'Invalid file type',
  invalidTypeDescription: 'Please select a video file.',
  invalidTypeAlert: 'Please select a valid video file (MP4, MOV, AVI, WebM)',
  tooLargeTitle: 'File too large',
  tooLargeDescription: 'Video files must be smaller than 2GB.',
  tooLargeAlert: 'File size is too large. Please select a file under 2GB.',
  logoInvalidTypeDescription: 'Please select an image file.',
  logoTooLargeDescription: 'Please select an image smaller than 5MB.',
  logoRequiredWarning: 'Please select a logo file to continue',
  titleRequired: 'Title is required',
  originalFileNameRequired: 'Original file name is required',
  videoUrlRequired: 'Valid video URL is required',
  fileSizeRequired: 'File size is required',
  backgroundRequired: 'Background description is required when background replacement is enabled',
  logoRequired: 'Logo file is required when logo addition is enabled',
  failedUploadUrl: 'Failed to get upload URL',
  failedUploadVideo: 'Failed to upload video file',
  failedLogoUploadUrl: 'Failed to get logo upload URL',
  failedUploadLogo: 'Failed to upload logo file',
  uploadFailedTitle: 'Upload failed',
  unexpected: 'An unexpected error occurred during upload.',
  successTitle: 'Upload successful!',
  successDescription: (title: string) => `"${title}" has been uploaded and is being processed.`,
} as const;

/** Cadence's own words for what the spec leaves open (server-side checks of the stored file). */
export const STORED_FILE_MESSAGES = {
  outsideUrl: 'The video URL must point to a file uploaded to Cadence.',
  videoNotFound: 'The uploaded video file was not found. Please upload it again.',
  videoAlreadyUsed:
    'This uploaded video file is already attached to a video. Please upload it again.',
  sizeMismatch: 'The uploaded video file size does not match the file size sent.',
  logoOutsideUrl: 'The logo URL must point to a file uploaded to Cadence.',
  logoNotFound: 'The uploaded logo file was not found. Please upload it again.',
  logoAlreadyUsed:
    'This uploaded logo file is already attached to a video. Please upload it again.',
  videoChanged: 'The uploaded video file changed while it was being checked. Please upload it again.',
  logoChanged: 'The uploaded logo file changed while it was being checked. Please upload it again.',
} as const;

export function quotaMessage(planName: string, limit: number): string {
  return `Your ${planName} plan allows up to ${limit} videos. Delete a video or upgrade your plan to upload more.`;
}

export type VideoStatus = 'uploaded' | 'processing' | 'enhanced' | 'failed';
export const VIDEO_STATUSES: readonly VideoStatus[] = [
  'uploaded',
  'processing',
  'enhanced',
  'failed',
];

/** Spec §4: the owner's labels. */
export const OWNER_STATUS_LABELS: Record<VideoStatus, string> = {
  uploaded: 'Pending Processing',
  processing: 'Being Enhanced',
  enhanced: 'Ready',
  failed: 'Processing Failed',
};

/** What every video route answers: the spec's Video fields, the media URLs, never storage keys. */
export interface VideoDto {
  id: string;
  userId: string;
  title: string;
  description: string | null;
  originalFileName: string;
  originalFileUrl: string;
  enhancedFileUrl: string | null;
  /** Bytes, as numeric text (the spec's type). */
  fileSize: string;
  /** Seconds, as text. */
  duration: string | null;
  processingStatus: VideoStatus;
  processingNotes: string | null;
  replaceBackground: boolean;
  backgroundDescription: string | null;
  addLogo: boolean;
  logoFileUrl: string | null;
  enhancementNotes: string | null;
  uploadedAt: string;
  enhancedAt: string | null;
  updatedAt: string;
  /** The library card's still (480 px wide). */
  thumbnailUrl: string | null;
  /** The player's poster (1280 px wide); set with the thumbnail by ingest. */
  posterUrl: string | null;
  previewUrl: string | null;
  hlsUrl: string | null;
  width: number | null;
  height: number | null;
  /** Progress of the running job, 0-100; null when nothing runs. */
  progress: number | null;
}

/** The answer of POST /api/auth/videos and PATCH /api/auth/videos/:id. */
export interface VideoResponse {
  video: VideoDto;
}

const truthy = new Set(['true', '1', 'on', 'yes']);
/** Spec §5: replaceBackground and addLogo are coerced to booleans ('false' stays false). */
const coercedBoolean = z.preprocess((v) => {
  if (typeof v === 'string') return truthy.has(v.trim().toLowerCase());
  if (typeof v === 'number') return v !== 0;
  return v == null ? false : v;
}, z.boolean());

const optionalText = (max: number, message: string) =>
  z
    .string()
    .max(max, message)
    .nullish()
    .transform((v) => (v == null || v.trim() === '' ? null : v.trim()));

const required = (message: string, max: number, maxMessage: string) =>
  z.string({ error: message }).trim().min(1, message).max(max, maxMessage);

/**
 * Spec §3 upload request and §5 video creation. The stored address may come as `videoURL` (the
 * upload request's name) or `originalFileUrl` (the video's field).
 */
export const createVideoBody = z
  .preprocess(
    (input) => {
      if (!input || typeof input !== 'object' || Array.isArray(input)) return input;
      const body = input as Record<string, unknown>;
      const originalFileUrl = body.originalFileUrl ?? body.videoURL;
      return { ...body, originalFileUrl };
    },
    z.object({
      title: required(
        VIDEO_MESSAGES.titleRequired,
        VIDEO_TITLE_MAX,
        `Title must be under ${VIDEO_TITLE_MAX} characters`,
      ),
      description: optionalText(
        VIDEO_DESCRIPTION_MAX,
        `Description must be under ${VIDEO_DESCRIPTION_MAX} characters`,
      ),
      originalFileName: required(
        VIDEO_MESSAGES.originalFileNameRequired,
        ORIGINAL_FILE_NAME_MAX,
        `Original file name must be under ${ORIGINAL_FILE_NAME_MAX} characters`,
      ),
      originalFileUrl: required(
        VIDEO_MESSAGES.videoUrlRequired,
        2048,
        VIDEO_MESSAGES.videoUrlRequired,
      ),
      fileSize: z
        .union([z.string(), z.number()], { error: VIDEO_MESSAGES.fileSizeRequired })
        .transform((v) => String(v).trim())
        .refine((v) => v !== '', VIDEO_MESSAGES.fileSizeRequired)
        .refine((v) => /^\d{1,16}$/.test(v), 'File size must be a whole number of bytes'),
      replaceBackground: coercedBoolean,
      backgroundDescription: optionalText(
        BACKGROUND_DESCRIPTION_MAX,
        `Background description must be under ${BACKGROUND_DESCRIPTION_MAX} characters`,
      ),
      addLogo: coercedBoolean,
      logoFileUrl: optionalText(2048, 'Logo URL is too long'),
      enhancementNotes: optionalText(
        ENHANCEMENT_NOTES_MAX,
        `Enhancement notes must be under ${ENHANCEMENT_NOTES_MAX} characters`,
      ),
    }),
  )
  .superRefine((body, ctx) => {
    if (body.replaceBackground && !body.backgroundDescription) {
      ctx.addIssue({
        code: 'custom',
        path: ['backgroundDescription'],
        message: VIDEO_MESSAGES.backgroundRequired,
      });
    }
    if (body.addLogo && !body.logoFileUrl) {
      ctx.addIssue({ code: 'custom', path: ['logoFileUrl'], message: VIDEO_MESSAGES.logoRequired });
    }
  });
export type CreateVideoBody = z.output<typeof createVideoBody>;

/** Spec §3 upload request, as the upload screen sends it. */
export interface UploadRequest {
  videoURL: string;
  title: string;
  description: string | null;
  originalFileName: string;
  fileSize: string;
  replaceBackground: boolean;
  backgroundDescription: string | null;
  addLogo: boolean;
  logoFileUrl: string | null;
  enhancementNotes: string | null;
}

/** PATCH /api/auth/videos/:id: the owner edits the title and the description. */
export const updateVideoBody = z
  .object({
    title: required(
      VIDEO_MESSAGES.titleRequired,
      VIDEO_TITLE_MAX,
      `Title must be under ${VIDEO_TITLE_MAX} characters`,
    ).optional(),
    description: optionalText(
      VIDEO_DESCRIPTION_MAX,
      `Description must be under ${VIDEO_DESCRIPTION_MAX} characters`,
    ).optional(),
  })
  .refine((b) => b.title !== undefined || b.description !== undefined, 'Nothing to update');
export type UpdateVideoBody = z.output<typeof updateVideoBody>;

export interface FileProblem {
  title: string;
  description: string;
}

/** Spec §5: the client-side check of a chosen video file; null when it may be kept. */
export function checkVideoFile(file: { type: string; size: number }): FileProblem | null {
  if (!file.type.startsWith('video/')) {
    return {
      title: VIDEO_MESSAGES.invalidTypeTitle,
      description: VIDEO_MESSAGES.invalidTypeDescription,
    };
  }
  if (file.size > VIDEO_MAX_BYTES) {
    return { title: VIDEO_MESSAGES.tooLargeTitle, description: VIDEO_MESSAGES.tooLargeDescription };
  }
  return null;
}

/** Spec §5 (branding logo rules, which the upload form's logo follows too). */
export function checkLogoFile(file: { type: string; size: number }): FileProblem | null {
  if (!file.type.startsWith('image/')) {
    return {
      title: VIDEO_MESSAGES.invalidTypeTitle,
      description: VIDEO_MESSAGES.logoInvalidTypeDescription,
    };
  }
  if (file.size > LOGO_MAX_BYTES) {
    return {
      title: VIDEO_MESSAGES.tooLargeTitle,
      description: VIDEO_MESSAGES.logoTooLargeDescription,
    };
  }
  return null;
}

/** Spec §2: the title is prefilled from the file name without its extension. */
export function titleFromFileName(name: string): string {
  const dot = name.lastIndexOf('.');
  return (dot > 0 ? name.slice(0, dot) : name).trim();
}

import { z } from 'zod';
import {
  classDetailsFields,
  classDetailsView,
  type ClassDetailsBody,
} from './class-details.contract';
import { endpoint } from './endpoint';
import { withSchemas } from './endpoint-schemas';
import { lockedMessage } from './plan-features';

/** product.md §5/§9: a video file is at most 2 GB. */
export const VIDEO_MAX_BYTES = 2_147_483_648;
/** product.md §5/§9: a logo image is at most 5 MB. */
export const LOGO_MAX_BYTES = 5 * 1024 * 1024;

/** product.md §5: the accepted video types (the `accept` list of the file picker). */
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

/** The owner's videos (product.md §7), newest first. */
export const OWNER_VIDEOS_PATH = '/api/auth/user/videos';
export const VIDEOS_PATH = '/api/auth/videos';

/** The product's words (§5, §8), used by the screen and, where they apply, by the server. */
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

/** Cadence's own words for what docs/product.md leaves open (server-side checks of the stored file). */
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
  videoChanged:
    'The uploaded video file changed while it was being checked. Please upload it again.',
  logoChanged: 'The uploaded logo file changed while it was being checked. Please upload it again.',
} as const;

/**
 * The enhancement steps a plan may lack (issue #18): the upload screen's locks and the server's 403,
 * word for word. Lighting and loudness (Basic AI enhancement) come with every plan.
 */
export const ENHANCEMENT_LOCKS = {
  /** Automatic, never asked for: the upload screen's lock only. */
  colour: lockedMessage('advancedEnhancement', 'White balance and denoise'),
  logo: lockedMessage('advancedEnhancement', 'Adding your logo to the video'),
  background: lockedMessage('premiumEnhancement', 'Background replacement'),
} as const;

export function quotaMessage(planName: string, limit: number): string {
  return `Your ${planName} plan allows up to ${limit} videos. Delete a video or upgrade your plan to upload more.`;
}

/** product.md §4: a video's processing status (the server's lifecycle says which moves are allowed). */
export const VIDEO_STATUSES = ['uploaded', 'processing', 'enhanced', 'failed'] as const;
export type VideoStatus = (typeof VIDEO_STATUSES)[number];

/** What the audit trail (video_events) records: every status change and admin action on a video. */
export const VIDEO_EVENT_ACTIONS = [
  'enhance_started',
  'enhance_retried',
  'marked_failed',
  'enhanced_uploaded',
  'original_downloaded',
  'enhanced',
  'enhance_failed',
  'needs_manual',
  'packaged',
  'ingested',
  'ingest_failed',
  'package_failed',
  'reenhance_requested',
  'reenhanced',
  'reenhance_failed',
] as const;
export type VideoEventAction = (typeof VIDEO_EVENT_ACTIONS)[number];

/** product.md §4: the owner's labels. */
export const OWNER_STATUS_LABELS: Record<VideoStatus, string> = {
  uploaded: 'Pending Processing',
  processing: 'Being Enhanced',
  enhanced: 'Ready',
  failed: 'Processing Failed',
};

/**
 * The burned-in logo (issue #15): a corner, a width as a share of the frame's width and an
 * opacity, previewed by the owner on a frame before the upload and applied exactly by ffmpeg.
 */
export const LOGO_CORNERS = ['top-left', 'top-right', 'bottom-left', 'bottom-right'] as const;
export type LogoCorner = (typeof LOGO_CORNERS)[number];
export const LOGO_CORNER_LABELS: Record<LogoCorner, string> = {
  'top-left': 'Top left',
  'top-right': 'Top right',
  'bottom-left': 'Bottom left',
  'bottom-right': 'Bottom right',
};
/** Percent of the frame's width. */
export const LOGO_SIZE_LIMITS = { min: 4, max: 12 } as const;
/** Percent opacity. */
export const LOGO_OPACITY_LIMITS = { min: 30, max: 100 } as const;
/** The margin from the frame's edges, as a share of its width (both axes). */
export const LOGO_MARGIN_SHARE = 0.03;
export const logoPlacement = z.object({
  corner: z.enum(LOGO_CORNERS, { error: 'Choose a corner for the logo' }),
  size: z
    .number()
    .int()
    .min(
      LOGO_SIZE_LIMITS.min,
      `Logo size must be ${LOGO_SIZE_LIMITS.min}-${LOGO_SIZE_LIMITS.max}% of the width`,
    )
    .max(
      LOGO_SIZE_LIMITS.max,
      `Logo size must be ${LOGO_SIZE_LIMITS.min}-${LOGO_SIZE_LIMITS.max}% of the width`,
    ),
  opacity: z
    .number()
    .int()
    .min(
      LOGO_OPACITY_LIMITS.min,
      `Logo opacity must be ${LOGO_OPACITY_LIMITS.min}-${LOGO_OPACITY_LIMITS.max}%`,
    )
    .max(
      LOGO_OPACITY_LIMITS.max,
      `Logo opacity must be ${LOGO_OPACITY_LIMITS.min}-${LOGO_OPACITY_LIMITS.max}%`,
    ),
});
export type LogoPlacement = z.infer<typeof logoPlacement>;
export const DEFAULT_LOGO_PLACEMENT: LogoPlacement = { corner: 'top-right', size: 7, opacity: 90 };

/**
 * What automatic enhancement changed, from the enhance job's own measurements (issue #15): stored
 * with the video and shown to the owner as a plain list (describeChange).
 */
export const enhancementChange = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('exposure'), gain: z.number() }),
  z.object({ kind: z.literal('colour') }),
  z.object({ kind: z.literal('denoise') }),
  z.object({ kind: z.literal('audio'), fromLufs: z.number(), toLufs: z.number() }),
  z.object({ kind: z.literal('logo'), placement: logoPlacement }),
  z.object({
    kind: z.literal('background'),
    /** The owner's words. */
    requested: z.string().nullable(),
    /** The built-in background used. */
    used: z.string(),
    /** The word of the request that chose it; null when none matched (the default was used). */
    matched: z.string().nullable(),
    /** The owner picked it from the built-in backgrounds (a re-run, decision 0027). */
    chosen: z.boolean().optional(),
    method: z.enum(['green screen', 'blue screen', 'static camera']),
  }),
]);
export type EnhancementChange = z.infer<typeof enhancementChange>;
export const enhancementReport = z.object({
  changes: z.array(enhancementChange),
  /**
   * The stretch of the class (seconds) the A/B audio clips cover; absent when there was no sound
   * to compare (or the report predates the clips).
   */
  audioClip: z.object({ start: z.number(), duration: z.number() }).optional(),
});
export type EnhancementReport = z.infer<typeof enhancementReport>;

/** A background request that was not honoured as written: the owner may pick one and re-run. */
export function isUnmetBackground(change: EnhancementChange): boolean {
  return change.kind === 'background' && !change.chosen && !change.matched && !!change.requested;
}

/** One change in the owner's words. */
export function describeChange(change: EnhancementChange): string {
  switch (change.kind) {
    case 'exposure':
      return `Exposure lifted (the picture brightened ${Math.round((change.gain - 1) * 100)}%)`;
    case 'colour':
      return 'Colour balanced';
    case 'denoise':
      return 'Grain reduced';
    case 'audio':
      return `Audio levelled from ${Math.round(change.fromLufs)} to ${change.toLufs} LUFS`;
    case 'logo': {
      const { corner, size, opacity } = change.placement;
      return `Logo added ${LOGO_CORNER_LABELS[corner].toLowerCase()} (${size}% of the width, ${opacity}% opaque)`;
    }
    case 'background': {
      const why = change.chosen
        ? 'your choice from the built-in backgrounds'
        : change.matched
          ? `chosen for "${change.matched}" in your request`
          : change.requested
            ? `your request "${change.requested}" matched none of the built-in backgrounds, so the default was used`
            : 'the default';
      return `Background replaced with ${change.used} (${change.method}): ${why}`;
    }
  }
}

/** What every video route answers: the product's Video fields, the media URLs, never storage keys. */
/**
 * The owner's preview (decision 0029): 'none' until its first playable part exists; 'growing' while
 * an HLS preview is being transcoded (its playlist gains segments, plays meanwhile); 'ended' once
 * complete (a remux is complete at once); 'failed' when ingest gave up before the end.
 */
export const previewStates = ['none', 'growing', 'ended', 'failed'] as const;
export type PreviewState = (typeof previewStates)[number];

export const videoDto = z.object({
  id: z.string(),
  userId: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  originalFileName: z.string(),
  originalFileUrl: z.string(),
  enhancedFileUrl: z.string().nullable(),
  /** Bytes, as numeric text (the product's type). */
  fileSize: z.string(),
  /** Seconds, as text. */
  duration: z.string().nullable(),
  processingStatus: z.enum(VIDEO_STATUSES),
  processingNotes: z.string().nullable(),
  replaceBackground: z.boolean(),
  backgroundDescription: z.string().nullable(),
  addLogo: z.boolean(),
  logoFileUrl: z.string().nullable(),
  /** How the logo is burned in; null without a logo. */
  logoPlacement: logoPlacement.nullable(),
  enhancementNotes: z.string().nullable(),
  /** What automatic enhancement changed; null until it ran (or for an admin's enhanced file). */
  enhancementReport: enhancementReport.nullable(),
  /** The raw frame at the poster's time (the poster is the 'after'); with the report. */
  beforeUrl: z.string().nullable(),
  /** The A/B audio clips of the same stretch (report.audioClip), before and after; with it. */
  audioClips: z.object({ beforeUrl: z.string(), afterUrl: z.string() }).nullable(),
  uploadedAt: z.string(),
  enhancedAt: z.string().nullable(),
  updatedAt: z.string(),
  /** The library card's still (480 px wide). */
  thumbnailUrl: z.string().nullable(),
  /** The player's poster (1280 px wide); set with the thumbnail by ingest. */
  posterUrl: z.string().nullable(),
  /** The owner's preview: an MP4 (`previewKind` 'mp4') or an HLS playlist ('hls'); null: none yet. */
  previewUrl: z.string().nullable(),
  previewKind: z.enum(['mp4', 'hls']).nullable(),
  /** 'growing': the HLS preview plays and gains segments as the transcode goes (see previewStates). */
  previewState: z.enum(previewStates),
  hlsUrl: z.string().nullable(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  /** Progress of the running job, 0-100; null when nothing runs. */
  progress: z.number().nullable(),
  /** An owner's re-run of enhancement is under way; riders keep the current version meanwhile. */
  reenhancing: z.boolean(),
  /** The built-in background the owner chose; null when it came from the description. */
  backgroundId: z.string().nullable(),
  /** What riders choose the class by (issue #20): instructor, difficulty, type, music, equipment. */
  ...classDetailsView.shape,
});
export type VideoDto = z.infer<typeof videoDto>;

/** The answer of POST /api/auth/videos and PATCH /api/auth/videos/:id. */
export const videoResponse = z.object({ video: videoDto });
export type VideoResponse = z.infer<typeof videoResponse>;

const truthy = new Set(['true', '1', 'on', 'yes']);
/** product.md §5: replaceBackground and addLogo are coerced to booleans ('false' stays false). */
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

/** The details the owner types on the upload screen: the same rules here and in createVideoBody. */
export const videoDetails = {
  title: required(
    VIDEO_MESSAGES.titleRequired,
    VIDEO_TITLE_MAX,
    `Title must be under ${VIDEO_TITLE_MAX} characters`,
  ),
  description: optionalText(
    VIDEO_DESCRIPTION_MAX,
    `Description must be under ${VIDEO_DESCRIPTION_MAX} characters`,
  ),
  backgroundDescription: optionalText(
    BACKGROUND_DESCRIPTION_MAX,
    `Background description must be under ${BACKGROUND_DESCRIPTION_MAX} characters`,
  ),
  enhancementNotes: optionalText(
    ENHANCEMENT_NOTES_MAX,
    `Enhancement notes must be under ${ENHANCEMENT_NOTES_MAX} characters`,
  ),
};

/** product.md §5: a background replacement needs its description. */
export function requireBackgroundDescription(
  body: { replaceBackground: boolean; backgroundDescription: string | null },
  ctx: z.RefinementCtx,
): void {
  if (body.replaceBackground && !body.backgroundDescription) {
    ctx.addIssue({
      code: 'custom',
      path: ['backgroundDescription'],
      message: VIDEO_MESSAGES.backgroundRequired,
    });
  }
}

/**
 * product.md §3 upload request and §5 video creation. The stored address may come as `videoURL` (the
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
      // The fields in the order of the product's request (the order of a 400's errors).
      title: videoDetails.title,
      description: videoDetails.description,
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
      backgroundDescription: videoDetails.backgroundDescription,
      addLogo: coercedBoolean,
      /** Without it, Add Logo uses the gym's logo from Customize (or answers logoRequired). */
      logoFileUrl: optionalText(2048, 'Logo URL is too long'),
      logoPlacement: logoPlacement.default(DEFAULT_LOGO_PLACEMENT),
      enhancementNotes: videoDetails.enhancementNotes,
      ...classDetailsFields,
    }),
  )
  .superRefine(requireBackgroundDescription);
export type CreateVideoBody = z.output<typeof createVideoBody>;

/**
 * The upload screen's form (react-hook-form): the typed details with the server's rules. The files
 * and their stored addresses are not typed, so they are checked apart (the logo's presence too).
 */
export const uploadDetailsForm = z
  .object({
    ...videoDetails,
    replaceBackground: z.boolean(),
    addLogo: z.boolean(),
    logoPlacement,
  })
  .superRefine(requireBackgroundDescription);
export type UploadDetailsInput = z.input<typeof uploadDetailsForm>;
export type UploadDetails = z.output<typeof uploadDetailsForm>;

/** product.md §3 upload request, as the upload screen sends it, with the class's details (issue #20). */
export interface UploadRequest extends ClassDetailsBody {
  videoURL: string;
  title: string;
  description: string | null;
  originalFileName: string;
  fileSize: string;
  replaceBackground: boolean;
  backgroundDescription: string | null;
  addLogo: boolean;
  logoFileUrl: string | null;
  logoPlacement: LogoPlacement;
  enhancementNotes: string | null;
}

/** PATCH /api/auth/videos/:id: the owner edits the title, the description and the class details. */
export const updateVideoBody = z
  .object({
    ...classDetailsFields,
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
  .refine((b) => Object.values(b).some((value) => value !== undefined), 'Nothing to update');
export type UpdateVideoBody = z.output<typeof updateVideoBody>;

/** 429 after an owner's hourly limit of title and description changes (Cadence's own words). */
export const VIDEO_EDITS_LIMITED = 'Too many changes to your classes. Please try again later.';

/** GET /api/auth/videos/:id/original: `download=1` saves the file under its name. */
export const originalQuery = z.object({
  download: z.string().optional().catch(undefined),
});

export const videoEndpoints = {
  list: withSchemas(
    endpoint<{ response: VideoDto[] }>()({
      method: 'GET',
      path: OWNER_VIDEOS_PATH,
      access: 'owner',
      summary: "The caller's videos, newest first",
    }),
    { response: z.array(videoDto) },
  ),
  create: withSchemas(
    endpoint<{ body: UploadRequest; response: VideoResponse }>()({
      method: 'POST',
      path: VIDEOS_PATH,
      access: 'owner',
      summary: 'Creates a video from an uploaded file',
      status: 201,
    }),
    { body: createVideoBody, response: videoResponse },
  ),
  get: withSchemas(
    endpoint<{ response: VideoResponse }>()({
      method: 'GET',
      path: `${VIDEOS_PATH}/:id`,
      access: 'owner',
      summary: "One of the caller's videos",
    }),
    { response: videoResponse },
  ),
  update: withSchemas(
    endpoint<{ body: z.input<typeof updateVideoBody>; response: VideoResponse }>()({
      method: 'PATCH',
      path: `${VIDEOS_PATH}/:id`,
      access: 'owner',
      summary: 'Changes the title or the description',
    }),
    { body: updateVideoBody, response: videoResponse },
  ),
  remove: endpoint()({
    method: 'DELETE',
    path: `${VIDEOS_PATH}/:id`,
    access: 'owner',
    summary: 'Deletes the video and its files',
    status: 204,
  }),
  original: withSchemas(
    endpoint<{ query: { download?: '1' } }>()({
      method: 'GET',
      path: `${VIDEOS_PATH}/:id/original`,
      access: 'owner',
      summary: 'Redirects to a short-lived signed link to the stored original',
      status: 302,
    }),
    { query: originalQuery },
  ),
} as const;

export interface FileProblem {
  title: string;
  description: string;
}

/** product.md §5: the client-side check of a chosen video file; null when it may be kept. */
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

/** product.md §5 (branding logo rules, which the upload form's logo follows too). */
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

/** product.md §2: the title is prefilled from the file name without its extension. */
export function titleFromFileName(name: string): string {
  const dot = name.lastIndexOf('.');
  return (dot > 0 ? name.slice(0, dot) : name).trim();
}

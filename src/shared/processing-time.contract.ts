import { z } from 'zod';
import { endpoint } from './endpoint';
import { withSchemas } from './endpoint-schemas';
import { ENHANCEMENT_TIME_TEXT } from './product';
import type { VideoDto } from './videos.contract';

/**
 * How long a class takes to become ready for riders on this install (issue #15 part 1): the media
 * pipeline's own speed, as seconds from upload to 'enhanced' per second of video.
 */
export const processingTimeResponse = z.object({
  /** AUTO_ENHANCE: whether the pipeline enhances new videos by itself (else the admin team does). */
  autoEnhance: z.boolean(),
  /** Seconds from upload to ready per second of video (the median of the recent videos). */
  secondsPerVideoSecond: z.number().positive(),
  /** True when measured on this install's own videos; false while the default is used. */
  measured: z.boolean(),
});
export type ProcessingTime = z.infer<typeof processingTimeResponse>;

/** Without finished videos to measure: twice the video's length (the media bench does 0.8x at 720p). */
export const DEFAULT_SECONDS_PER_VIDEO_SECOND = 2;
/** How many of the most recent automatically enhanced videos the speed is measured on. */
export const PROCESSING_SAMPLE_SIZE = 20;
/** Nothing is promised faster than this: ingest, queueing and the first frames take about a minute. */
export const MIN_ESTIMATE_SECONDS = 60;

/** The promise with automatic enhancement on (issue #15: say what is true). */
export const AUTO_ENHANCE_TIME_TEXT = 'usually ready in minutes';
/** What a video waiting for the admin team is told (AUTO_ENHANCE off, or automation gave up). */
export const TEAM_WAIT_TEXT = `Waiting for our team: usually ready within ${ENHANCEMENT_TIME_TEXT}.`;
export const UNKNOWN_LENGTH_TEXT = 'Usually ready in minutes';
export const OVERDUE_TEXT = 'Taking longer than usual';

/** The note enhancement leaves when the background needs a person (the job's manualNote starts so). */
export const MANUAL_WORK_NOTE_PREFIX = 'Needs manual work';

/**
 * The median of per-video speeds (seconds from upload to ready per second of video); the default
 * when none was measured. A median, so one video that waited for a stopped worker does not skew it.
 */
export function pipelineSpeed(
  samples: ReadonlyArray<{ elapsedSeconds: number; durationSeconds: number }>,
): {
  secondsPerVideoSecond: number;
  measured: boolean;
} {
  const ratios = samples
    .filter((s) => s.durationSeconds > 0 && s.elapsedSeconds >= 0)
    .map((s) => s.elapsedSeconds / s.durationSeconds)
    .filter((r) => Number.isFinite(r) && r > 0)
    .sort((a, b) => a - b);
  if (ratios.length === 0)
    return { secondsPerVideoSecond: DEFAULT_SECONDS_PER_VIDEO_SECOND, measured: false };
  const mid = Math.floor(ratios.length / 2);
  const median = ratios.length % 2 ? ratios[mid]! : (ratios[mid - 1]! + ratios[mid]!) / 2;
  return { secondsPerVideoSecond: Math.round(median * 1000) / 1000, measured: true };
}

type EstimateVideo = Pick<
  VideoDto,
  'processingStatus' | 'processingNotes' | 'duration' | 'uploadedAt'
>;

/** Whether a video that is not ready waits for the admin team rather than for the pipeline. */
export function waitsForTeam(video: EstimateVideo, autoEnhance: boolean): boolean {
  if (video.processingStatus === 'uploaded') return !autoEnhance;
  if (video.processingStatus === 'processing')
    return (video.processingNotes ?? '').startsWith(MANUAL_WORK_NOTE_PREFIX);
  return false;
}

export type ReadyEstimate =
  | { kind: 'team' }
  | { kind: 'unknown' }
  | { kind: 'minutes'; minutes: number }
  | { kind: 'overdue' };

/**
 * When a video still being processed should be ready: from its length and the pipeline's speed,
 * counted from the upload. `now` in ms.
 */
export function readyEstimate(
  video: EstimateVideo,
  time: ProcessingTime,
  now: number,
): ReadyEstimate {
  if (waitsForTeam(video, time.autoEnhance)) return { kind: 'team' };
  const duration = Number(video.duration);
  if (!video.duration || !Number.isFinite(duration) || duration <= 0) return { kind: 'unknown' };
  const total = Math.max(MIN_ESTIMATE_SECONDS, time.secondsPerVideoSecond * duration);
  const elapsed = Math.max(0, (now - Date.parse(video.uploadedAt)) / 1000);
  const left = total - elapsed;
  if (left <= 0) return { kind: 'overdue' };
  return { kind: 'minutes', minutes: Math.max(1, Math.ceil(left / 60)) };
}

/** The estimate in the owner's words, for a processing card. */
export function readyEstimateText(estimate: ReadyEstimate): string {
  switch (estimate.kind) {
    case 'team':
      return TEAM_WAIT_TEXT;
    case 'unknown':
      return UNKNOWN_LENGTH_TEXT;
    case 'overdue':
      return OVERDUE_TEXT;
    case 'minutes':
      return estimate.minutes === 1
        ? 'Ready in about 1 minute'
        : `Ready in about ${estimate.minutes} minutes`;
  }
}

/** How long enhancement takes, for the screens that promise it (landing, empty states). */
export function enhancementTimeText(autoEnhance: boolean): string {
  return autoEnhance ? AUTO_ENHANCE_TIME_TEXT : `ready within ${ENHANCEMENT_TIME_TEXT}`;
}

export const processingTimeEndpoints = {
  get: withSchemas(
    endpoint<{ response: ProcessingTime }>()({
      method: 'GET',
      path: '/api/processing-time',
      access: 'public',
      summary: "How long a class takes to be ready on this install (the pipeline's own speed)",
    }),
    { response: processingTimeResponse },
  ),
} as const;

import { MANUAL_WORK_NOTE_PREFIX } from '@shared/processing-time.contract';
import { FAILED_JOB_LEADS } from '@shared/video-failure';
import type { EnhanceSummary } from '../media/enhance-media';
import { FfmpegError } from '../media/ffmpeg';
import { MEDIA_LIMITS, type LimitBreach } from '../media/media-limits';
import { TARGET_LUFS } from '../media/enhance-media';
import { percentOf } from '../media/media-stats';
import {
  LOGO_CORNER_LABELS,
  type EnhancementChange,
  type EnhancementReport,
} from '@shared/videos.contract';

/** The words processingNotes carries for what the pipeline did (each at most 500 characters). */
export const NOTES = {
  unreadable:
    'We could not read this video file, so it cannot be processed. Please upload it again, or export it as MP4 (H.264) and upload that.',
  originalMissing:
    'The uploaded video file is missing from storage. Please upload the video again.',
  enhanceStarted: 'AI enhancement started.',
  enhancedFileMissing:
    'The enhanced file is missing from storage. Please upload the enhanced version again.',
  enhancedFileUnreadable:
    'The enhanced file could not be read, so it cannot be streamed. Please upload a playable MP4.',
} as const;

const LIMIT_TEXTS: Record<LimitBreach, { what: string; fix: string }> = {
  'too-long': {
    what: `is longer than ${MEDIA_LIMITS.maxDurationSeconds / 3600} hours`,
    fix: 'trim it to the class',
  },
  'too-large': {
    what: `is larger than 4K (more than ${MEDIA_LIMITS.maxSide} pixels on a side)`,
    fix: 'export it at 4K or smaller',
  },
  'too-many-frames': {
    what: `has more than ${MEDIA_LIMITS.maxFps} frames per second`,
    fix: 'export it at 60 frames per second or fewer',
  },
  'too-small-for-length': {
    what: 'is far too small for the running time it claims, so it looks damaged',
    fix: 'export it again',
  },
};

/** Why the owner's video (or the enhanced file an admin uploaded) is outside what Cadence processes. */
export function limitNote(breach: LimitBreach, file: 'original' | 'enhanced'): string {
  const { what, fix } = LIMIT_TEXTS[breach];
  return file === 'original'
    ? `This video ${what}, so it cannot be processed. Please ${fix} and upload it again.`
    : `The enhanced file ${what}, so it cannot be streamed. Please ${fix} and upload the enhanced file again.`;
}

const MANUAL_REASONS = {
  'camera-moves': 'the camera moves, so there is no steady background to separate',
  'lights-change':
    'the lighting changes during the video, so the background cannot be told apart from the rider',
  'no-moving-subject':
    'nothing in the picture moves, so the rider cannot be told apart from the background',
} as const;

export type ManualReason = keyof typeof MANUAL_REASONS;

/** Short, human reason from an error (no paths or stack traces). */
export function shortReason(error: unknown): string {
  if (error instanceof FfmpegError) return 'ffmpeg could not process the video';
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(/\s+/g, ' ').slice(0, 160);
}

export function failedNote(
  what: 'prepare' | 'enhance' | 'package',
  attempts: number,
  error: unknown,
): string {
  const lead = FAILED_JOB_LEADS[what];
  const tail =
    what === 'prepare'
      ? 'Please upload the video again.'
      : 'An admin can retry it or upload an enhanced file.';
  return `${lead} after ${attempts} attempt${attempts === 1 ? '' : 's'} (${shortReason(error)}). ${tail}`;
}

/** What enhancement did, for the owner and the admin. */
export function enhancedNote(summary: EnhanceSummary, backgroundLabel: string | null): string {
  const done: string[] = [];
  if (summary.lighting) done.push('lighting corrected (dim or flat footage brightened)');
  if (summary.whiteBalance) done.push('white balance');
  if (summary.denoise) done.push('light denoise');
  if (summary.loudnessBefore !== null) {
    done.push(`audio levelled to ${TARGET_LUFS} LUFS (was ${summary.loudnessBefore.toFixed(1)})`);
  }
  if (summary.logo) {
    const { corner, size, opacity } = summary.logo;
    done.push(
      `logo added ${LOGO_CORNER_LABELS[corner].toLowerCase()} (${size}% of the width, ${opacity}% opaque)`,
    );
  }
  if (summary.background?.method === 'key') {
    done.push(`background replaced with "${backgroundLabel}" (${summary.background.color} screen)`);
  } else if (summary.background?.method === 'subtract') {
    done.push(`background replaced with "${backgroundLabel}" (static camera)`);
  }
  return `Enhanced automatically: ${done.join('; ')}.`;
}

/** What enhancement changed, structured for the owner's list (describeChange words it). */
export function enhancementReportOf(
  summary: EnhanceSummary,
  background: {
    requested: string | null;
    used: string;
    matched: string | null;
    chosen?: boolean;
  } | null,
): EnhancementReport {
  const changes: EnhancementChange[] = [];
  if (summary.lighting) changes.push({ kind: 'exposure', gain: summary.lighting.gain });
  if (summary.whiteBalance) changes.push({ kind: 'colour' });
  if (summary.denoise) changes.push({ kind: 'denoise' });
  if (summary.loudnessBefore !== null) {
    changes.push({
      kind: 'audio',
      fromLufs: Math.round(summary.loudnessBefore * 10) / 10,
      toLufs: TARGET_LUFS,
    });
  }
  if (summary.logo) changes.push({ kind: 'logo', placement: summary.logo });
  const method = summary.background;
  if (background && (method?.method === 'key' || method?.method === 'subtract')) {
    changes.push({
      kind: 'background',
      ...background,
      method: method.method === 'key' ? `${method.color} screen` : 'static camera',
    });
  }
  return { changes };
}

export function manualNote(reason: ManualReason, backgroundLabel: string): string {
  return (
    `${MANUAL_WORK_NOTE_PREFIX}: the background cannot be replaced automatically because ${MANUAL_REASONS[reason]}. ` +
    `Requested background: "${backgroundLabel}". Please replace it by hand and upload the enhanced file.`
  );
}

/** The owner's re-run could not finish (decision 0027): what stays, in the owner's words. */
export function reenhanceAbandonedNote(why: string | ManualReason): string {
  const reason =
    why in MANUAL_REASONS
      ? `the background cannot be replaced automatically because ${MANUAL_REASONS[why as ManualReason]}.`
      : why;
  return `Enhancing again did not finish: ${reason} The class keeps its previous version; you can choose a background and try again.`;
}

export function logoMissingNote(): string {
  return 'The logo file is missing from storage, so no logo was added.';
}

export function logoUnreadableNote(): string {
  return 'The logo file could not be read as a safe image, so no logo was added.';
}

/** videos.progress is written at most this often while ffmpeg runs. */
export const PROGRESS_EVERY_MS = 2000;

/** A writer that keeps the latest percentage and writes it at most every `everyMs`. */
export function throttledProgress(
  write: (percent: number) => Promise<void>,
  everyMs = PROGRESS_EVERY_MS,
) {
  let lastAt = 0;
  let lastValue = -1;
  let pending: Promise<void> = Promise.resolve();
  return {
    report(fraction: number) {
      const percent = Math.min(99, percentOf(fraction, 1));
      const now = Date.now();
      if (percent === lastValue || now - lastAt < everyMs) return;
      lastAt = now;
      lastValue = percent;
      pending = pending.then(() => write(percent)).catch(() => {});
    },
    flush: () => pending,
  };
}

/**
 * Why a video failed, in the owner's words, from its processingNotes (what the pipeline, or an admin,
 * wrote when it failed). Most pipeline notes are already plain and say what to do (a file too long,
 * too large, unreadable); the notes of a job that failed for good name the tool and the attempts,
 * which the owner has no use for: those are put in plain words here. Anything else (an admin's own
 * note) is shown as written.
 */
/** The leads of the pipeline's "failed for good" notes (src/server/jobs/job-notes.ts, failedNote). */
export const FAILED_JOB_LEADS = {
  prepare: 'Preparing the video for playback failed',
  enhance: 'Automatic enhancement failed',
  package: 'Packaging the enhanced video for streaming failed',
} as const;

const PLAIN = {
  none: 'Processing failed. Please upload the video again.',
  prepare:
    'We could not prepare this video for playback; the file may be damaged. Please upload it again, or export it as MP4 (H.264) and upload that.',
  enhance:
    'Automatic enhancement did not work on this video. The Cadence team can retry it or finish it by hand; you can also upload the video again.',
  package:
    'The enhanced video could not be prepared for streaming. The Cadence team can retry it; you can also upload the video again.',
  enhancedFile:
    'The enhanced file made for this class could not be used. The Cadence team can upload a new one.',
} as const;

/** What went wrong and what to do, in one or two sentences. */
export function explainFailure(notes: string | null | undefined): string {
  const note = notes?.trim() ?? '';
  if (!note) return PLAIN.none;
  if (note.startsWith(FAILED_JOB_LEADS.prepare)) return PLAIN.prepare;
  if (note.startsWith(FAILED_JOB_LEADS.enhance)) return PLAIN.enhance;
  if (note.startsWith(FAILED_JOB_LEADS.package)) return PLAIN.package;
  // An enhanced file an admin uploaded could not be used (missing, unreadable, outside the limits).
  if (note.startsWith('The enhanced file')) return PLAIN.enhancedFile;
  return note;
}

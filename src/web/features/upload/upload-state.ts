import type { UploadForm } from './upload-form';
import type { TransferStats } from './transfer-meter';

/**
 * The upload (product.md §4), decision 0025: the file goes up as soon as it is chosen while the owner
 * types the details; the video is created once both are there (the details submitted, the file sent),
 * whichever comes last.
 */
export type UploadPhase =
  /** No file chosen. */
  | 'idle'
  /** The file is on its way; the details may be typed meanwhile. */
  | 'sending'
  /** The details are submitted; the video is created as soon as the file is sent. */
  | 'waiting'
  /** The file is sent; the details are not submitted yet. */
  | 'sent'
  /** The owner stopped the transfer (Cancel upload); what arrived is kept for a resume. */
  | 'stopped'
  /** The logo, then the video, are being saved. */
  | 'saving'
  | 'success'
  | 'error';

/** The steps after the transfer, shown while saving. */
export type SaveStep = 'logo' | 'details';

/**
 * Why the upload stopped, and what helps: 'connection' (sending again continues where it stopped),
 * 'file' (this file will never do: choose another), 'refused' (the server said no: its reason says
 * what to do; a refused transfer may be tried again, refused details changed and submitted again).
 */
export interface UploadProblem {
  kind: 'connection' | 'file' | 'refused';
  message: string;
  detail?: string;
}

export interface StoredFile {
  file: File;
  address: string;
}

export interface UploadState {
  file: File | null;
  transfer: 'sending' | 'sent' | 'stopped' | 'failed' | null;
  stats: TransferStats | null;
  /** The stored address of the sent file. */
  address: string | null;
  /** The details as submitted, kept until the video is created (or saving fails). */
  submitted: { details: UploadForm; logo: File | null } | null;
  saving: SaveStep | null;
  /** The title of the video created. */
  created: string | null;
  error: UploadProblem | null;
  /** A logo already stored by an earlier try, reused while the same logo is chosen. */
  storedLogo: StoredFile | null;
}

export type UploadAction =
  | { type: 'select'; file: File }
  | { type: 'progress'; stats: TransferStats }
  | { type: 'sent'; address: string }
  | { type: 'transferFailed'; problem: UploadProblem }
  | { type: 'stop' }
  | { type: 'resume' }
  | { type: 'submit'; details: UploadForm; logo: File | null }
  | { type: 'saving'; step: SaveStep }
  | { type: 'logoStored'; logo: StoredFile }
  | { type: 'saveFailed'; problem: UploadProblem }
  | { type: 'succeed'; title: string }
  | { type: 'reset' };

export const initialUploadState: UploadState = {
  file: null,
  transfer: null,
  stats: null,
  address: null,
  submitted: null,
  saving: null,
  created: null,
  error: null,
  storedLogo: null,
};

export function uploadReducer(state: UploadState, action: UploadAction): UploadState {
  switch (action.type) {
    case 'select':
      return {
        ...initialUploadState,
        file: action.file,
        transfer: 'sending',
        storedLogo: state.storedLogo,
      };
    case 'progress':
      return state.transfer === 'sending' ? { ...state, stats: action.stats } : state;
    case 'sent':
      if (state.transfer !== 'sending') return state;
      return {
        ...state,
        transfer: 'sent',
        address: action.address,
        stats: state.stats && { ...state.stats, sent: state.stats.total, percent: 100 },
      };
    case 'transferFailed':
      if (state.transfer !== 'sending') return state;
      // A file the server refuses outright cannot be saved with any details.
      return {
        ...state,
        transfer: 'failed',
        error: action.problem,
        submitted: action.problem.kind === 'connection' ? state.submitted : null,
      };
    case 'stop':
      if (state.transfer !== 'sending') return state;
      return { ...state, transfer: 'stopped', submitted: null };
    case 'resume':
      if (state.transfer !== 'stopped' && state.transfer !== 'failed') return state;
      if (state.error?.kind === 'file') return state;
      return { ...state, transfer: 'sending', error: null };
    case 'submit':
      if (!canSubmitIn(state)) return state;
      return { ...state, submitted: { details: action.details, logo: action.logo }, error: null };
    case 'saving':
      return state.submitted && state.transfer === 'sent'
        ? { ...state, saving: action.step }
        : state;
    case 'logoStored':
      return { ...state, storedLogo: action.logo };
    case 'saveFailed':
      if (!state.saving) return state;
      return { ...state, saving: null, submitted: null, error: action.problem };
    case 'succeed':
      if (!state.saving) return state;
      return { ...state, saving: null, submitted: null, created: action.title };
    case 'reset':
      return { ...initialUploadState, storedLogo: state.storedLogo };
  }
}

/** Where the upload is, from its state. */
export function uploadPhase(state: UploadState): UploadPhase {
  if (!state.file) return 'idle';
  if (state.created !== null) return 'success';
  if (state.error) return 'error';
  if (state.saving) return 'saving';
  if (state.transfer === 'stopped') return 'stopped';
  if (state.transfer === 'sent') return 'sent';
  return state.submitted ? 'waiting' : 'sending';
}

/** The details may be submitted: a file is chosen and on its way (or sent), nothing is pending. */
export function canSubmitIn(state: UploadState): boolean {
  if (!state.file || state.submitted || state.saving || state.created !== null) return false;
  if (state.error && state.error.kind !== 'refused') return false;
  return state.transfer === 'sending' || state.transfer === 'sent';
}

/** Leaving the page now would lose something: bytes still to send, or a video not yet created. */
export function hasUnfinishedWork(state: UploadState): boolean {
  return state.transfer === 'sending' || state.saving !== null || state.submitted !== null;
}

/** What the upload is doing, in a line (also the tray's words). */
export function uploadStatusText(
  phase: UploadPhase,
  state: Pick<UploadState, 'saving' | 'error'>,
): string {
  switch (phase) {
    case 'sending':
      return 'Uploading. Fill in the details meanwhile.';
    case 'waiting':
      return 'Your class is saved as soon as the upload finishes. You can leave this page.';
    case 'sent':
      return 'Video file uploaded. Add the details and press Upload Video.';
    case 'stopped':
      return 'Upload paused. What was sent is kept.';
    case 'saving':
      return state.saving === 'logo' ? 'Uploading logo' : 'Saving video details';
    case 'success':
      return 'Upload finished.';
    case 'error':
      return state.error?.message ?? '';
    case 'idle':
      return '';
  }
}

/** A stored logo from an earlier try, if it is the one chosen now. */
export function reusableLogo(stored: StoredFile | null, logo: File | null): string | null {
  return stored && logo && stored.file === logo ? stored.address : null;
}

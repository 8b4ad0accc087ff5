import type { TransferStats } from './transfer-meter';

/** product.md §4 upload flow: idle -> fileSelected -> uploading -> success | error. */
export type UploadPhase = 'idle' | 'fileSelected' | 'uploading' | 'success' | 'error';
export type UploadStep = 'logo' | 'video' | 'details';

export interface FinishedUpload {
  file: File;
  address: string;
}

export interface UploadState {
  phase: UploadPhase;
  file: File | null;
  step: UploadStep | null;
  stats: TransferStats | null;
  error: { message: string; detail?: string } | null;
  /** Files already stored by an earlier try, reused by 'Try Again' while the same files are chosen. */
  finished: { video?: FinishedUpload; logo?: FinishedUpload };
}

export type UploadAction =
  | { type: 'select'; file: File }
  | { type: 'reset' }
  | { type: 'start' }
  | { type: 'step'; step: UploadStep }
  | { type: 'progress'; stats: TransferStats }
  | { type: 'finished'; part: 'video' | 'logo'; upload: FinishedUpload }
  | { type: 'succeed' }
  | { type: 'fail'; message: string; detail?: string }
  | { type: 'retry' }
  | { type: 'cancel' };

export const initialUploadState: UploadState = {
  phase: 'idle',
  file: null,
  step: null,
  stats: null,
  error: null,
  finished: {},
};

export function uploadReducer(state: UploadState, action: UploadAction): UploadState {
  switch (action.type) {
    case 'select':
      return {
        ...initialUploadState,
        phase: 'fileSelected',
        file: action.file,
        finished: { logo: state.finished.logo },
      };
    case 'reset':
      return initialUploadState;
    case 'start':
      if (!state.file || (state.phase !== 'fileSelected' && state.phase !== 'error')) return state;
      return { ...state, phase: 'uploading', step: null, stats: null, error: null };
    case 'step':
      return state.phase === 'uploading' ? { ...state, step: action.step } : state;
    case 'progress':
      return state.phase === 'uploading' ? { ...state, stats: action.stats } : state;
    case 'finished':
      return { ...state, finished: { ...state.finished, [action.part]: action.upload } };
    case 'succeed':
      return state.phase === 'uploading' ? { ...state, phase: 'success', step: null } : state;
    case 'fail':
      if (state.phase !== 'uploading') return state;
      return {
        ...state,
        phase: 'error',
        error: { message: action.message, detail: action.detail },
      };
    case 'retry':
    case 'cancel':
      if (state.phase !== 'error' && state.phase !== 'uploading') return state;
      return { ...state, phase: 'fileSelected', step: null, stats: null, error: null };
  }
}

/** A stored file from an earlier try, if it is the one chosen now. */
export function reusable(finished: FinishedUpload | undefined, file: File | null): string | null {
  return finished && file && finished.file === file ? finished.address : null;
}

import { useSyncExternalStore } from 'react';
import {
  hasUnfinishedWork,
  initialUploadState,
  uploadReducer,
  type UploadAction,
  type UploadState,
} from './upload-state';
import type { UploadFormInput } from './upload-form';

/**
 * The one upload in progress, above every route (decision 0025): the upload screen, the app shell's
 * tray and the upload itself (upload-manager.ts) share it, so moving around the app loses nothing.
 * It holds no transfer code, so the tray costs the shell no upload library.
 */
let state: UploadState = initialUploadState;
const listeners = new Set<() => void>();

/** The form as the owner left it (restored when the upload screen opens again). */
export interface UploadDraft {
  details: UploadFormInput;
  logo: File | null;
  /** The failed video this upload replaces, when it came from its card's Replace. */
  replacing: string | null;
}
let draft: UploadDraft | null = null;

export function getUploadState(): UploadState {
  return state;
}

export function dispatchUpload(action: UploadAction): void {
  const next = uploadReducer(state, action);
  if (next === state) return;
  state = next;
  guardLeaving(hasUnfinishedWork(state));
  listeners.forEach((listener) => listener());
}

function subscribeUpload(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The upload's state in a component, re-rendered on every change. */
export function useUploadState(): UploadState {
  return useSyncExternalStore(subscribeUpload, getUploadState, getUploadState);
}

/** After success, once seen: the next visit to the upload screen starts afresh. */
export function finishUpload(): void {
  if (state.created !== null) dispatchUpload({ type: 'reset' });
}

/** Empties the store, the draft and the stored logo too (the account is gone from this tab). */
export function clearUploadStore(): void {
  draft = null;
  state = initialUploadState;
  guardLeaving(false);
  listeners.forEach((listener) => listener());
}

export function getUploadDraft(): UploadDraft | null {
  return draft;
}

export function saveUploadDraft(next: UploadDraft | null): void {
  draft = next;
}

// Leaving the app mid-upload asks first (the browser's own dialog). What arrived is kept and a
// reload continues it, but only once the owner picks the file again.
const warn = (event: BeforeUnloadEvent) => event.preventDefault();
let guarding = false;
function guardLeaving(on: boolean) {
  if (on === guarding || typeof window === 'undefined') return;
  guarding = on;
  if (on) window.addEventListener('beforeunload', warn);
  else window.removeEventListener('beforeunload', warn);
}

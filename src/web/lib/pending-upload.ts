import { VIDEO_ACCEPT } from '@shared/videos.contract';

/** product.md §9: the upload button goes to /upload about 100 ms after the file picker opens. */
export const UPLOAD_NAVIGATION_DELAY_MS = 100;

let pendingFile: File | null = null;
const listeners = new Set<() => void>();

/**
 * Opens the video file picker, then goes to /upload ~100 ms later (product.md §2). The picker's input is
 * not part of any page, so the choice survives the navigation: it is kept here for the upload screen,
 * which takes it with `takePendingUploadFile()` (and hears of a late choice via `onPendingUploadFile`).
 */
export function openVideoPickerThenGo(navigate: (to: string) => void): void {
  const input = document.createElement('input');
  input.type = 'file';
  input.accept = VIDEO_ACCEPT;
  input.addEventListener(
    'change',
    () => {
      const file = input.files?.[0];
      if (!file) return;
      pendingFile = file;
      listeners.forEach((listener) => listener());
    },
    { once: true },
  );
  input.click();
  window.setTimeout(() => navigate('/upload'), UPLOAD_NAVIGATION_DELAY_MS);
}

/** The file chosen through `openVideoPickerThenGo`, once; null when there is none. */
export function takePendingUploadFile(): File | null {
  const file = pendingFile;
  pendingFile = null;
  return file;
}

/** Calls `listener` when a file is chosen; answers the unsubscribe function. */
export function onPendingUploadFile(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * What the gym page must know at open, cheaply, about the classes saved on this tablet (issue #21
 * part 2, decision 0048): the index's key in localStorage, the ids of the classes whose file is
 * whole, and whether this browser can save at all. Tiny on purpose: it is in the page's script at
 * open; the rest of saving (offline-ui.tsx and below) loads when the page is idle.
 */
import { useSyncExternalStore } from 'react';

/** The index of saved classes (saved-index.ts): one small JSON array for the whole origin. */
export const SAVED_INDEX_KEY = 'cadence-saved-classes';
/** Dispatched on window whenever this page changes the index. */
export const SAVED_CHANGED_EVENT = 'cadence-saved-classes';

/** The Origin Private File System with writable files (Chromium 86+, Safari 17+, Firefox 111+). */
export function canSaveClasses(): boolean {
  return (
    typeof navigator !== 'undefined' &&
    typeof navigator.storage?.getDirectory === 'function' &&
    typeof FileSystemFileHandle !== 'undefined' &&
    'createWritable' in FileSystemFileHandle.prototype
  );
}

function readIndexText(): string {
  try {
    return localStorage.getItem(SAVED_INDEX_KEY) ?? '';
  } catch {
    return '';
  }
}

/** The ids of the classes saved whole (a class still downloading is not playable offline). */
export function savedIdsOf(text: string): ReadonlySet<string> {
  const ids = new Set<string>();
  try {
    const entries: unknown = JSON.parse(text || '[]');
    if (!Array.isArray(entries)) return ids;
    for (const entry of entries as Array<{ id?: unknown; file?: unknown }>) {
      if (typeof entry?.id === 'string' && entry.file) ids.add(entry.id);
    }
  } catch {
    /* a broken index saves nothing */
  }
  return ids;
}

const subscribe = (changed: () => void) => {
  addEventListener(SAVED_CHANGED_EVENT, changed);
  // Another tab of the page saved or removed a class.
  addEventListener('storage', changed);
  return () => {
    removeEventListener(SAVED_CHANGED_EVENT, changed);
    removeEventListener('storage', changed);
  };
};

let lastText: string | null = null;
let lastIds: ReadonlySet<string> = new Set();
const snapshot = () => {
  const text = readIndexText();
  if (text !== lastText) {
    lastText = text;
    lastIds = savedIdsOf(text);
  }
  return lastIds;
};
const NONE: ReadonlySet<string> = new Set();

/** The ids of the classes saved whole on this tablet, kept current. */
export function useSavedIds(): ReadonlySet<string> {
  return useSyncExternalStore(subscribe, snapshot, () => NONE);
}

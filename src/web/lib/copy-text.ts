import { useCallback, useEffect, useState } from 'react';

/** How long a copy button shows its check (product.md §9). */
export const COPIED_MS = 2000;
/** How long the Clipboard API may take before the selection is copied instead. */
export const CLIPBOARD_WAIT_MS = 1000;

/**
 * Puts `text` on the clipboard; resolves whether it got there. Where the Clipboard API is
 * missing (an http page on a studio's network, an older TV browser), refuses (a window that is
 * not focused) or does not answer within CLIPBOARD_WAIT_MS, copies a selection instead: of
 * `shown`, the element showing the text, which then stays selected for copying by hand, or else
 * of a hidden field holding it.
 */
export async function copyText(text: string, shown?: Element | null): Promise<boolean> {
  if (await writeClipboard(text)) return true;
  const selection = window.getSelection();
  if (shown) {
    selection?.selectAllChildren(shown);
    return execCopy();
  }
  const field = document.createElement('textarea');
  field.value = text;
  field.setAttribute('readonly', '');
  field.style.cssText = 'position:fixed;top:0;left:0;opacity:0;pointer-events:none';
  const focused = document.activeElement;
  // Inside an open dialog, which would take focus back from a field outside it.
  (focused?.closest('[role=dialog]') ?? document.body).append(field);
  field.focus();
  field.select();
  try {
    return execCopy();
  } finally {
    field.remove();
    selection?.removeAllRanges();
    if (focused instanceof HTMLElement) focused.focus();
  }
}

/** Copies the selection; false where the browser refuses (or throws). */
function execCopy(): boolean {
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  }
}

async function writeClipboard(text: string): Promise<boolean> {
  if (!navigator.clipboard?.writeText) return false;
  let timer: number | undefined;
  const late = new Promise<boolean>((resolve) => {
    timer = window.setTimeout(() => resolve(false), CLIPBOARD_WAIT_MS);
  });
  const written = navigator.clipboard.writeText(text).then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([written, late]);
  } finally {
    window.clearTimeout(timer);
  }
}

/** A copy button's check: `copied` is true for COPIED_MS after the last `markCopied`. */
export function useCopied(): { copied: boolean; markCopied: () => void; clearCopied: () => void } {
  /** Which mark the check shows (each mark restarts it); 0 once the check is gone. */
  const [mark, setMark] = useState(0);
  useEffect(() => {
    if (mark === 0) return;
    const timer = window.setTimeout(() => setMark(0), COPIED_MS);
    return () => window.clearTimeout(timer);
  }, [mark]);
  const markCopied = useCallback(() => setMark((m) => m + 1), []);
  const clearCopied = useCallback(() => setMark(0), []);
  return { copied: mark !== 0, markCopied, clearCopied };
}

import { useCallback } from 'react';
import { useSearchParams } from 'wouter';

/** The class playing, in the page's address (/gym/{slug}?class={videoId}), so a reload keeps it open. */
export const CLASS_PARAM = 'class';
const OPENED_HERE = { cadenceClassPlayer: true } as const;

/**
 * Start Class opens the player by adding ?class= (a history entry, so Back closes it); closing
 * goes back to that entry, or drops the parameter when the player was opened by a link or reload.
 */
export function useClassParam(): {
  classId: string | null;
  open(classId: string): void;
  /** From one class to the next: the same history entry (Back and Classes still leave the player). */
  switchTo(classId: string): void;
  close(): void;
} {
  const [params, setParams] = useSearchParams();
  const classId = params.get(CLASS_PARAM);
  const open = useCallback(
    (id: string) => setParams(withClass(id), { state: OPENED_HERE }),
    [setParams],
  );
  const switchTo = useCallback(
    (id: string) => setParams(withClass(id), { replace: true, state: window.history.state }),
    [setParams],
  );
  const close = useCallback(() => {
    const state: unknown = window.history.state;
    if (state && typeof state === 'object' && 'cadenceClassPlayer' in state) {
      window.history.back();
      return;
    }
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.delete(CLASS_PARAM);
        return next;
      },
      { replace: true },
    );
  }, [setParams]);
  return { classId, open, switchTo, close };
}

function withClass(id: string) {
  return (prev: URLSearchParams) => {
    const next = new URLSearchParams(prev);
    next.set(CLASS_PARAM, id);
    return next;
  };
}

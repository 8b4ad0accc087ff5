import { useCallback } from 'react';
import { useSearchParams } from 'wouter';

/** The class playing, in the page's address (/gym/{slug}?class={videoId}), so a reload keeps it open. */
export const CLASS_PARAM = 'class';
/** A ride together's shared start, on the server's clock (epoch ms): ?class={id}&together={ms}. */
export const TOGETHER_PARAM = 'together';
const OPENED_HERE = { cadenceClassPlayer: true } as const;

/**
 * Start Class opens the player by adding ?class= (a history entry, so Back closes it); closing
 * goes back to that entry, or drops the parameter when the player was opened by a link or reload.
 */
export function useClassParam(): {
  classId: string | null;
  /** The shared start of a ride together (server epoch ms), or null for a class ridden alone. */
  together: number | null;
  open(classId: string): void;
  /** This class ridden together from `startAt`: the same history entry, the address to share. */
  rideTogether(startAt: number): void;
  /** From one class to the next: the same history entry (Back and Classes still leave the player). */
  switchTo(classId: string): void;
  close(): void;
} {
  const [params, setParams] = useSearchParams();
  const classId = params.get(CLASS_PARAM);
  const together = classId ? togetherStartOf(params.get(TOGETHER_PARAM)) : null;
  const open = useCallback(
    (id: string) => setParams(withClass(id), { state: OPENED_HERE }),
    [setParams],
  );
  const switchTo = useCallback(
    (id: string) => setParams(withClass(id), { replace: true, state: window.history.state }),
    [setParams],
  );
  const rideTogether = useCallback(
    (startAt: number) =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          next.set(TOGETHER_PARAM, String(startAt));
          return next;
        },
        { replace: true, state: window.history.state },
      ),
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
        next.delete(TOGETHER_PARAM);
        return next;
      },
      { replace: true },
    );
  }, [setParams]);
  return { classId, together, open, switchTo, rideTogether, close };
}

/** A start in whole epoch milliseconds, or null for anything else. */
/** A ride together is started at most this far ahead (a device clock may be hours off, never days). */
const TOGETHER_AHEAD_MAX_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * The shared start an address names, or null (the class is ridden alone) for anything that is not
 * a whole epoch-ms time, or one beyond a week ahead (a crafted link would count down for years).
 */
export function togetherStartOf(text: string | null, now = Date.now()): number | null {
  const at = text ? Number(text) : NaN;
  return Number.isSafeInteger(at) && at > 0 && at - now <= TOGETHER_AHEAD_MAX_MS ? at : null;
}

function withClass(id: string) {
  return (prev: URLSearchParams) => {
    const next = new URLSearchParams(prev);
    next.set(CLASS_PARAM, id);
    // Another class is never the ride together's.
    next.delete(TOGETHER_PARAM);
    return next;
  };
}

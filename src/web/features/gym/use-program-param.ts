import { useCallback } from 'react';
import { useSearchParams } from 'wouter';

/** The program open on the page (/gym/{slug}?program={id}), so a reload keeps it open. */
export const PROGRAM_PARAM = 'program';
const OPENED_HERE = { cadenceProgram: true } as const;

/**
 * Opening a program adds ?program= (a history entry, so Back closes it); closing goes back to
 * that entry, or drops the parameter when the program was opened by a link or a reload.
 */
export function useProgramParam(): {
  programId: string | null;
  open(programId: string): void;
  close(): void;
} {
  const [params, setParams] = useSearchParams();
  const open = useCallback(
    (id: string) =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          next.set(PROGRAM_PARAM, id);
          return next;
        },
        { state: OPENED_HERE },
      ),
    [setParams],
  );
  const close = useCallback(() => {
    const state: unknown = window.history.state;
    if (state && typeof state === 'object' && 'cadenceProgram' in state) {
      window.history.back();
      return;
    }
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.delete(PROGRAM_PARAM);
        return next;
      },
      { replace: true },
    );
  }, [setParams]);
  return { programId: params.get(PROGRAM_PARAM), open, close };
}

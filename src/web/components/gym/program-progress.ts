/**
 * Where this tablet is in a program (issue #20 part 2), kept in localStorage per gym and program:
 * the classes finished here (played to their end) while the program was open. Nothing is sent
 * anywhere; a shared bike's tablet follows the program for whoever rides it.
 */

const PREFIX = 'cadence-program:';
/** More than a program holds (60): an old entry cannot grow without end. */
const MAX_KEPT = 100;

const keyOf = (gymSlug: string, programId: string) => `${PREFIX}${gymSlug}:${programId}`;

/** The ids finished here, oldest first (an unreadable entry reads as none). */
export function parseDone(raw: string | null): string[] {
  try {
    const value: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(value) ? value.filter((id) => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

/** The list with `classId` finished (once, however often it is ridden). */
export function withDone(done: readonly string[], classId: string): string[] {
  return [...done.filter((id) => id !== classId), classId].slice(-MAX_KEPT);
}

export interface ProgramState {
  /** The program's classes finished here. */
  doneCount: number;
  /** The place (from 0) of the first class not finished yet; null once every one is. */
  next: number | null;
}

/**
 * The rules: a class counts once it was finished; "next" is the first class, in the program's
 * order, not finished yet (a class skipped stays next until it is ridden); a class the program no
 * longer lists is ignored.
 */
export function programState(classIds: readonly string[], done: readonly string[]): ProgramState {
  const finished = new Set(done);
  const next = classIds.findIndex((id) => !finished.has(id));
  return {
    doneCount: classIds.filter((id) => finished.has(id)).length,
    next: next === -1 ? null : next,
  };
}

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function readDone(gymSlug: string, programId: string): string[] {
  try {
    return parseDone(storage()?.getItem(keyOf(gymSlug, programId)) ?? null);
  } catch {
    return [];
  }
}

/** Records a class finished in the program (storage full or off: nothing is kept). */
export function markDone(gymSlug: string, programId: string, classId: string): void {
  try {
    const next = withDone(readDone(gymSlug, programId), classId);
    storage()?.setItem(keyOf(gymSlug, programId), JSON.stringify(next));
  } catch {
    /* private mode or full: the program simply starts from its first class */
  }
}

/** Start over: forgets what this tablet finished in the program. */
export function forgetProgress(gymSlug: string, programId: string): void {
  try {
    storage()?.removeItem(keyOf(gymSlug, programId));
  } catch {
    /* nothing kept anyway */
  }
}

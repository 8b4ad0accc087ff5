/**
 * What a studio screen keeps on the device (localStorage): its token and last timetable, so a
 * reload or a night without network carries on, and the last clock offset against the server.
 * Storage refused (a private window, a full disk): the screen works, it only forgets on reload.
 */
import type { KeptScreen } from './screen-state';

const SCREEN_KEY = 'cadence-screen';
const OFFSET_KEY = 'cadence-screen-clock';

function read(key: string): unknown {
  try {
    const text = localStorage.getItem(key);
    return text === null ? null : (JSON.parse(text) as unknown);
  } catch {
    return null;
  }
}

function write(key: string, value: unknown): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, JSON.stringify(value));
  } catch {
    /* refused: kept in memory only */
  }
}

/** The kept screen, when what is stored has its shape (anything else: a new screen). */
export function readKeptScreen(): KeptScreen | null {
  const kept = read(SCREEN_KEY) as Partial<KeptScreen> | null;
  if (!kept || typeof kept !== 'object' || typeof kept.token !== 'string' || kept.token === '')
    return null;
  const timetable =
    kept.timetable && typeof kept.timetable === 'object' && Array.isArray(kept.timetable.entries)
      ? kept.timetable
      : null;
  return {
    token: kept.token,
    timetable,
    etag: timetable && typeof kept.etag === 'string' ? kept.etag : null,
  };
}

/** Keeps the screen (null: forgets the token and the timetable). */
export const writeKeptScreen = (kept: KeptScreen | null) => write(SCREEN_KEY, kept);

/** The last offset to the server's clock (ms), or null. */
export function readClockOffset(): number | null {
  const offset = read(OFFSET_KEY);
  return typeof offset === 'number' && Number.isFinite(offset) ? offset : null;
}

export const writeClockOffset = (offset: number) => write(OFFSET_KEY, offset);

import { useEffect, useRef } from 'react';
import type { ScreenTimetableResponse } from '@shared/screens';
import {
  NotEnoughSpaceError,
  removeClass,
  saveClass,
  savedClasses,
} from '../offline/saved-classes';
import { canSaveClasses } from '../offline/saved-ids';
import { predownloadPlan } from './predownload';

/** The classes this screen saved itself (a rider's saves on the same tablet are not its to remove). */
const SCREEN_SAVED_KEY = 'cadence-screen-saved';
/** How often the screen looks at what to save or remove (and at once when the timetable changes). */
export const PREDOWNLOAD_CHECK_MS = 5 * 60_000;

function readScreenSaved(): Set<string> {
  try {
    const ids: unknown = JSON.parse(localStorage.getItem(SCREEN_SAVED_KEY) ?? '[]');
    return new Set(Array.isArray(ids) ? ids.filter((id) => typeof id === 'string') : []);
  } catch {
    return new Set();
  }
}

function writeScreenSaved(ids: ReadonlySet<string>): void {
  try {
    localStorage.setItem(SCREEN_SAVED_KEY, JSON.stringify([...ids]));
  } catch {
    /* refused: the screen forgets which classes it saved, and removes none */
  }
}

/**
 * Saves the timetable's classes for offline play (predownload.ts says which and when), one at a
 * time through the gym page's saving (offline/saved-classes.ts: ranged, resumable, space checked),
 * and removes the ones this screen saved that left the timetable. A new timetable is looked at at
 * once without stopping a save under way; leaving (unpaired) cancels it. Nothing is planned until
 * the server's clock is known (a device clock hours off would see classes as far off or over).
 */
export function usePredownload(
  timetable: ScreenTimetableResponse | null,
  serverNow: () => number,
  /** The server's clock is known: before, the device's own could add, skip or remove classes. */
  clockKnown: boolean,
): void {
  const latest = useRef({ timetable, serverNow, clockKnown });
  latest.current = { timetable, serverNow, clockKnown };
  const checkRef = useRef<() => void>(() => {});

  useEffect(() => {
    if (!canSaveClasses()) return;
    const abort = new AbortController();
    let running = false;
    let again = false;
    const check = async () => {
      if (running) {
        again = true;
        return;
      }
      running = true;
      try {
        do {
          again = false;
          if (!latest.current.clockKnown) break;
          await saveAndRemove(latest.current.timetable, latest.current.serverNow(), abort.signal);
        } while (again && !abort.signal.aborted);
      } finally {
        running = false;
      }
    };
    checkRef.current = () => void check();
    void check();
    const timer = setInterval(() => void check(), PREDOWNLOAD_CHECK_MS);
    return () => {
      abort.abort();
      clearInterval(timer);
      checkRef.current = () => {};
    };
  }, []);

  // At once when the timetable changes, and when the clock becomes known.
  useEffect(() => checkRef.current(), [timetable, clockKnown]);
}

async function saveAndRemove(
  timetable: ScreenTimetableResponse | null,
  serverNow: number,
  signal: AbortSignal,
): Promise<void> {
  if (!timetable) return;
  const own = readScreenSaved();
  const plan = predownloadPlan({
    entries: timetable.entries,
    classes: timetable.classes,
    saved: new Set(savedClasses().flatMap((entry) => (entry.file ? [entry.id] : []))),
    savedByScreen: own,
    serverNow,
    localHour: new Date().getHours(),
  });
  for (const id of plan.remove) {
    if (signal.aborted) return;
    await removeClass(id).catch(() => undefined);
    own.delete(id);
    writeScreenSaved(own);
  }
  for (const id of plan.save) {
    const video = timetable.classes.find((c) => c.id === id);
    if (!video || signal.aborted) continue;
    try {
      await saveClass(video, { gym: timetable.gym.slug, signal });
      own.add(id);
      writeScreenSaved(own);
    } catch (error) {
      // No room for this one: none of the later ones either. Any other failure: the next check.
      if (signal.aborted || error instanceof NotEnoughSpaceError) return;
    }
  }
}

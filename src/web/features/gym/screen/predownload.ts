/**
 * Which classes a studio screen saves for offline, and when (issue #21 part 3, decision 0050):
 * the whole timetable (its next 36 hours) at night, when nobody rides and the wifi is quiet, and
 * at any hour a class starting within SOON_MS that is not saved yet; the classes this screen saved
 * that left the timetable are removed. Classes a rider saved on the same device are not the
 * screen's to remove. Pure.
 */
import type { PublicGymVideo } from '@shared/gyms.contract';
import type { ScreenOccurrence } from '@shared/screens';

/** The night's saving window, on the device's own clock (its wall clock is the room's). */
export const NIGHT_FROM_HOUR = 1;
export const NIGHT_UNTIL_HOUR = 5;
/** A class starting within this long is saved at once, night or day. */
export const SOON_MS = 3 * 60 * 60 * 1000;

export const isNight = (localHour: number) =>
  localHour >= NIGHT_FROM_HOUR && localHour < NIGHT_UNTIL_HOUR;

export interface PredownloadInput {
  entries: readonly ScreenOccurrence[];
  classes: readonly Pick<PublicGymVideo, 'id' | 'offline'>[];
  /** Classes saved on this device (by anyone). */
  saved: ReadonlySet<string>;
  /** Of those, the ones this screen saved. */
  savedByScreen: ReadonlySet<string>;
  /** The server's clock (epoch ms). */
  serverNow: number;
  /** The hour on the device's clock (0–23). */
  localHour: number;
}

export interface PredownloadPlan {
  /** Class ids to save now, the soonest first. */
  save: string[];
  /** Class ids to remove (this screen's, no longer on the timetable). */
  remove: string[];
}

export function predownloadPlan({
  entries,
  classes,
  saved,
  savedByScreen,
  serverNow,
  localHour,
}: PredownloadInput): PredownloadPlan {
  const offline = new Set(classes.filter((c) => c.offline !== null).map((c) => c.id));
  const night = isNight(localHour);
  const save: string[] = [];
  const wanted = new Set<string>();
  for (const entry of entries) {
    if (entry.endsAt <= serverNow) continue;
    wanted.add(entry.videoId);
    const due = night || entry.startsAt - serverNow <= SOON_MS;
    if (
      due &&
      offline.has(entry.videoId) &&
      !saved.has(entry.videoId) &&
      !save.includes(entry.videoId)
    )
      save.push(entry.videoId);
  }
  const remove = [...savedByScreen].filter((id) => saved.has(id) && !wanted.has(id));
  return { save, remove };
}

import { MAIN_LOCATION, type LocationsView } from '@shared/locations.contract';
import type { ScreenDto, TimetableEntryDto } from '@shared/screens.contract';
import type { VideoDto } from '@shared/videos.contract';
import { videoCardStatus } from '@web/lib/owner-videos';

/** A page a screen can show: the gym's own (id null) or a further location. */
export interface ScreenPage {
  id: string | null;
  name: string;
  online: boolean;
  /** The classes it offers. */
  videoIds: ReadonlySet<string>;
}

/** The account's pages from its locations (the first, MAIN_LOCATION, is the gym's own page). */
export function screenPages(view: LocationsView | undefined): ScreenPage[] {
  return (view?.locations ?? []).map((location) => ({
    id: location.id === MAIN_LOCATION ? null : location.id,
    name: location.name,
    online: location.online,
    videoIds: new Set(location.videoIds),
  }));
}

export const pageKey = (id: string | null) => id ?? MAIN_LOCATION;

/**
 * An entry's start ('19:30', the studio's wall clock) as this browser writes times of day: '19:30'
 * or '7:30 PM', like the Start time field beside it and the screen's own countdown.
 */
export function wallTimeLabel(startTime: string, locale?: string): string {
  const [hour = 0, minute = 0] = startTime.split(':').map(Number);
  return new Intl.DateTimeFormat(locale, {
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'UTC',
  }).format(Date.UTC(2000, 0, 1, hour, minute));
}

/** The classes an entry of `page` may name: ready for riders and offered there, by title. */
export function pageClasses(page: ScreenPage, videos: readonly VideoDto[] | undefined) {
  return (videos ?? [])
    .filter((video) => page.videoIds.has(video.id) && videoCardStatus(video) === 'ready')
    .sort((a, b) => a.title.localeCompare(b.title));
}

/** A page's entries by ISO day (1 Monday … 7 Sunday), each day by start time. */
export function entriesByDay(entries: readonly TimetableEntryDto[], pageId: string | null) {
  const days = new Map<number, TimetableEntryDto[]>();
  for (let day = 1; day <= 7; day++) days.set(day, []);
  for (const entry of entries) {
    if (entry.locationId === pageId) days.get(entry.dayOfWeek)?.push(entry);
  }
  for (const list of days.values()) list.sort((a, b) => a.startTime.localeCompare(b.startTime));
  return days;
}

/** Which screens an entry plays on, in words. */
export function screensLabel(entry: TimetableEntryDto, screens: readonly ScreenDto[]): string {
  if (entry.screenIds.length === 0) return 'Every screen';
  const names = entry.screenIds.map((id) => screens.find((s) => s.id === id)?.name ?? 'A screen');
  return names.join(', ');
}

/** 'never', 'just now', '2 min ago', '3 h ago', '4 days ago'. */
export function lastSeenLabel(lastSeenAt: string | null, now: number): string {
  if (!lastSeenAt) return 'never';
  const minutes = Math.floor((now - Date.parse(lastSeenAt)) / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  const days = Math.floor(hours / 24);
  return `${days} day${days === 1 ? '' : 's'} ago`;
}

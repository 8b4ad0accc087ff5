/**
 * Class details (issue #20 part 1): what riders choose a class by. Zod-free: the public gym page's
 * own build reads these lists and bands (docs/decisions/0017); the rules are in
 * class-details.contract.ts.
 */

export const DIFFICULTIES = ['Beginner', 'Intermediate', 'Advanced'] as const;
export type Difficulty = (typeof DIFFICULTIES)[number];

/** What the public page shows for a class whose owner set none (product.md §3's defaults). */
export const DEFAULT_INSTRUCTOR = 'Instructor';
export const DEFAULT_DIFFICULTY: Difficulty = 'Intermediate';

/** The class types every studio has; an owner may also type their own. */
export const CLASS_TYPES = ['Endurance', 'HIIT', 'Climb', 'Recovery', 'Rhythm', 'Power'] as const;

export const INSTRUCTOR_NAME_MAX = 80;
export const INSTRUCTORS_LIMIT = 50;
export const CLASS_TYPE_MAX = 40;
export const EQUIPMENT_NOTES_MAX = 500;
export const MUSIC_TRACKS_MAX = 60;
export const MUSIC_TEXT_MAX = 120;
/** A track starts within the class: at most 6 hours in. */
export const MUSIC_START_MAX_SECONDS = 6 * 60 * 60;

/** One track of a class's music: who, what, and when it starts (seconds into the class). */
export interface MusicTrack {
  artist: string;
  title: string;
  startSeconds: number;
}

/** The public page's duration filter: a rider picks a band with one tap. */
export const DURATION_BANDS = [
  { id: 'under-20', label: 'Under 20 min', min: 0, max: 20 * 60 },
  { id: '20-30', label: '20–30 min', min: 20 * 60, max: 30 * 60 },
  { id: '30-45', label: '30–45 min', min: 30 * 60, max: 45 * 60 },
  { id: '45-plus', label: '45 min +', min: 45 * 60, max: Number.POSITIVE_INFINITY },
] as const;
export type DurationBand = (typeof DURATION_BANDS)[number]['id'];

/** The band a class of this length falls in (a class of unknown length in none). */
export function durationBandOf(seconds: number | null): DurationBand | null {
  if (seconds === null || !Number.isFinite(seconds)) return null;
  return DURATION_BANDS.find((band) => seconds >= band.min && seconds < band.max)?.id ?? null;
}

import {
  DIFFICULTIES,
  DURATION_BANDS,
  durationBandOf,
  type Difficulty,
  type DurationBand,
} from '@shared/class-details';
import type { GymClass } from './gym-classes';

/**
 * The public page's filters (issue #20): one choice per kind (a second tap on a chip takes it
 * back) and a search over title, instructor and type. They live in the page's address, so a
 * studio can bookmark "Beginner, under 20 min" on its tablet.
 */
export interface ClassFilters {
  duration: DurationBand | null;
  difficulty: Difficulty | null;
  /** An instructor's id. */
  instructor: string | null;
  /** A class type as the classes spell it (compared without case). */
  type: string | null;
  search: string;
}

export const NO_FILTERS: ClassFilters = {
  duration: null,
  difficulty: null,
  instructor: null,
  type: null,
  search: '',
};

/** The address's names for each filter (?duration=under-20&difficulty=Beginner…). */
export const FILTER_PARAMS = {
  duration: 'duration',
  difficulty: 'difficulty',
  instructor: 'instructor',
  type: 'type',
  search: 'q',
} as const satisfies Record<keyof ClassFilters, string>;

const fold = (text: string) =>
  text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase('en-US');

const sameType = (a: string, b: string) => fold(a.trim()) === fold(b.trim());

/** The filters a page address asks for; a value the page does not know is no filter. */
export function filtersFromParams(params: URLSearchParams): ClassFilters {
  const text = (name: string) => params.get(name)?.trim() || null;
  const duration = text(FILTER_PARAMS.duration);
  const difficulty = text(FILTER_PARAMS.difficulty);
  return {
    duration: DURATION_BANDS.find((band) => band.id === duration)?.id ?? null,
    difficulty: DIFFICULTIES.find((d) => d === difficulty) ?? null,
    instructor: text(FILTER_PARAMS.instructor),
    type: text(FILTER_PARAMS.type),
    search: params.get(FILTER_PARAMS.search) ?? '',
  };
}

/** The address with these filters in place of the old ones; every other parameter (?class=) stays. */
export function withFilters(params: URLSearchParams, filters: ClassFilters): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of Object.keys(FILTER_PARAMS) as Array<keyof ClassFilters>) {
    const value = filters[key];
    if (value === null || value === '') next.delete(FILTER_PARAMS[key]);
    else next.set(FILTER_PARAMS[key], value);
  }
  return next;
}

export function hasFilters(filters: ClassFilters): boolean {
  return (
    filters.duration !== null ||
    filters.difficulty !== null ||
    filters.instructor !== null ||
    filters.type !== null ||
    filters.search.trim() !== ''
  );
}

/** The classes every filter lets through, in their order; each word searched must be found. */
export function filterClasses(
  classes: readonly GymClass[],
  filters: ClassFilters,
): readonly GymClass[] {
  const words = fold(filters.search).split(/\s+/).filter(Boolean);
  return classes.filter((gymClass) => {
    if (filters.duration && durationBandOf(gymClass.durationSeconds) !== filters.duration) {
      return false;
    }
    if (filters.difficulty && gymClass.difficulty !== filters.difficulty) return false;
    if (filters.instructor && gymClass.instructor.id !== filters.instructor) return false;
    if (filters.type && !(gymClass.classType && sameType(gymClass.classType, filters.type))) {
      return false;
    }
    if (words.length === 0) return true;
    const haystack = fold(
      [gymClass.title, gymClass.instructor.name, gymClass.classType ?? ''].join(' '),
    );
    return words.every((word) => haystack.includes(word));
  });
}

export interface FilterOption<T extends string = string> {
  value: T;
  label: string;
}

/** The choices worth offering: only values some class has, in a stable order. */
export interface FilterOptions {
  duration: FilterOption<DurationBand>[];
  difficulty: FilterOption<Difficulty>[];
  instructor: FilterOption[];
  type: FilterOption[];
}

export function filterOptions(classes: readonly GymClass[]): FilterOptions {
  const bands = new Set(classes.map((c) => durationBandOf(c.durationSeconds)));
  const difficulties = new Set(classes.map((c) => c.difficulty));
  const instructors = new Map<string, string>();
  const types = new Map<string, string>();
  for (const gymClass of classes) {
    const { id, name } = gymClass.instructor;
    if (id !== null) instructors.set(id, name);
    const type = gymClass.classType?.trim();
    if (type && !types.has(fold(type))) types.set(fold(type), type);
  }
  const byLabel = (a: FilterOption, b: FilterOption) => a.label.localeCompare(b.label, 'en-US');
  return {
    duration: DURATION_BANDS.filter((band) => bands.has(band.id)).map((band) => ({
      value: band.id,
      label: band.label,
    })),
    difficulty: DIFFICULTIES.filter((d) => difficulties.has(d)).map((d) => ({
      value: d,
      label: d,
    })),
    instructor: [...instructors].map(([value, label]) => ({ value, label })).sort(byLabel),
    type: [...types.values()].map((type) => ({ value: type, label: type })).sort(byLabel),
  };
}

/** Whether an option is the filter chosen (types compared without case). */
export function isChosen(filters: ClassFilters, key: keyof FilterOptions, value: string): boolean {
  const chosen = filters[key];
  if (chosen === null) return false;
  return key === 'type' ? sameType(chosen, value) : chosen === value;
}

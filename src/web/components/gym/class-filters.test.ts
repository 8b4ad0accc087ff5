import { describe, expect, it } from 'vitest';
import {
  filterClasses,
  filterOptions,
  filtersFromParams,
  hasFilters,
  isChosen,
  NO_FILTERS,
  withFilters,
  type ClassFilters,
} from './class-filters';
import type { GymClass } from './gym-classes';

const ana = { id: 'i-ana', name: 'Ana Souza', photoUrl: null };
const ben = { id: 'i-ben', name: 'Ben Okafor', photoUrl: '/api/instructor-photos/o/ben.webp' };
const nobody = { id: null, name: 'Instructor', photoUrl: null };

function gymClass(id: string, minutes: number | null, extra: Partial<GymClass> = {}): GymClass {
  return {
    id,
    title: id,
    instructor: nobody,
    duration: minutes === null ? '45 min' : `${minutes} min`,
    durationSeconds: minutes === null ? null : minutes * 60,
    difficulty: 'Intermediate',
    classType: null,
    thumbnailUrl: null,
    ...extra,
  };
}

const CLASSES: GymClass[] = [
  gymClass('Hill Climb', 45, { instructor: ana, difficulty: 'Advanced', classType: 'Climb' }),
  gymClass('Easy Spin', 15, { instructor: ben, difficulty: 'Beginner', classType: 'Recovery' }),
  gymClass('Café Rhythm', 20, { instructor: ana, difficulty: 'Beginner', classType: 'rhythm' }),
  gymClass('Tempo', 30, { classType: 'Rhythm' }),
  gymClass('Unknown length', null),
];

const ids = (classes: readonly GymClass[]) => classes.map((c) => c.id);
const filters = (changes: Partial<ClassFilters>): ClassFilters => ({ ...NO_FILTERS, ...changes });

describe('filterClasses', () => {
  it('lets every class through without filters, in order', () => {
    expect(ids(filterClasses(CLASSES, NO_FILTERS))).toEqual(ids(CLASSES));
  });

  it('filters by duration band: the lower bound in, the upper out; an unknown length in none', () => {
    expect(ids(filterClasses(CLASSES, filters({ duration: 'under-20' })))).toEqual(['Easy Spin']);
    expect(ids(filterClasses(CLASSES, filters({ duration: '20-30' })))).toEqual(['Café Rhythm']);
    expect(ids(filterClasses(CLASSES, filters({ duration: '30-45' })))).toEqual(['Tempo']);
    expect(ids(filterClasses(CLASSES, filters({ duration: '45-plus' })))).toEqual(['Hill Climb']);
  });

  it('filters by difficulty, instructor and type (any case), all together', () => {
    expect(ids(filterClasses(CLASSES, filters({ difficulty: 'Beginner' })))).toEqual([
      'Easy Spin',
      'Café Rhythm',
    ]);
    expect(ids(filterClasses(CLASSES, filters({ instructor: 'i-ana' })))).toEqual([
      'Hill Climb',
      'Café Rhythm',
    ]);
    expect(ids(filterClasses(CLASSES, filters({ type: 'RHYTHM' })))).toEqual([
      'Café Rhythm',
      'Tempo',
    ]);
    expect(
      ids(filterClasses(CLASSES, filters({ difficulty: 'Beginner', duration: 'under-20' }))),
    ).toEqual(['Easy Spin']);
    expect(
      filterClasses(CLASSES, filters({ difficulty: 'Advanced', instructor: 'i-ben' })),
    ).toEqual([]);
  });

  it('searches title, instructor and type; every word must match, accents and case aside', () => {
    expect(ids(filterClasses(CLASSES, filters({ search: 'cafe' })))).toEqual(['Café Rhythm']);
    expect(ids(filterClasses(CLASSES, filters({ search: '  okafor ' })))).toEqual(['Easy Spin']);
    expect(ids(filterClasses(CLASSES, filters({ search: 'climb' })))).toEqual(['Hill Climb']);
    expect(ids(filterClasses(CLASSES, filters({ search: 'ana rhythm' })))).toEqual(['Café Rhythm']);
    expect(filterClasses(CLASSES, filters({ search: 'yoga' }))).toEqual([]);
  });
});

describe('filterOptions', () => {
  it('offers only the values the classes have, in a stable order', () => {
    const options = filterOptions(CLASSES);
    expect(options.duration.map((o) => o.value)).toEqual(['under-20', '20-30', '30-45', '45-plus']);
    expect(options.difficulty.map((o) => o.value)).toEqual([
      'Beginner',
      'Intermediate',
      'Advanced',
    ]);
    expect(options.instructor).toEqual([
      { value: 'i-ana', label: 'Ana Souza' },
      { value: 'i-ben', label: 'Ben Okafor' },
    ]);
    // One chip for 'rhythm' and 'Rhythm', spelled as the first class spells it.
    expect(options.type.map((o) => o.label)).toEqual(['Climb', 'Recovery', 'rhythm']);
  });

  it('offers nothing for a kind no class has', () => {
    const options = filterOptions([gymClass('Only', 25)]);
    expect(options.duration.map((o) => o.value)).toEqual(['20-30']);
    expect(options.difficulty.map((o) => o.value)).toEqual(['Intermediate']);
    expect(options.instructor).toEqual([]);
    expect(options.type).toEqual([]);
  });
});

describe('the filters in the address', () => {
  it('reads known values and ignores the rest', () => {
    const params = new URLSearchParams(
      'class=abc&duration=under-20&difficulty=Beginner&instructor=i-ana&type=Climb&q=hill',
    );
    expect(filtersFromParams(params)).toEqual({
      duration: 'under-20',
      difficulty: 'Beginner',
      instructor: 'i-ana',
      type: 'Climb',
      search: 'hill',
    });
    expect(
      filtersFromParams(new URLSearchParams('duration=forever&difficulty=beginner&type=%20')),
    ).toEqual(NO_FILTERS);
  });

  it('writes the filters and keeps ?class=; a cleared filter leaves the address', () => {
    const start = new URLSearchParams('class=abc&q=old');
    const set = withFilters(start, filters({ difficulty: 'Beginner', duration: 'under-20' }));
    expect(set.toString()).toBe('class=abc&duration=under-20&difficulty=Beginner');
    expect(withFilters(set, NO_FILTERS).toString()).toBe('class=abc');
    expect(filtersFromParams(withFilters(start, filters({ search: 'hill climb' })))).toEqual(
      filters({ search: 'hill climb' }),
    );
  });

  it('knows when anything is filtered and which chip is chosen', () => {
    expect(hasFilters(NO_FILTERS)).toBe(false);
    expect(hasFilters(filters({ search: '  ' }))).toBe(false);
    expect(hasFilters(filters({ type: 'Climb' }))).toBe(true);
    expect(isChosen(filters({ type: 'climb' }), 'type', 'Climb')).toBe(true);
    expect(isChosen(filters({ instructor: 'i-ana' }), 'instructor', 'i-ben')).toBe(false);
    expect(isChosen(NO_FILTERS, 'difficulty', 'Beginner')).toBe(false);
  });
});

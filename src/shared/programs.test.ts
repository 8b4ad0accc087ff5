import { describe, expect, it } from 'vitest';
import { programDay, programDayLabel, programLength, programWeeks } from './programs';

describe('a program class’s week and day', () => {
  it('counts days within a week, then moves to the next week', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7].map((i) => programDayLabel(i, 3))).toEqual([
      'Week 1 · Day 1',
      'Week 1 · Day 2',
      'Week 1 · Day 3',
      'Week 2 · Day 1',
      'Week 2 · Day 2',
      'Week 2 · Day 3',
      'Week 3 · Day 1',
      'Week 3 · Day 2',
    ]);
  });

  it('is one class a day at 7 a week, and one a week at 1', () => {
    expect(programDay(6, 7)).toEqual({ week: 1, day: 7 });
    expect(programDay(7, 7)).toEqual({ week: 2, day: 1 });
    expect([0, 1, 2].map((i) => programDayLabel(i, 1))).toEqual([
      'Week 1 · Day 1',
      'Week 2 · Day 1',
      'Week 3 · Day 1',
    ]);
  });

  it('keeps a bad classes-per-week within 1 to 7 instead of failing', () => {
    expect(programDay(3, 0)).toEqual({ week: 4, day: 1 });
    expect(programDay(8, 12)).toEqual({ week: 2, day: 2 });
    expect(programDay(-1, 3)).toEqual({ week: 1, day: 1 });
  });
});

describe('a program’s length', () => {
  it('says classes and weeks, a part week counted', () => {
    expect(programWeeks(8, 2)).toBe(4);
    expect(programWeeks(7, 2)).toBe(4);
    expect(programWeeks(0, 3)).toBe(0);
    expect(programLength(8, 2)).toBe('8 classes · 4 weeks');
    expect(programLength(12, 3)).toBe('12 classes · 4 weeks');
    expect(programLength(1, 3)).toBe('1 class · 1 week');
    expect(programLength(3, 3)).toBe('3 classes · 1 week');
    expect(programLength(0, 3)).toBe('No classes yet');
  });
});

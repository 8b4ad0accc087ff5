import { describe, expect, it } from 'vitest';
import { CLASS_DETAILS_MESSAGES } from '@shared/class-details.contract';
import {
  classDetailsForm,
  classDetailsInput,
  EMPTY_CLASS_DETAILS,
  sortedIndex,
  type MusicRow,
} from './class-details-form';

const ANA = '0b6f3a52-7a39-4c1e-9a55-8a3b0c2d1e4f';
const row = (artist: string, startSeconds: string): MusicRow => ({
  artist,
  title: `${artist} song`,
  startSeconds,
});

describe('classDetailsForm', () => {
  it('gives the API nulls for what is not set', () => {
    expect(classDetailsForm.parse(EMPTY_CLASS_DETAILS)).toEqual({
      instructorId: null,
      difficulty: null,
      classType: null,
      equipmentNotes: null,
      music: [],
    });
  });

  it('turns the typed starts into seconds and sorts the tracks by start', () => {
    const parsed = classDetailsForm.parse({
      ...EMPTY_CLASS_DETAILS,
      instructorId: ANA,
      difficulty: 'Beginner',
      classType: ' Climb ',
      music: [row('B', '12:30'), row('A', '0:00')],
    });
    expect(parsed.instructorId).toBe(ANA);
    expect(parsed.difficulty).toBe('Beginner');
    expect(parsed.classType).toBe('Climb');
    expect(parsed.music).toEqual([
      { artist: 'A', title: 'A song', startSeconds: 0 },
      { artist: 'B', title: 'B song', startSeconds: 750 },
    ]);
  });

  it("says what is wrong in the contract's words, on the field", () => {
    const result = classDetailsForm.safeParse({
      ...EMPTY_CLASS_DETAILS,
      classType: 'x'.repeat(41),
      music: [row('A', '4:5'), { artist: '', title: 'T', startSeconds: '1:00' }],
    });
    const issues = result.error!.issues.map((i) => [i.path.join('.'), i.message]);
    expect(issues).toEqual(
      expect.arrayContaining([
        ['classType', CLASS_DETAILS_MESSAGES.classTypeLong],
        ['music.0.startSeconds', CLASS_DETAILS_MESSAGES.musicStart],
        ['music.1.artist', CLASS_DETAILS_MESSAGES.musicText],
      ]),
    );
  });

  it('shows saved details as typed text, by start', () => {
    expect(
      classDetailsInput({
        instructorId: null,
        difficulty: 'Advanced',
        classType: null,
        equipmentNotes: 'Towel',
        music: [
          { artist: 'B', title: 'b', startSeconds: 3729 },
          { artist: 'A', title: 'a', startSeconds: 65 },
        ],
      }),
    ).toEqual({
      instructorId: '',
      difficulty: 'Advanced',
      classType: '',
      equipmentNotes: 'Towel',
      music: [
        { artist: 'A', title: 'a', startSeconds: '1:05' },
        { artist: 'B', title: 'b', startSeconds: '1:02:09' },
      ],
    });
  });
});

describe('sortedIndex', () => {
  it('finds where a track goes by its start; an unreadable start stays put', () => {
    const rows = [row('A', '0:00'), row('B', '5:00'), row('C', '2:00'), row('D', 'soon')];
    expect(sortedIndex(rows, 2)).toBe(1);
    expect(sortedIndex(rows, 0)).toBe(0);
    expect(sortedIndex([row('A', '9:00'), row('B', '1:00')], 0)).toBe(1);
    expect(sortedIndex(rows, 3)).toBe(3);
  });
});

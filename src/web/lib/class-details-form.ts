import { z } from 'zod';
import { classDetailsFields, type ClassDetailsView } from '@shared/class-details.contract';
import { formatClock } from '@shared/format';
import { parseClock } from './clock';

export interface MusicRow {
  artist: string;
  title: string;
  /** As typed: '4:05' (the form's path keeps the API's name, so its errors land on this field). */
  startSeconds: string;
}

const blankToNull = (value: string) => (value.trim() === '' ? null : value);

/**
 * A class's details as the upload screen and the library's edit dialog hold them while the owner
 * types ('' for "not set", a track's start as typed: '4:05'), checked with the contract's rules
 * and words into what the API takes.
 */
export const classDetailsForm = z.object({
  instructorId: z.string().transform(blankToNull).pipe(classDetailsFields.instructorId.unwrap()),
  difficulty: z.string().transform(blankToNull).pipe(classDetailsFields.difficulty.unwrap()),
  classType: classDetailsFields.classType,
  equipmentNotes: classDetailsFields.equipmentNotes,
  music: z
    .array(z.object({ artist: z.string(), title: z.string(), startSeconds: z.string() }))
    .transform((rows) =>
      // A start that is no time fails the contract's number check with its words.
      rows.map((row) => ({ ...row, startSeconds: parseClock(row.startSeconds) ?? Number.NaN })),
    )
    .pipe(classDetailsFields.music.unwrap()),
});
export type ClassDetailsInput = z.input<typeof classDetailsForm>;

export const EMPTY_CLASS_DETAILS: ClassDetailsInput = {
  instructorId: '',
  difficulty: '',
  classType: '',
  equipmentNotes: '',
  music: [],
};

/** A class's saved details, as the form shows them (the music by start). */
export function classDetailsInput(video: ClassDetailsView): ClassDetailsInput {
  return {
    instructorId: video.instructorId ?? '',
    difficulty: video.difficulty ?? '',
    classType: video.classType ?? '',
    equipmentNotes: video.equipmentNotes ?? '',
    music: [...video.music]
      .sort((a, b) => a.startSeconds - b.startSeconds)
      .map((track) => ({ ...track, startSeconds: formatClock(track.startSeconds) })),
  };
}

/** Where a track typed at `index` belongs among the others, by start (unreadable starts stay). */
export function sortedIndex(rows: readonly MusicRow[], index: number): number {
  const start = parseClock(rows[index]?.startSeconds ?? '');
  if (start === null) return index;
  const others = rows.filter((_, i) => i !== index);
  const after = others.findIndex((row) => {
    const other = parseClock(row.startSeconds);
    return other !== null && other > start;
  });
  return after === -1 ? others.length : after;
}

import { describe, expect, it } from 'vitest';
import {
  bytesOnDisk,
  folderName,
  MAX_PART_BYTES,
  MIN_PART_BYTES,
  missingParts,
  notEnoughSpaceMessage,
  parseIndex,
  partBytesFor,
  partCount,
  partRange,
  refreshPlan,
  removedByStudioMessage,
  spaceShortage,
  SPACE_MARGIN_BYTES,
  type SavedEntry,
  type SavedFile,
} from './saved-index';
import { savedIdsOf } from './saved-ids';

const MB = 1024 * 1024;
const GB = 1024 * MB;

function file(version: string, bytes: number, partBytes = partBytesFor(bytes)): SavedFile {
  return { version, bytes, etag: '"e1"', partBytes, poster: true, rideTrack: false };
}

function entry(id: string, over: Partial<SavedEntry> = {}): SavedEntry {
  return {
    id,
    gym: 'spoke',
    title: `Class ${id}`,
    duration: '45 min',
    durationSeconds: 2700,
    file: file('v1', 300 * MB),
    pending: null,
    savedAt: 1,
    ...over,
  };
}

describe('parts', () => {
  it('cuts a 1 GB file in 8 MiB parts and a small one in 16 parts of at least 256 KiB', () => {
    expect(partBytesFor(GB)).toBe(MAX_PART_BYTES);
    expect(partCount({ bytes: GB, partBytes: MAX_PART_BYTES })).toBe(128);
    expect(partBytesFor(1_200_000)).toBe(MIN_PART_BYTES);
    expect(partBytesFor(64 * MB)).toBe(4 * MB);
    // Every size is a whole number of 64 KiB blocks.
    for (const bytes of [1, 5 * MB + 3, 77 * MB, 3 * GB])
      expect(partBytesFor(bytes) % 65536).toBe(0);
  });

  it('names each part as an inclusive Range, the last one short', () => {
    const f = { bytes: 10 * MB + 5, partBytes: 4 * MB };
    expect(partCount(f)).toBe(3);
    expect(partRange(f, 0)).toEqual({ start: 0, end: 4 * MB - 1 });
    expect(partRange(f, 2)).toEqual({ start: 8 * MB, end: 10 * MB + 4 });
    expect(partCount({ bytes: 0, partBytes: MIN_PART_BYTES })).toBe(1);
  });

  it('resumes from what is on disk whole: a missing part and a part cut short are fetched again', () => {
    const f = { bytes: 10 * MB + 5, partBytes: 4 * MB };
    expect(missingParts(f, [])).toEqual([0, 1, 2]);
    expect(missingParts(f, [4 * MB, 4 * MB, 2 * MB + 5])).toEqual([]);
    expect(missingParts(f, [4 * MB, undefined, 2 * MB + 5])).toEqual([1]);
    expect(missingParts(f, [4 * MB, 3 * MB, 0])).toEqual([1, 2]);
    expect(bytesOnDisk(f, [4 * MB, 3 * MB, 2 * MB + 5])).toBe(6 * MB + 5);
    expect(bytesOnDisk(f, [])).toBe(0);
  });
});

describe('the space check', () => {
  it('lets a save start when the file and the margin fit in what the estimate leaves', () => {
    expect(spaceShortage({ usage: GB, quota: 3 * GB }, GB)).toBeNull();
    expect(spaceShortage({}, GB)).toBeNull();
  });

  it('refuses with what it needs and what is free, in the words the rider reads', () => {
    const shortage = spaceShortage({ usage: 9 * GB, quota: 9 * GB + 800 * MB }, 1.2 * GB);
    expect(shortage).toEqual({ needs: 1.2 * GB + SPACE_MARGIN_BYTES, free: 800 * MB });
    expect(notEnoughSpaceMessage(shortage!)).toBe(
      'Not enough space on this tablet to save this class (needs 1.25 GB, 800.00 MB free). ' +
        'Remove a saved class to make room.',
    );
    // The disk filled in the middle of a save while the estimate still shows room: no figures.
    expect(notEnoughSpaceMessage({ needs: 60 * MB, free: 2 * GB })).toBe(
      'Not enough space on this tablet to save this class. Remove a saved class to make room.',
    );
    // The usage past the quota is no space at all, not a negative one.
    expect(spaceShortage({ usage: 5 * GB, quota: 4 * GB }, MB)?.free).toBe(0);
  });
});

describe('the next online visit', () => {
  const offline = (version: string) => ({ url: `/f/${version}`, bytes: 300 * MB, version });

  it('removes a class the page no longer offers, with the note', () => {
    const gone = entry('a', { title: 'Hill Climb' });
    const plan = refreshPlan([gone, entry('b')], 'spoke', [{ id: 'b', offline: offline('v1') }]);
    expect(plan.removed).toEqual([gone]);
    expect(plan.changed).toEqual([]);
    expect(removedByStudioMessage(gone.title)).toBe(
      "'Hill Climb' was removed by the studio, so it was deleted from this tablet.",
    );
  });

  it('downloads a changed class again, resumes an unfinished save, keeps one without a file now', () => {
    const changed = entry('a');
    const half = entry('b', { file: null, pending: file('v2', 300 * MB) });
    const noFile = entry('c');
    const refreshing = entry('d', { pending: file('v3', 300 * MB) });
    const plan = refreshPlan([changed, half, noFile, refreshing], 'spoke', [
      { id: 'a', offline: offline('v2') },
      { id: 'b', offline: offline('v2') },
      { id: 'c', offline: null },
      { id: 'd', offline: offline('v3') },
    ]);
    expect(plan.removed).toEqual([]);
    expect(plan.changed).toEqual([{ entry: changed, offline: offline('v2') }]);
    expect(plan.unfinished).toEqual([half, refreshing]);
  });

  it("leaves another gym's classes alone", () => {
    const plan = refreshPlan([entry('a', { gym: 'other' })], 'spoke', []);
    expect(plan).toEqual({ removed: [], changed: [], unfinished: [] });
  });
});

describe('the index', () => {
  it('reads back what it stored, and the page at open sees the whole files only', () => {
    const whole = entry('a');
    const half = entry('b', { file: null, pending: file('v1', MB) });
    const text = JSON.stringify([whole, half]);
    expect(parseIndex(text)).toEqual([whole, half]);
    expect([...savedIdsOf(text)]).toEqual(['a']);
  });

  it('drops what is not an entry, and survives broken text', () => {
    for (const text of [null, '', '{', '{}', '"x"', '[1, null]']) {
      expect(parseIndex(text), String(text)).toEqual([]);
      expect(savedIdsOf(text ?? '').size).toBe(0);
    }
    const bad = [
      { ...entry('a'), file: { ...file('v1', MB), partBytes: 1 } },
      { ...entry('b'), file: null, pending: null },
      { ...entry('c'), id: 7 },
    ];
    expect(parseIndex(JSON.stringify([...bad, entry('d')])).map((e) => e.id)).toEqual(['d']);
  });

  it('makes a safe folder name of any version', () => {
    expect(folderName('b7c1-2')).toBe('b7c1-2');
    for (const hostile of ['..', '../x', 'a/b', '', 'x'.repeat(65), 'é']) {
      expect(folderName(hostile), hostile).toMatch(/^v\d+$/);
    }
    expect(folderName('../x')).not.toBe(folderName('../y'));
  });
});

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  forgetProgress,
  markDone,
  parseDone,
  programState,
  readDone,
  withDone,
} from './program-progress';

const ids = ['a', 'b', 'c', 'd'];

describe('where a tablet is in a program', () => {
  it('starts at the first class; each finished class moves next on to the first not finished', () => {
    expect(programState(ids, [])).toEqual({ doneCount: 0, next: 0 });
    expect(programState(ids, ['a'])).toEqual({ doneCount: 1, next: 1 });
    expect(programState(ids, ['a', 'b'])).toEqual({ doneCount: 2, next: 2 });
  });

  it('keeps a skipped class next until it is ridden', () => {
    expect(programState(ids, ['a', 'c'])).toEqual({ doneCount: 2, next: 1 });
    expect(programState(ids, ['a', 'c', 'b'])).toEqual({ doneCount: 3, next: 3 });
  });

  it('is complete (no next) once every class is finished, in whatever order', () => {
    expect(programState(ids, ['d', 'c', 'b', 'a'])).toEqual({ doneCount: 4, next: null });
  });

  it('ignores classes the program no longer lists, and follows a new order', () => {
    expect(programState(ids, ['gone', 'a'])).toEqual({ doneCount: 1, next: 1 });
    // The owner moved d first: it is next, though b and c come after it.
    expect(programState(['d', 'a', 'b', 'c'], ['a', 'b'])).toEqual({ doneCount: 2, next: 0 });
  });

  it('an empty program has nothing next', () => {
    expect(programState([], ['a'])).toEqual({ doneCount: 0, next: null });
  });

  it('counts a class ridden twice once, and reads only a list of ids back', () => {
    expect(withDone(withDone(['a'], 'b'), 'a')).toEqual(['b', 'a']);
    expect(
      withDone(
        Array.from({ length: 100 }, (_, i) => `x${i}`),
        'new',
      ),
    ).toHaveLength(100);
    expect(parseDone('["a",2,null,"b"]')).toEqual(['a', 'b']);
    for (const raw of [null, '', 'not json', '{"a":1}', '42']) expect(parseDone(raw)).toEqual([]);
  });
});

describe('kept per gym and program in localStorage', () => {
  const store = new Map<string, string>();
  beforeEach(() => {
    store.clear();
    const localStorage = {
      getItem: (key: string) => store.get(key) ?? null,
      setItem: (key: string, value: string) => void store.set(key, value),
      removeItem: (key: string) => void store.delete(key),
    };
    Object.assign(globalThis, { window: { localStorage } });
  });
  afterEach(() => {
    delete (globalThis as { window?: unknown }).window;
  });

  it('remembers finished classes apart for each gym and program; Start over forgets one', () => {
    markDone('iron-spin', 'p1', 'a');
    markDone('iron-spin', 'p1', 'b');
    markDone('iron-spin', 'p2', 'a');
    markDone('other-gym', 'p1', 'c');
    expect(readDone('iron-spin', 'p1')).toEqual(['a', 'b']);
    expect(readDone('iron-spin', 'p2')).toEqual(['a']);
    expect(readDone('other-gym', 'p1')).toEqual(['c']);
    forgetProgress('iron-spin', 'p1');
    expect(readDone('iron-spin', 'p1')).toEqual([]);
    expect(readDone('iron-spin', 'p2')).toEqual(['a']);
  });

  it('reads none and keeps nothing when storage is unavailable', () => {
    Object.assign(globalThis, {
      window: {
        get localStorage(): Storage {
          throw new Error('SecurityError');
        },
      },
    });
    expect(() => markDone('iron-spin', 'p1', 'a')).not.toThrow();
    expect(readDone('iron-spin', 'p1')).toEqual([]);
    expect(() => forgetProgress('iron-spin', 'p1')).not.toThrow();
  });
});

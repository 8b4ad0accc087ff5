import { describe, expect, it } from 'vitest';
import { moveClass, programMinutes } from './program-order';

describe("the owner's ordering editor", () => {
  it('moves a class one place up or down, and not past either end', () => {
    const ids = ['a', 'b', 'c'];
    expect(moveClass(ids, 1, -1)).toEqual(['b', 'a', 'c']);
    expect(moveClass(ids, 1, 1)).toEqual(['a', 'c', 'b']);
    expect(moveClass(ids, 0, -1)).toEqual(ids);
    expect(moveClass(ids, 2, 1)).toEqual(ids);
    expect(moveClass(ids, 5, -1)).toEqual(ids);
    expect(ids).toEqual(['a', 'b', 'c']);
  });

  it('adds the lengths up in whole minutes, an unknown length counting nothing', () => {
    expect(programMinutes([1800, 2700, null, undefined, 90])).toBe(77);
    expect(programMinutes([])).toBe(0);
  });
});

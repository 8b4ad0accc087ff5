/** The owner's ordering editor's rules (programs screen), apart from React so they are tested alone. */

/** The order with the class at `index` moved one place (`by` -1 up, 1 down); unchanged at an end. */
export function moveClass(ids: readonly string[], index: number, by: -1 | 1): string[] {
  const to = index + by;
  const next = [...ids];
  if (index < 0 || index >= ids.length || to < 0 || to >= ids.length) return next;
  [next[index], next[to]] = [next[to]!, next[index]!];
  return next;
}

/** The classes' lengths added up, in whole minutes (a length not known yet counts nothing). */
export function programMinutes(seconds: ReadonlyArray<number | null | undefined>): number {
  return Math.round(seconds.reduce<number>((sum, s) => sum + (s ?? 0), 0) / 60);
}

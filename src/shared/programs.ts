/**
 * Programs (issue #20 part 2): an ordered series of an owner's classes ("4-week beginner build")
 * ridden a few days a week. Zod-free: the public gym page's own build labels a program's days with
 * these (docs/decisions/0017); the rules of the owner's edits are in programs.contract.ts.
 */

export const PROGRAM_TITLE_MAX = 100;
export const PROGRAM_DESCRIPTION_MAX = 1000;
/** Programs a studio keeps, and classes in one program. */
export const PROGRAMS_LIMIT = 20;
export const PROGRAM_CLASSES_MAX = 60;
/** Classes ridden a week: what turns a class's place into its week and day. */
export const CLASSES_PER_WEEK_MIN = 1;
export const CLASSES_PER_WEEK_MAX = 7;
export const DEFAULT_CLASSES_PER_WEEK = 3;

/** The week and day (both from 1) of the class at `index` (from 0) of a program. */
export function programDay(index: number, classesPerWeek: number): { week: number; day: number } {
  const perWeek = Math.min(
    CLASSES_PER_WEEK_MAX,
    Math.max(CLASSES_PER_WEEK_MIN, Math.floor(classesPerWeek) || CLASSES_PER_WEEK_MIN),
  );
  const at = Math.max(0, Math.floor(index));
  return { week: Math.floor(at / perWeek) + 1, day: (at % perWeek) + 1 };
}

/** 'Week 2 · Day 1': the label of the class at `index` (from 0). */
export function programDayLabel(index: number, classesPerWeek: number): string {
  const { week, day } = programDay(index, classesPerWeek);
  return `Week ${week} · Day ${day}`;
}

/** How many weeks `classCount` classes take at `classesPerWeek` (a part week counts). */
export function programWeeks(classCount: number, classesPerWeek: number): number {
  return classCount <= 0 ? 0 : programDay(classCount - 1, classesPerWeek).week;
}

/** '8 classes · 3 weeks', '1 class · 1 week'; 'No classes yet' for an empty program. */
export function programLength(classCount: number, classesPerWeek: number): string {
  if (classCount <= 0) return 'No classes yet';
  const weeks = programWeeks(classCount, classesPerWeek);
  return `${classCount} ${classCount === 1 ? 'class' : 'classes'} · ${weeks} ${weeks === 1 ? 'week' : 'weeks'}`;
}

/** Where the chosen class is kept on this device (the player picks it up). */
export const SELECTED_CLASS_KEY = 'cadence-selected-class';

export interface SelectedClass {
  gymSlug: string;
  classId: string;
  at: string;
}

/**
 * Start Class (spec §2: records the choice and logs locally). The class player hooks in here: it
 * replaces this with opening the player for `classId`.
 */
export function onStartClass(gymSlug: string, classId: string): void {
  const choice: SelectedClass = { gymSlug, classId, at: new Date().toISOString() };
  try {
    localStorage.setItem(SELECTED_CLASS_KEY, JSON.stringify(choice));
  } catch {
    /* storage unavailable (private mode): the log below still records it */
  }
  console.info('Start class', choice);
}

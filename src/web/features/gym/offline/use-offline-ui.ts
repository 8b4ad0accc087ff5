import { useEffect, useState } from 'react';
import { afterLoadWhenIdle } from '../player/warm-up';
import type * as OfflineUiModule from './offline-ui';
import { canSaveClasses } from './saved-ids';

export type OfflineUi = typeof OfflineUiModule;

/**
 * The saving screens (offline-ui.tsx), loaded when the page is idle where this browser can save
 * classes (never at open: the page's budget), or at once when `now` (a saved class is opening).
 * Null until loaded, and where saving is not possible (no Save button is shown).
 */
export function useOfflineUi(now: boolean): OfflineUi | null {
  const [ui, setUi] = useState<OfflineUi | null>(null);
  const wanted = canSaveClasses();
  useEffect(() => {
    if (!wanted || ui) return;
    const load = () => void import('./offline-ui').then(setUi, () => undefined);
    if (!now) return afterLoadWhenIdle(load);
    load();
  }, [wanted, now, ui]);
  return ui;
}

import { useCallback, useEffect, useState } from 'react';

/** How long the controls stay on screen after the last tap, pointer move or key while a class plays. */
export const CONTROLS_HIDE_MS = 3000;

/**
 * The player's bars: on screen while the class is paused or a control holds the keyboard focus,
 * and for a few seconds after the rider's last tap, pointer move or key while it plays; `show`
 * brings them back (and restarts the count).
 */
export function useControlsVisibility({ playing, pinned }: { playing: boolean; pinned: boolean }) {
  const [awake, setAwake] = useState(true);
  const [lastShown, setLastShown] = useState(0);

  useEffect(() => {
    if (!playing || pinned) return;
    const timer = setTimeout(() => setAwake(false), CONTROLS_HIDE_MS);
    return () => clearTimeout(timer);
  }, [playing, pinned, lastShown]);

  const show = useCallback(() => {
    setAwake(true);
    setLastShown((n) => n + 1);
  }, []);

  return { visible: awake || !playing || pinned, show };
}

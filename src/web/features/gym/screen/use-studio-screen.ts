import { useEffect, useReducer, useRef, useState } from 'react';
import { PAIRING_POLL_MS, SCREEN_POLL_MS } from '@shared/screens';
import { ApiError } from '@web/lib/api';
import { startServerClock } from '../player/clock-sync';
import { BROWSER_CLOCK } from '../player/use-ride-together';
import { pollPairing, pollTimetable, startPairing } from './screen-api';
import { initialScreenState, keptOf, screenReducer, type ScreenState } from './screen-state';
import {
  readClockOffset,
  readKeptScreen,
  writeClockOffset,
  writeKeptScreen,
} from './screen-storage';

/** A code is replaced this long before it runs out (nobody types a code that is about to go). */
export const CODE_RENEW_MS = 30_000;
/** After a failed request for a code, the next try; after a 429, a longer wait. */
export const CODE_RETRY_MS = 5_000;
export const CODE_RATE_LIMITED_MS = 60_000;

export interface StudioScreen {
  state: ScreenState;
  /** The server's clock now (epoch ms), to the whole second the screen shows. */
  now: number;
  /** The server's clock now, exactly (the device's clock plus the offset). */
  serverNow(): number;
  /** The offset is known: measured on this page, or kept from an earlier one. */
  clockKnown: boolean;
}

/**
 * A studio screen (docs/decisions/0050): its state (kept on the device), the server's clock
 * (measured at once and every minute, the last offset kept for a start without network), a code
 * asked for and polled until the owner enters it, and the timetable polled every 30 s and when the
 * device comes back online or into view. A 401 forgets the token and shows a new code.
 */
export function useStudioScreen(): StudioScreen {
  const [state, dispatch] = useReducer(screenReducer, null, () =>
    initialScreenState(readKeptScreen()),
  );
  const [clockKnown, setClockKnown] = useState(() => readClockOffset() !== null);
  const offsetRef = useRef(readClockOffset() ?? 0);
  const serverNow = () => BROWSER_CLOCK.now() + offsetRef.current;
  const serverNowRef = useRef(serverNow);
  const [now, setNow] = useState(serverNow);

  useEffect(() => writeKeptScreen(keptOf(state)), [state]);

  // The server's clock, for as long as the page is open (a device clock hours off starts on time).
  useEffect(() => {
    const clock = startServerClock({
      ...BROWSER_CLOCK,
      setTimeout: (task, ms) => setTimeout(task, ms),
      clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
      onChange: ({ offset }) => {
        offsetRef.current = offset;
        writeClockOffset(offset);
        setClockKnown(true);
        setNow(serverNowRef.current());
      },
    });
    return () => clock.stop();
  }, []);

  // A tick at each whole second of the server's clock: the countdown and the start are on time.
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout>;
    const tick = () => {
      const at = serverNowRef.current();
      setNow(at);
      timer = setTimeout(tick, 1_000 - (at % 1_000) + 5);
    };
    tick();
    return () => clearTimeout(timer);
  }, []);

  // Not paired and no code: ask for one (again after a failure).
  const needsCode = state.kind === 'pairing' && state.pairing === null;
  useEffect(() => {
    if (!needsCode) return;
    const abort = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ask = () => {
      startPairing(abort.signal)
        .then((pairing) => dispatch({ type: 'code', pairing }))
        .catch((error: unknown) => {
          if (abort.signal.aborted) return;
          const wait =
            error instanceof ApiError && error.status === 429
              ? CODE_RATE_LIMITED_MS
              : CODE_RETRY_MS;
          timer = setTimeout(ask, wait);
        });
    };
    ask();
    return () => {
      abort.abort();
      clearTimeout(timer);
    };
  }, [needsCode]);

  // A code on screen: asked after until the owner enters it; renewed before it runs out.
  const pairing = state.kind === 'pairing' ? state.pairing : null;
  useEffect(() => {
    if (!pairing) return;
    const abort = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      if (serverNowRef.current() >= pairing.expiresAt - CODE_RENEW_MS) {
        dispatch({ type: 'code-expired' });
        return;
      }
      try {
        const answer = await pollPairing(pairing.pairingId, abort.signal);
        if (answer.status === 'paired') return dispatch({ type: 'paired', token: answer.token });
        if (answer.status === 'expired') return dispatch({ type: 'code-expired' });
      } catch {
        if (abort.signal.aborted) return;
        // Unreachable for now: ask again at the next poll.
      }
      timer = setTimeout(() => void poll(), PAIRING_POLL_MS);
    };
    timer = setTimeout(() => void poll(), PAIRING_POLL_MS);
    return () => {
      abort.abort();
      clearTimeout(timer);
    };
  }, [pairing]);

  // Paired: the timetable now, every SCREEN_POLL_MS, and when the device is back online or in view.
  const token = state.kind === 'paired' ? state.token : null;
  const etagRef = useRef<string | null>(null);
  etagRef.current = state.kind === 'paired' ? state.etag : null;
  useEffect(() => {
    if (token === null) return;
    const abort = new AbortController();
    let busy = false;
    const poll = async () => {
      if (busy) return;
      busy = true;
      try {
        const answer = await pollTimetable(token, etagRef.current, abort.signal);
        if (answer.kind === 'revoked') dispatch({ type: 'revoked' });
        else if (answer.kind === 'changed')
          dispatch({ type: 'timetable', timetable: answer.timetable, etag: answer.etag });
      } catch {
        // No network (or the server is down): the kept timetable carries on.
      } finally {
        busy = false;
      }
    };
    const onVisible = () => {
      if (document.visibilityState === 'visible') void poll();
    };
    const onOnline = () => void poll();
    void poll();
    const timer = setInterval(() => void poll(), SCREEN_POLL_MS);
    addEventListener('online', onOnline);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      abort.abort();
      clearInterval(timer);
      removeEventListener('online', onOnline);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [token]);

  serverNowRef.current = serverNow;
  return { state, now, serverNow, clockKnown };
}

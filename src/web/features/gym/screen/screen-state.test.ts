import { describe, expect, it } from 'vitest';
import type { ScreenTimetableResponse } from '@shared/screens';
import {
  initialScreenState,
  keptOf,
  pairingState,
  screenReducer,
  type ScreenEvent,
  type ScreenState,
} from './screen-state';

const pairing = { pairingId: 'p1', code: 'ABCDEF', expiresAt: 1_800_000_600_000 };
const timetable: ScreenTimetableResponse = {
  screen: { id: 's1', name: 'Spin room' },
  gym: { slug: 'ride-lab', name: 'Ride Lab', logo: null },
  timeZone: 'Europe/Berlin',
  entries: [],
  classes: [],
};
const run = (state: ScreenState, ...events: ScreenEvent[]) => events.reduce(screenReducer, state);

describe('a studio screen, step by step', () => {
  it('starts paired with what the device kept, else asking for a code', () => {
    expect(initialScreenState(null)).toEqual(pairingState());
    expect(initialScreenState({ token: 't', timetable, etag: '"1"' })).toEqual({
      kind: 'paired',
      token: 't',
      timetable,
      etag: '"1"',
    });
  });

  it('shows a code, is paired once the owner enters it, then keeps each new timetable', () => {
    const state = run(
      pairingState(),
      { type: 'code', pairing },
      { type: 'paired', token: 'secret' },
      { type: 'timetable', timetable, etag: '"a"' },
    );
    expect(state).toEqual({ kind: 'paired', token: 'secret', timetable, etag: '"a"' });
    expect(keptOf(state)).toEqual({ token: 'secret', timetable, etag: '"a"' });
  });

  it('asks for a new code when the last one ran out, saying so', () => {
    const state = run(pairingState(), { type: 'code', pairing }, { type: 'code-expired' });
    expect(state).toEqual({ kind: 'pairing', pairing: null, removed: false, expired: true });
    expect(run(state, { type: 'code', pairing })).toMatchObject({ pairing, expired: false });
  });

  it('revoked: forgets the token and the timetable, says it was removed, and pairs again', () => {
    const paired = initialScreenState({ token: 't', timetable, etag: null });
    const revoked = run(paired, { type: 'revoked' });
    expect(revoked).toEqual({ kind: 'pairing', pairing: null, removed: true, expired: false });
    expect(keptOf(revoked)).toBeNull();
    // The words stay with the new code, and while codes come and go, until it is paired again.
    const waiting = run(
      revoked,
      { type: 'code', pairing },
      { type: 'code-expired' },
      { type: 'code', pairing },
    );
    expect(waiting).toMatchObject({ removed: true, pairing });
    expect(run(waiting, { type: 'paired', token: 'new' })).toEqual({
      kind: 'paired',
      token: 'new',
      timetable: null,
      etag: null,
    });
  });

  it('drops answers that come too late for the state they were asked in', () => {
    const paired = initialScreenState({ token: 't', timetable, etag: null });
    // A code or a pairing answered after the screen was paired.
    expect(run(paired, { type: 'code', pairing })).toBe(paired);
    expect(run(paired, { type: 'paired', token: 'other' })).toBe(paired);
    expect(run(paired, { type: 'code-expired' })).toBe(paired);
    // A timetable or a 401 answered after the screen was revoked.
    const revoked = run(paired, { type: 'revoked' });
    expect(run(revoked, { type: 'timetable', timetable, etag: null })).toBe(revoked);
    expect(run(revoked, { type: 'revoked' })).toBe(revoked);
  });
});

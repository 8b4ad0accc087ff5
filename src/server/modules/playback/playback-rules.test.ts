import { describe, expect, it } from 'vitest';
import {
  beaconMoment,
  countsAsView,
  furthestPosition,
  nextWatchedSeconds,
  resumePosition,
  VIEW_DEDUPE_MS,
  viewThreshold,
  WATCH_SLACK_SECONDS,
} from './playback-rules';

const T0 = Date.UTC(2026, 0, 5, 18, 0, 0);
const at = (seconds: number) => new Date(T0 + seconds * 1000);

describe('viewThreshold', () => {
  it('is 10 s, or half of a video shorter than 20 s', () => {
    expect(viewThreshold(2700)).toBe(10);
    expect(viewThreshold(20)).toBe(10);
    expect(viewThreshold(null)).toBe(10);
    expect(viewThreshold(19)).toBe(9.5);
    expect(viewThreshold(6)).toBe(3);
  });
});

describe('countsAsView', () => {
  const base = { alreadyCounted: false, durationSeconds: 2700, nearestViewOfVideoAt: null, at: T0 };

  it('counts once real playback passes the threshold', () => {
    expect(countsAsView({ ...base, watchedSeconds: 9.9 })).toBe(false);
    expect(countsAsView({ ...base, watchedSeconds: 10 })).toBe(true);
    expect(countsAsView({ ...base, watchedSeconds: 3, durationSeconds: 6 })).toBe(true);
    expect(countsAsView({ ...base, watchedSeconds: 2.9, durationSeconds: 6 })).toBe(false);
  });

  it('never twice for the same session', () => {
    expect(countsAsView({ ...base, watchedSeconds: 500, alreadyCounted: true })).toBe(false);
  });

  it('at most once per viewer, video and hour', () => {
    const lastHour = (msAgo: number) => ({
      ...base,
      watchedSeconds: 60,
      nearestViewOfVideoAt: new Date(T0 - msAgo),
    });
    expect(countsAsView(lastHour(5 * 60_000))).toBe(false);
    expect(countsAsView(lastHour(VIEW_DEDUPE_MS - 1))).toBe(false);
    expect(countsAsView(lastHour(VIEW_DEDUPE_MS))).toBe(true);
    expect(countsAsView(lastHour(3 * VIEW_DEDUPE_MS))).toBe(true);
    // A session sent late (its moment before a view already counted): the hour holds either way.
    expect(countsAsView(lastHour(-5 * 60_000))).toBe(false);
    expect(countsAsView(lastHour(-(VIEW_DEDUPE_MS - 1)))).toBe(false);
    expect(countsAsView(lastHour(-VIEW_DEDUPE_MS))).toBe(true);
  });
});

describe('beaconMoment', () => {
  const now = Date.parse('2026-11-28T12:00:00Z');
  const uploaded = new Date('2026-11-27T12:00:00Z');

  it('is now, or now less the age of a beacon kept offline', () => {
    expect(beaconMoment(now, undefined, uploaded)).toBe(now);
    expect(beaconMoment(now, 0, uploaded)).toBe(now);
    expect(beaconMoment(now, 3_600_000, uploaded)).toBe(now - 3_600_000);
  });

  it('never dates a ride before the class was uploaded, nor after now', () => {
    expect(beaconMoment(now, 14 * 86_400_000, uploaded)).toBe(uploaded.getTime());
    expect(beaconMoment(now, 86_400_000, uploaded)).toBe(uploaded.getTime());
    // An upload the server's clock places ahead (clocks set apart): now, not the future.
    expect(beaconMoment(now, 60_000, new Date(now + 5_000))).toBe(now);
  });
});

describe('nextWatchedSeconds', () => {
  const session = (watchedSeconds: number, startedAt: number, lastSeenAt: number) => ({
    watchedSeconds,
    startedAt: at(startedAt),
    lastSeenAt: at(lastSeenAt),
  });

  it('adds what was really played since the last beacon', () => {
    expect(nextWatchedSeconds(session(0, 0, 0), 15, T0 + 15_000)).toBe(15);
    expect(nextWatchedSeconds(session(15, 0, 15), 30, T0 + 30_000)).toBe(30);
    // Paused for a while: less played than elapsed, and that is what counts.
    expect(nextWatchedSeconds(session(30, 0, 30), 35, T0 + 300_000)).toBe(35);
  });

  it('ignores a resent or out-of-order beacon (the total did not grow)', () => {
    expect(nextWatchedSeconds(session(30, 0, 30), 30, T0 + 31_000)).toBe(30);
    expect(nextWatchedSeconds(session(30, 0, 30), 15, T0 + 45_000)).toBe(30);
  });

  it('adds nothing for a beacon older than the session’s last, whatever total it claims', () => {
    // Sent late (decision 0051): its moment is before the last beacon's; not even the slack.
    expect(nextWatchedSeconds(session(30, 0, 30), 45, T0 + 29_000)).toBe(30);
    expect(nextWatchedSeconds(session(30, 10, 30), 600, T0 + 5_000)).toBe(30);
  });

  it('counts a burst of late beacons by their moments: each adds the time between them', () => {
    // Made every 15 s while offline, all received at once hours later: the moments are what count.
    let s = session(0, 0, 0);
    for (let i = 1; i <= 20; i++) {
      const moment = T0 + i * 15_000;
      s = {
        ...s,
        watchedSeconds: nextWatchedSeconds(s, i * 15, moment),
        lastSeenAt: new Date(moment),
      };
    }
    expect(s.watchedSeconds).toBe(300);
  });

  it('adds nothing for seeking: a jump of the total beyond the clock is capped by the time that passed', () => {
    // The player skipped ahead 10 minutes but only 15 s passed.
    expect(nextWatchedSeconds(session(15, 0, 15), 15 + 600, T0 + 30_000)).toBe(
      30 + WATCH_SLACK_SECONDS,
    );
  });

  it('caps a forged total by the wall clock, and slack does not pile up over rapid beacons', () => {
    // A brand-new session claiming an hour: only the slack.
    expect(nextWatchedSeconds(session(0, 0, 0), 3600, T0)).toBe(WATCH_SLACK_SECONDS);
    // Many beacons a second apart, each claiming more: never more than the session's age + slack.
    let s = session(0, 0, 0);
    for (let i = 1; i <= 30; i++) {
      const now = T0 + i * 1000;
      const watched = nextWatchedSeconds(s, 10_000, now);
      s = { ...s, watchedSeconds: watched, lastSeenAt: new Date(now) };
    }
    expect(s.watchedSeconds).toBeLessThanOrEqual(30 + WATCH_SLACK_SECONDS);
  });

  it('catches up after a wifi drop: beacons lost, the next total still counts (the clock allows it)', () => {
    expect(nextWatchedSeconds(session(15, 0, 15), 75, T0 + 76_000)).toBe(75);
  });

  it('rejects nonsense totals', () => {
    expect(nextWatchedSeconds(session(10, 0, 10), Number.NaN, T0 + 20_000)).toBe(10);
    expect(nextWatchedSeconds(session(10, 0, 10), -5, T0 + 20_000)).toBe(10);
  });
});

describe('resumePosition', () => {
  it('keeps the position within the video, and starts over once the class ended', () => {
    expect(resumePosition(125.5, 2700, false)).toBe(125.5);
    expect(resumePosition(3000, 2700, false)).toBe(2700);
    expect(resumePosition(125.5, null, false)).toBe(125.5);
    expect(resumePosition(2700, 2700, true)).toBe(0);
  });
});

describe('furthestPosition', () => {
  it('keeps the greatest position reported, within the class', () => {
    expect(furthestPosition(0, 120, 2700, false)).toBe(120);
    // A rewind or a late beacon with an earlier position keeps what was reached.
    expect(furthestPosition(600, 300, 2700, false)).toBe(600);
    // A forged position past the end counts as the end, never beyond.
    expect(furthestPosition(600, 86_400, 2700, false)).toBe(2700);
    // Unknown length: the position as reported (the contract caps it at a day).
    expect(furthestPosition(10, 4000, null, false)).toBe(4000);
  });

  it('is the class’s end once the player says it ended, even a fraction short', () => {
    expect(furthestPosition(2600, 2699.96, 2700, true)).toBe(2700);
    expect(furthestPosition(0, 5, null, true)).toBe(5);
  });
});

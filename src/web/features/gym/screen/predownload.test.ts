import { describe, expect, it } from 'vitest';
import type { ScreenOccurrence } from '@shared/screens';
import { isNight, predownloadPlan, SOON_MS, type PredownloadInput } from './predownload';

const HOUR = 3_600_000;
const NOW = Date.UTC(2026, 10, 27, 17, 0);
const entry = (videoId: string, startsInHours: number): ScreenOccurrence => ({
  id: `entry-${videoId}-${startsInHours}`,
  videoId,
  startsAt: NOW + startsInHours * HOUR,
  endsAt: NOW + (startsInHours + 0.75) * HOUR,
});
const offline = { url: '/api/x/offline.mp4', bytes: 1, version: 'v1' };
const classes = ['a', 'b', 'c', 'd'].map((id) => ({ id, offline }));

const input = (more: Partial<PredownloadInput>): PredownloadInput => ({
  entries: [entry('a', 1), entry('b', 2.5), entry('c', 10), entry('a', 26)],
  classes,
  saved: new Set(),
  savedByScreen: new Set(),
  serverNow: NOW,
  localHour: 14,
  ...more,
});

describe('when a screen saves classes for offline', () => {
  it('at night (01:00 to 05:00 on the device) saves the whole timetable, the soonest first, once each', () => {
    expect([0, 1, 4, 5].map(isNight)).toEqual([false, true, true, false]);
    expect(predownloadPlan(input({ localHour: 2 })).save).toEqual(['a', 'b', 'c']);
  });

  it('by day saves only what starts within 3 hours', () => {
    expect(SOON_MS).toBe(3 * HOUR);
    expect(predownloadPlan(input({ localHour: 14 })).save).toEqual(['a', 'b']);
    expect(predownloadPlan(input({ localHour: 5 })).save).toEqual(['a', 'b']);
  });

  it('saves nothing already saved (by the screen or a rider), nor a class without an offline file', () => {
    const plan = predownloadPlan(
      input({
        localHour: 3,
        saved: new Set(['a']),
        classes: classes.map((c) => (c.id === 'c' ? { ...c, offline: null } : c)),
      }),
    );
    expect(plan.save).toEqual(['b']);
  });

  it("keeps a class in progress, removes the screen's own classes that left the timetable, never a rider's", () => {
    const plan = predownloadPlan(
      input({
        entries: [entry('a', -0.5), entry('b', 2)],
        saved: new Set(['a', 'c', 'd']),
        // 'd' was saved by a rider on this tablet; 'x' is no longer on the device.
        savedByScreen: new Set(['a', 'c', 'x']),
      }),
    );
    expect(plan.remove).toEqual(['c']);
    expect(plan.save).toEqual(['b']);
  });

  it('an ended class is not wanted any more', () => {
    const plan = predownloadPlan(
      input({ entries: [entry('a', -2)], saved: new Set(['a']), savedByScreen: new Set(['a']) }),
    );
    expect(plan).toEqual({ save: [], remove: ['a'] });
  });
});

import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnalyticsResponse } from '@shared/analytics.contract';
import { gymLocations } from '../../db/schema/locations';
import { playbackSessions } from '../../db/schema/playback';
import { users } from '../../db/schema/users';
import { registerOwner, startTestApp, type TestApp } from '../../test/harness';
import { seedPlayback, seedVideo, type PlaybackSeed } from '../../test/analytics-fixtures';

const DAY = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;

let t: TestApp;
let a: { cookie: string; id: string };
let b: { cookie: string; id: string };
let fresh: { cookie: string; id: string };
let v1: string; // 600 s
let v2: string; // 1200 s
let v3: string; // unknown duration
let v4: string; // never watched
let vb: string; // owner B's
let seeds: PlaybackSeed[];
let now: number;

beforeAll(async () => {
  t = await startTestApp();
  const db = t.database.db;
  a = await registerOwner(t.app);
  b = await registerOwner(t.app);
  fresh = await registerOwner(t.app);
  // The dashboard's plan (analytics-plans.routes.test.ts tests each plan's share).
  await db
    .update(users)
    .set({ plan: 'power-cycle' })
    .where(inArray(users.id, [a.id, b.id, fresh.id]));
  v1 = await seedVideo(db, a.id, {
    title: 'Hill Climb',
    duration: '600',
    uploadedAt: new Date(Date.now() - 9 * DAY),
  });
  v2 = await seedVideo(db, a.id, {
    title: 'Endurance Ride',
    duration: '1200',
    uploadedAt: new Date(Date.now() - 8 * DAY),
  });
  v3 = await seedVideo(db, a.id, {
    title: 'Live Session',
    duration: null,
    uploadedAt: new Date(Date.now() - 7 * DAY),
  });
  v4 = await seedVideo(db, a.id, {
    title: 'Cool Down',
    duration: '300',
    uploadedAt: new Date(Date.now() - 6 * DAY),
  });
  vb = await seedVideo(db, b.id, { title: 'Other Gym Ride', duration: '600' });

  now = t.now();
  const A = a.id;
  seeds = [
    // The current 30 days.
    {
      videoId: v1,
      ownerId: A,
      viewerId: 'viewer-a',
      startedAt: now - 1 * DAY,
      watchedSeconds: 300,
      counted: true,
    }, // share 0.5
    {
      videoId: v1,
      ownerId: A,
      viewerId: 'viewer-b',
      startedAt: now - 2 * DAY,
      watchedSeconds: 600,
      counted: true,
    }, // share 1
    {
      videoId: v1,
      ownerId: A,
      viewerId: 'viewer-a',
      startedAt: now - 3 * DAY,
      watchedSeconds: 900,
      counted: true,
    }, // capped at 1
    {
      videoId: v2,
      ownerId: A,
      viewerId: 'viewer-c',
      startedAt: now - 29 * DAY,
      watchedSeconds: 300,
      counted: true,
    }, // share 0.25
    {
      videoId: v2,
      ownerId: A,
      viewerId: 'viewer-d',
      startedAt: now - 1 * DAY - 2 * HOUR,
      watchedSeconds: 5,
      counted: false,
    }, // no view
    {
      videoId: v3,
      ownerId: A,
      viewerId: 'viewer-a',
      startedAt: now - 5 * DAY,
      watchedSeconds: 120,
      counted: true,
    }, // no duration
    // The 30 days before.
    {
      videoId: v1,
      ownerId: A,
      viewerId: 'viewer-e',
      startedAt: now - 31 * DAY,
      watchedSeconds: 600,
      counted: true,
    }, // share 1
    {
      videoId: v2,
      ownerId: A,
      viewerId: 'viewer-a',
      startedAt: now - 45 * DAY,
      watchedSeconds: 600,
      counted: true,
    }, // share 0.5
    // Older than both periods: ignored.
    {
      videoId: v1,
      ownerId: A,
      viewerId: 'viewer-z',
      startedAt: now - 70 * DAY,
      watchedSeconds: 600,
      counted: true,
    },
    // Owner B's own view.
    {
      videoId: vb,
      ownerId: b.id,
      viewerId: 'viewer-a',
      startedAt: now - 1 * DAY,
      watchedSeconds: 600,
      counted: true,
    },
    // Inconsistent rows that must never count for anyone else: A's id on B's video, B's id on A's video.
    {
      videoId: vb,
      ownerId: A,
      viewerId: 'viewer-x',
      startedAt: now - 1 * DAY,
      watchedSeconds: 600,
      counted: true,
    },
    {
      videoId: v1,
      ownerId: b.id,
      viewerId: 'viewer-y',
      startedAt: now - 1 * DAY,
      watchedSeconds: 600,
      counted: true,
    },
  ];
  await seedPlayback(db, seeds);
});
afterAll(() => t.close());

async function analytics(cookie: string | undefined, query = '') {
  return t.app.inject({
    method: 'GET',
    url: `/api/analytics${query}`,
    headers: cookie ? { cookie } : {},
  });
}

async function ok(cookie: string, query = ''): Promise<AnalyticsResponse> {
  const res = await analytics(cookie, query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** The UTC (or `timeZone`) calendar date of an instant, as YYYY-MM-DD. */
function localDate(ms: number, timeZone = 'UTC'): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(ms);
}

describe('GET /api/analytics', () => {
  it('answers 401 when signed out', async () => {
    const res = await analytics(undefined);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBeTruthy();
  });

  it('answers truthful zeros and empty lists before any playback', async () => {
    const body = await ok(fresh.cookie);
    expect(body.videoCount).toBe(0);
    expect(body.video).toBeNull();
    expect(body.summary).toEqual({
      totalViews: { value: 0, change: null },
      watchTimeHours: { value: 0, change: null },
      activeStudents: { value: 0, change: null },
      engagementRate: { value: 0, change: null },
    });
    expect(body.viewsThisWeek).toHaveLength(7);
    expect(body.viewsThisWeek.every((d) => d.views === 0)).toBe(true);
    expect(body.viewsThisWeek.at(-1)!.date).toBe(localDate(t.now()));
    expect(body.topVideos).toEqual([]);
    expect(body.videoPerformance).toEqual([]);
    expect(body.studentActivity.activeStudents).toBe(0);
    expect(body.studentActivity.byDay).toHaveLength(30);
    expect(body.studentActivity.busiestHours).toHaveLength(24);
    expect(body.studentActivity.busiestHours.every((h) => h.views === 0)).toBe(true);
    expect(body.period.days).toBe(30);
  });

  it('computes views, watch hours, distinct viewers and engagement over 30 days, with the change vs the 30 days before', async () => {
    const body = await ok(a.cookie);
    expect(body.videoCount).toBe(4);
    // Current: 5 counted views; 300+600+900+300+5+120 = 2225 s; viewers a, b, c;
    // completion (0.5 + 1 + 1 + 0.25) / 4 = 0.6875 (the unknown-duration view is left out).
    // Previous: 2 views; 1200 s; viewers e, a; completion (1 + 0.5) / 2 = 0.75.
    expect(body.summary.totalViews).toEqual({ value: 5, change: 150 });
    expect(body.summary.watchTimeHours).toEqual({ value: 0.62, change: 85.4 });
    expect(body.summary.activeStudents).toEqual({ value: 3, change: 50 });
    expect(body.summary.engagementRate).toEqual({ value: 68.8, change: -8.3 });
  });

  it('gives 7 daily view counts (today last) and 30 days of active students', async () => {
    const body = await ok(a.cookie);
    const mine = seeds.filter(
      (s) => s.ownerId === a.id && s.counted && s.videoId !== vb && s.startedAt > now - 30 * DAY,
    );
    const expectedWeek = Array.from({ length: 7 }, (_, i) => {
      const date = localDate(now - (6 - i) * DAY);
      return { date, views: mine.filter((s) => localDate(s.startedAt) === date).length };
    });
    expect(body.viewsThisWeek).toEqual(expectedWeek);
    expect(body.viewsThisWeek.reduce((n, d) => n + d.views, 0)).toBe(4);

    expect(body.studentActivity.activeStudents).toBe(3);
    const byDay = new Map(body.studentActivity.byDay.map((d) => [d.date, d.activeStudents]));
    expect(byDay.get(localDate(now - 1 * DAY))).toBe(1); // viewer-a (viewer-d never reached a view)
    expect(byDay.get(localDate(now - 29 * DAY))).toBe(1); // viewer-c
    expect(body.studentActivity.byDay.reduce((n, d) => n + d.activeStudents, 0)).toBe(5);
  });

  it('puts views in the owner time zone hours and days', async () => {
    const tz = 'Asia/Tokyo';
    const body = await ok(a.cookie, `?tz=${encodeURIComponent(tz)}`);
    expect(body.period.timeZone).toBe(tz);
    const mine = seeds.filter(
      (s) => s.ownerId === a.id && s.counted && s.videoId !== vb && s.startedAt > now - 30 * DAY,
    );
    const hourOf = (ms: number) =>
      Number(
        new Intl.DateTimeFormat('en-US', {
          timeZone: tz,
          hour: 'numeric',
          hourCycle: 'h23',
        }).format(ms),
      );
    const expected = Array.from({ length: 24 }, (_, hour) => ({
      hour,
      views: mine.filter((s) => hourOf(s.startedAt) === hour).length,
    }));
    expect(body.studentActivity.busiestHours).toEqual(expected);
    expect(body.viewsThisWeek.at(-1)!.date).toBe(localDate(t.now(), tz));
  });

  it('lists each video with views, distinct viewers, watch time and completion, best first', async () => {
    const body = await ok(a.cookie);
    expect(
      body.videoPerformance.map((p) => [
        p.title,
        p.views,
        p.uniqueViewers,
        p.watchTimeHours,
        p.completionRate,
      ]),
    ).toEqual([
      ['Hill Climb', 3, 2, 0.5, 83.3], // 1800 s; (0.5 + 1 + 1) / 3
      ['Endurance Ride', 1, 1, 0.08, 25], // 305 s
      ['Live Session', 1, 1, 0.03, null], // 120 s, no duration
      ['Cool Down', 0, 0, 0, null],
    ]);
    expect(body.videoPerformance[0]!.durationSeconds).toBe(600);
    expect(body.videoPerformance[2]!.durationSeconds).toBeNull();
    expect(body.videoPerformance[0]!.lastViewedAt).not.toBeNull();
    expect(body.videoPerformance[3]!.lastViewedAt).toBeNull();
    expect(body.topVideos.map((v) => [v.videoId, v.views])).toEqual([
      [v1, 3],
      [v2, 1],
      [v3, 1],
      [v4, 0],
    ]);
  });

  it('narrows every figure to one video with ?video=', async () => {
    const body = await ok(a.cookie, `?video=${v1}`);
    expect(body.video).toEqual({ id: v1, title: 'Hill Climb' });
    expect(body.videoCount).toBe(1);
    // Current: 3 views (a, b, a), 1800 s, viewers a and b; previous: viewer-e's one full view.
    expect(body.summary.totalViews).toEqual({ value: 3, change: 200 });
    expect(body.summary.watchTimeHours).toEqual({ value: 0.5, change: 200 });
    expect(body.summary.activeStudents).toEqual({ value: 2, change: 100 });
    expect(body.summary.engagementRate).toEqual({ value: 83.3, change: -16.7 });
    expect(body.videoPerformance.map((p) => p.videoId)).toEqual([v1]);
  });

  it('never shows another owner’s playback, and 404s for another owner’s or an unknown video', async () => {
    const theirs = await ok(b.cookie);
    expect(theirs.summary.totalViews.value).toBe(1);
    expect(theirs.summary.activeStudents.value).toBe(1);
    expect(theirs.videoPerformance.map((p) => p.title)).toEqual(['Other Gym Ride']);

    for (const id of [vb, '00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const res = await analytics(a.cookie, `?video=${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Video not found');
    }
    expect((await analytics(b.cookie, `?video=${v1}`)).statusCode).toBe(404);
  });

  it('refuses a bad time zone or a repeated parameter with 400', async () => {
    for (const query of [
      '?tz=Not%2FAZone',
      '?tz=%2B05%3A00',
      `?tz=${'x'.repeat(80)}`,
      `?video=${v1}&video=${v2}`,
    ]) {
      const res = await analytics(a.cookie, query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message).toBeTruthy();
    }
  });

  it("filters by location: the gym's own page, one further location; another owner's location is 404", async () => {
    const db = t.database.db;
    const owner = await registerOwner(t.app);
    await db.update(users).set({ plan: 'elite-studio' }).where(eq(users.id, owner.id));
    const video = await seedVideo(db, owner.id, { title: 'Harbour Ride', duration: '600' });
    const [harbour] = await db
      .insert(gymLocations)
      .values({ ownerId: owner.id, slug: `harbour-${randomUUID().slice(0, 8)}`, name: 'Harbour' })
      .returning();
    const [theirs] = await db
      .insert(gymLocations)
      .values({ ownerId: b.id, slug: `theirs-${randomUUID().slice(0, 8)}`, name: 'Theirs' })
      .returning();
    const session = (viewerId: string, locationId: string | null) => ({
      id: randomUUID(),
      videoId: video,
      ownerId: owner.id,
      viewerId,
      startedAt: new Date(now - DAY),
      lastSeenAt: new Date(now - DAY),
      watchedSeconds: 300,
      viewCountedAt: new Date(now - DAY),
      locationId,
    });
    await db
      .insert(playbackSessions)
      .values([
        session('at-main-1', null),
        session('at-main-2', null),
        session('at-harbour', harbour!.id),
      ]);
    const views = async (query: string) => (await ok(owner.cookie, query)).summary.totalViews.value;
    expect(await views('')).toBe(3);
    expect(await views('?location=main')).toBe(2);
    expect(await views(`?location=${harbour!.id}`)).toBe(1);
    const perVideo = (await ok(owner.cookie, `?location=${harbour!.id}`)).videoPerformance;
    expect(perVideo.map((v) => [v.title, v.views])).toEqual([['Harbour Ride', 1]]);
    for (const location of [theirs!.id, randomUUID(), 'nowhere']) {
      const res = await analytics(owner.cookie, `?location=${location}`);
      expect(res.statusCode, location).toBe(404);
    }
  });
});

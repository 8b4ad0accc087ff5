import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ANALYTICS_LOCKS,
  ANALYTICS_MESSAGES,
  type AnalyticsResponse,
  type AnalyticsSummaryResponse,
  type RetentionResponse,
} from '@shared/analytics.contract';
import { PLANS, type PlanId } from '@shared/plans';
import { users } from '../../db/schema/users';
import { seedPlayback, seedVideo } from '../../test/analytics-fixtures';
import { registerOwner, startTestApp, type TestApp } from '../../test/harness';
import { UTF8_BOM } from './csv';

const DAY = 24 * 60 * 60 * 1000;
/** Every owner here opened the account this long ago. */
const OPENED_DAYS_AGO = 120;

let t: TestApp;
let now: number;
type Owner = { cookie: string; id: string; climb: string };
const byPlan = {} as Record<PlanId, Owner>;
let master: Owner;
let unknownLength: string;
let hostile: string;
let otherVideo: string;

const HOSTILE_TITLE = '=HYPERLINK("http://evil.example","Free ride"), "best" class';

/** The UTC (or `timeZone`) calendar date of an instant, as YYYY-MM-DD. */
function localDate(ms: number, timeZone = 'UTC'): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(ms);
}

async function owner(plan: PlanId): Promise<Owner> {
  const o = await registerOwner(t.app);
  await t.database.db
    .update(users)
    .set({ plan, createdAt: new Date(now - OPENED_DAYS_AGO * DAY) })
    .where(eq(users.id, o.id));
  const climb = await seedVideo(t.database.db, o.id, { title: 'Hill Climb', duration: '600' });
  return { cookie: o.cookie, id: o.id, climb };
}

beforeAll(async () => {
  t = await startTestApp();
  now = t.now();
  for (const plan of PLANS) byPlan[plan.id] = await owner(plan.id);
  master = byPlan['spin-master'];
  const db = t.database.db;
  unknownLength = await seedVideo(db, master.id, { title: 'Live Session', duration: null });
  hostile = await seedVideo(db, master.id, { title: HOSTILE_TITLE, duration: '300' });
  otherVideo = byPlan['elite-studio'].climb;

  for (const o of Object.values(byPlan)) {
    await seedPlayback(db, [
      {
        videoId: o.climb,
        ownerId: o.id,
        viewerId: 'r1',
        startedAt: now - 2 * DAY,
        watchedSeconds: 600,
        counted: true,
        furthestPosition: 600,
      },
      {
        videoId: o.climb,
        ownerId: o.id,
        viewerId: 'r2',
        startedAt: now - 2 * DAY,
        watchedSeconds: 300,
        counted: true,
        furthestPosition: 300,
      },
      {
        videoId: o.climb,
        ownerId: o.id,
        viewerId: 'r3',
        startedAt: now - 3 * DAY,
        watchedSeconds: 60,
        counted: true,
        furthestPosition: 59,
      },
      // Never a view: left out of every figure and of the curve.
      {
        videoId: o.climb,
        ownerId: o.id,
        viewerId: 'r4',
        startedAt: now - 3 * DAY,
        watchedSeconds: 5,
        counted: false,
        furthestPosition: 5,
      },
      // Before the last 30 days: only a range that covers it.
      {
        videoId: o.climb,
        ownerId: o.id,
        viewerId: 'r5',
        startedAt: now - 40 * DAY,
        watchedSeconds: 600,
        counted: true,
        furthestPosition: 600,
      },
    ]);
  }
  await seedPlayback(db, [
    {
      videoId: unknownLength,
      ownerId: master.id,
      viewerId: 'r1',
      startedAt: now - 1 * DAY,
      watchedSeconds: 120,
      counted: true,
    },
    {
      videoId: hostile,
      ownerId: master.id,
      viewerId: 'r6',
      startedAt: now - 1 * DAY,
      watchedSeconds: 150,
      counted: true,
    },
  ]);
});
afterAll(() => t.close());

function get(cookie: string, url: string) {
  return t.app.inject({ method: 'GET', url, headers: { cookie } });
}

async function ok<T>(cookie: string, url: string): Promise<T> {
  const res = await get(cookie, url);
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json() as T;
}

async function refused(cookie: string, url: string, status: number, message: string) {
  const res = await get(cookie, url);
  expect(res.statusCode, `${url}: ${res.body}`).toBe(status);
  expect(res.json().message, url).toBe(message);
}

const range = (fromDaysAgo: number, toDaysAgo: number, timeZone = 'UTC') =>
  `from=${localDate(now - fromDaysAgo * DAY, timeZone)}&to=${localDate(now - toDaysAgo * DAY, timeZone)}`;

describe('every plan: each analytics capability allowed, or refused with its lock’s words', () => {
  const capabilities = [
    {
      name: 'the four totals',
      url: () => '/api/analytics/summary',
      lock: null,
      from: 'spin-starter',
    },
    {
      name: 'the dashboard',
      url: () => '/api/analytics',
      lock: ANALYTICS_LOCKS.dashboard,
      from: 'power-cycle',
    },
    {
      name: 'a date range',
      url: () => `/api/analytics?${range(10, 1)}`,
      lock: ANALYTICS_LOCKS.range,
      from: 'spin-master',
    },
    {
      name: 'audience retention',
      url: (o: Owner) => `/api/analytics/retention?video=${o.climb}`,
      lock: ANALYTICS_LOCKS.retention,
      from: 'spin-master',
    },
    {
      name: 'CSV export',
      url: () => '/api/analytics/export?table=videos',
      lock: ANALYTICS_LOCKS.csv,
      from: 'spin-master',
    },
  ] as const;
  const rank = (id: string) => PLANS.findIndex((p) => p.id === id);

  for (const plan of PLANS) {
    for (const c of capabilities) {
      const allowed = rank(plan.id) >= rank(c.from);
      it(`${plan.name}: ${c.name} ${allowed ? 'allowed' : 'refused'}`, async () => {
        const o = byPlan[plan.id];
        if (allowed) {
          const res = await get(o.cookie, c.url(o));
          expect(res.statusCode, res.body).toBe(200);
        } else {
          await refused(o.cookie, c.url(o), 403, c.lock!);
        }
      });
    }
  }

  it('names the plan that unlocks each feature and links nowhere else', () => {
    expect(ANALYTICS_LOCKS.dashboard).toContain('Power Cycle and up');
    for (const lock of [ANALYTICS_LOCKS.range, ANALYTICS_LOCKS.retention, ANALYTICS_LOCKS.csv]) {
      expect(lock).toContain('Advanced analytics, on Spin Master and up.');
    }
  });

  it('follows a plan change at once: a downgrade locks, an upgrade unlocks', async () => {
    const o = await owner('spin-master');
    await ok(o.cookie, `/api/analytics/retention?video=${o.climb}`);
    await t.database.db.update(users).set({ plan: 'power-cycle' }).where(eq(users.id, o.id));
    await refused(
      o.cookie,
      `/api/analytics/retention?video=${o.climb}`,
      403,
      ANALYTICS_LOCKS.retention,
    );
    await t.database.db.update(users).set({ plan: 'elite-studio' }).where(eq(users.id, o.id));
    await ok(o.cookie, `/api/analytics/retention?video=${o.climb}`);
  });

  it('gives Spin Starter the same four totals the dashboard shows', async () => {
    const starter = await ok<AnalyticsSummaryResponse>(
      byPlan['spin-starter'].cookie,
      '/api/analytics/summary',
    );
    const power = await ok<AnalyticsResponse>(byPlan['power-cycle'].cookie, '/api/analytics');
    // Same seeds, same figures: 3 counted views, 960 s, 3 riders.
    expect(starter.summary).toEqual(power.summary);
    expect(starter.summary.totalViews.value).toBe(3);
    expect(starter.videoCount).toBe(1);
    expect(starter.period).toMatchObject({ days: 30, custom: false, lastDay: localDate(t.now()) });
    // A Spin Starter asking for a range hears about the range, not only the dashboard.
    await refused(
      byPlan['spin-starter'].cookie,
      `/api/analytics?${range(5, 1)}`,
      403,
      ANALYTICS_LOCKS.range,
    );
  });
});

describe('a date range (Spin Master and up)', () => {
  it('covers the local days asked for and compares with the same number of days before', async () => {
    // Days 45 to 35 ago: the one view 40 days ago; the 11 days before: nothing.
    const old = await ok<AnalyticsResponse>(master.cookie, `/api/analytics?${range(45, 35)}`);
    expect(old.period).toMatchObject({
      days: 11,
      custom: true,
      firstDay: localDate(now - 45 * DAY),
      lastDay: localDate(now - 35 * DAY),
    });
    expect(old.summary.totalViews).toEqual({ value: 1, change: null });
    expect(old.viewsByDay).toHaveLength(11);
    expect(old.viewsByDay[0]!.date).toBe(localDate(now - 45 * DAY));
    expect(old.viewsByDay.find((d) => d.views > 0)?.date).toBe(localDate(now - 40 * DAY));
    expect(old.viewsThisWeek).toEqual(old.viewsByDay.slice(-7));
    expect(old.studentActivity.byDay).toHaveLength(11);
    expect(old.videoPerformance.find((v) => v.videoId === master.climb)?.views).toBe(1);

    // Days 3 to 2 ago: three views; the two days before had none.
    const recent = await ok<AnalyticsResponse>(master.cookie, `/api/analytics?${range(3, 2)}`);
    expect(recent.summary.totalViews).toEqual({ value: 3, change: null });
    expect(recent.summary.watchTimeHours.value).toBe(0.27); // 965 s, the unviewed 5 s included
  });

  it('reads days in the owner’s time zone', async () => {
    const tz = 'Asia/Tokyo';
    const body = await ok<AnalyticsResponse>(
      master.cookie,
      `/api/analytics?tz=${encodeURIComponent(tz)}&${range(10, 1, tz)}`,
    );
    expect(body.period.firstDay).toBe(localDate(now - 10 * DAY, tz));
    // Tokyo's midnight is 15:00 UTC the day before.
    expect(body.period.from).toMatch(/T15:00:00\.000Z$/);
    expect(body.period.to).toMatch(/T14:59:59\.999Z$/);
  });

  it('refuses a range it cannot answer, with a clear message', async () => {
    const today = localDate(t.now());
    const opened = localDate(now - OPENED_DAYS_AGO * DAY);
    const cases: Array<[string, string]> = [
      [`from=${today}&to=${localDate(t.now() + DAY)}`, ANALYTICS_MESSAGES.future],
      [
        `from=${localDate(now - (OPENED_DAYS_AGO + 5) * DAY)}&to=${today}`,
        ANALYTICS_MESSAGES.beforeAccount(opened),
      ],
      [`from=2026-02-30&to=${today}`, ANALYTICS_MESSAGES.badDate],
      [`from=yesterday&to=${today}`, ANALYTICS_MESSAGES.badDate],
      [`from=${today}`, ANALYTICS_MESSAGES.bothDates],
      [`from=${today}&to=${localDate(now - 3 * DAY)}`, ANALYTICS_MESSAGES.backwards],
      [`from=${localDate(now - 400 * DAY)}&to=${today}`, ANALYTICS_MESSAGES.tooLong],
    ];
    for (const [query, message] of cases) {
      await refused(master.cookie, `/api/analytics?${query}`, 400, message);
      await refused(master.cookie, `/api/analytics/export?table=days&${query}`, 400, message);
    }
    // The first day of the account and today are both fine.
    await ok(master.cookie, `/api/analytics?from=${opened}&to=${today}`);
  });
});

describe('audience retention (Spin Master and up)', () => {
  it('gives the share of views still watching at each 1/50 of the class', async () => {
    const body = await ok<RetentionResponse>(
      master.cookie,
      `/api/analytics/retention?video=${master.climb}`,
    );
    expect(body.video).toEqual({ id: master.climb, title: 'Hill Climb', durationSeconds: 600 });
    // The three counted views of the last 30 days reached 600, 300 and 59 s of a 600 s class.
    expect(body.views).toBe(3);
    expect(body.points).toHaveLength(51);
    const at = (seconds: number) => body.points.find((p) => p.position === seconds)?.percent;
    expect(at(0)).toBe(100);
    expect(at(48)).toBe(100);
    expect(at(60)).toBe(66.7); // 59 s stopped short of the 6th point (60 s)
    expect(at(300)).toBe(66.7);
    expect(at(312)).toBe(33.3);
    expect(at(600)).toBe(33.3);
  });

  it('follows the date range, and draws nothing without views or a known length', async () => {
    const old = await ok<RetentionResponse>(
      master.cookie,
      `/api/analytics/retention?video=${master.climb}&${range(45, 35)}`,
    );
    expect(old.views).toBe(1);
    expect(old.points.every((p) => p.percent === 100)).toBe(true);

    const none = await ok<RetentionResponse>(
      master.cookie,
      `/api/analytics/retention?video=${master.climb}&${range(20, 10)}`,
    );
    expect(none).toMatchObject({ views: 0, points: [] });

    const live = await ok<RetentionResponse>(
      master.cookie,
      `/api/analytics/retention?video=${unknownLength}`,
    );
    expect(live).toMatchObject({ views: 0, points: [], video: { durationSeconds: null } });
  });

  it('refuses another owner’s class, an unknown one and a missing one', async () => {
    for (const id of [otherVideo, '00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      await refused(master.cookie, `/api/analytics/retention?video=${id}`, 404, 'Video not found');
    }
    await refused(master.cookie, '/api/analytics/retention', 400, ANALYTICS_MESSAGES.needsClass);
  });
});

describe('CSV export (Spin Master and up)', () => {
  async function download(query: string) {
    const res = await get(master.cookie, `/api/analytics/export?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8; header=present');
    expect(res.headers['cache-control']).toBe('private, no-store');
    const disposition = String(res.headers['content-disposition']);
    expect(disposition).toMatch(/^attachment; filename="[a-z0-9-]+\.csv"$/);
    expect(res.body.startsWith(UTF8_BOM)).toBe(true);
    const lines = res.body.slice(1).split('\r\n');
    expect(lines.pop()).toBe('');
    return { lines, fileName: disposition.slice(disposition.indexOf('"') + 1, -1) };
  }

  it('exports the classes table, a hostile title defused and quoted', async () => {
    const first = localDate(now - 29 * DAY);
    const { lines, fileName } = await download('table=videos');
    expect(fileName).toBe(`cadence-videos-${first}-to-${localDate(t.now())}.csv`);
    expect(lines[0]).toBe(
      'Class,Duration (seconds),Views,Students,Watch time (hours),Completion (%),Last viewed (UTC)',
    );
    expect(lines).toHaveLength(4);
    expect(lines[1]).toMatch(/^Hill Climb,600,3,3,0\.27,53\.3,\d{4}-\d\d-\d\dT/);
    const hostileLine = lines.find((l) => l.includes('HYPERLINK'))!;
    expect(
      hostileLine.startsWith(
        `"'=HYPERLINK(""http://evil.example"",""Free ride""), ""best"" class",300,1,1,`,
      ),
    ).toBe(true);
    expect(lines.find((l) => l.startsWith('Live Session'))).toMatch(/^Live Session,,1,1,0\.03,,/);
  });

  it('exports the days, the hours and one class’s retention, over the range asked for', async () => {
    const days = await download(`table=days&${range(45, 35)}`);
    expect(days.lines[0]).toBe('Date,Views,Active students');
    expect(days.lines).toHaveLength(12);
    expect(days.lines).toContain(`${localDate(now - 40 * DAY)},1,1`);
    expect(days.fileName).toBe(
      `cadence-days-${localDate(now - 45 * DAY)}-to-${localDate(now - 35 * DAY)}.csv`,
    );

    const hours = await download('table=hours');
    expect(hours.lines[0]).toBe('Hour,Views');
    expect(hours.lines.slice(1).map((l) => l.split(',')[0])).toEqual(
      Array.from({ length: 24 }, (_, h) => `${String(h).padStart(2, '0')}:00`),
    );
    expect(hours.lines.slice(1).reduce((n, l) => n + Number(l.split(',')[1]), 0)).toBe(5);

    const retention = await download(`table=retention&video=${hostile}`);
    expect(retention.lines[0]).toBe(
      'Position (seconds),Position (% of class),Views still watching (%)',
    );
    expect(retention.lines).toHaveLength(52);
    expect(retention.lines[1]).toBe('0,0,100');
    expect(retention.lines[51]).toBe('300,100,0');
    expect(retention.fileName).toMatch(
      /^cadence-retention-hyperlink-http-evil-example-free-ride-best-class-\d{4}-\d\d-\d\d-to-\d{4}-\d\d-\d\d\.csv$/,
    );
  });

  it('refuses an unknown table, a retention table without its class, another owner’s class', async () => {
    await refused(
      master.cookie,
      '/api/analytics/export?table=users',
      400,
      ANALYTICS_MESSAGES.badTable,
    );
    await refused(
      master.cookie,
      '/api/analytics/export?table=retention',
      400,
      ANALYTICS_MESSAGES.needsClass,
    );
    await refused(
      master.cookie,
      `/api/analytics/export?table=retention&video=${otherVideo}`,
      404,
      'Video not found',
    );
    await refused(
      master.cookie,
      `/api/analytics/export?table=videos&video=${otherVideo}`,
      404,
      'Video not found',
    );
  });
});

import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BEACON_MAX_AGE_MS, PLAYBACK_BEACON_PATH, PLAYBACK_RESUME_PATH } from '@shared/playback';
import type { PlaybackBeacon } from '@shared/playback.contract';
import { gymLocations, videoLocations } from '../../db/schema/locations';
import { playbackSessions } from '../../db/schema/playback';
import { videos } from '../../db/schema/videos';
import { registerOwner, setPlan, startTestApp, type TestApp } from '../../test/harness';
import { PLAYBACK_LIMITS } from './playback.routes';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

let counter = 0;
async function gym() {
  const owner = await registerOwner(t.app);
  const slug = `ride-${++counter}-${Date.now().toString(36)}`;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/complete-onboarding',
    headers: { cookie: owner.cookie },
    payload: { companyName: 'Spin Room', companyType: 'gym', companySlug: slug },
  });
  expect(res.statusCode).toBe(200);
  return { ...owner, slug };
}

/** A class uploaded a month ago (beacons kept offline may be days old), unless `extra` says. */
async function addVideo(userId: string, extra: Partial<typeof videos.$inferInsert> = {}) {
  const id = randomUUID();
  await t.database.db.insert(videos).values({
    id,
    userId,
    uploadedAt: new Date(t.now() - 30 * 86_400_000),
    title: 'Hill Climb',
    originalFileName: 'hill.mp4',
    originalFileUrl: `/api/objects/uploads/${userId}/${id}`,
    fileSize: '1000',
    duration: '2700',
    processingStatus: 'enhanced',
    ...extra,
  });
  return id;
}

/** A rider's device: one viewer id, beacons for one session. */
function rider(videoId: string, gymSlug?: string) {
  const viewerId = randomUUID();
  let sessionId = randomUUID();
  return {
    viewerId,
    get sessionId() {
      return sessionId;
    },
    newSession() {
      sessionId = randomUUID();
    },
    beacon(event: PlaybackBeacon['event'], playedSeconds: number, position = playedSeconds) {
      return send({ sessionId, viewerId, videoId, gymSlug, event, position, playedSeconds });
    },
  };
}

function send(payload: unknown, contentType = 'application/json') {
  return t.app.inject({
    method: 'POST',
    url: PLAYBACK_BEACON_PATH,
    headers: { 'content-type': contentType },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });
}

const sessionsOf = (videoId: string) =>
  t.database.db.select().from(playbackSessions).where(eq(playbackSessions.videoId, videoId));

describe('POST /api/playback/beacon', () => {
  it('records a session: watch time from real playback, a view after 10 s, the last position', async () => {
    const g = await gym();
    const videoId = await addVideo(g.id);
    const r = rider(videoId, g.slug);

    const start = await r.beacon('start', 0, 0);
    expect(start.statusCode).toBe(200);
    expect(start.json()).toEqual({ viewCounted: false, watchedSeconds: 0 });

    t.advance(8_000);
    expect((await r.beacon('pause', 8)).json()).toEqual({ viewCounted: false, watchedSeconds: 8 });
    t.advance(15_000);
    const progress = await r.beacon('progress', 23, 23.5);
    expect(progress.json()).toEqual({ viewCounted: true, watchedSeconds: 23 });

    const [row] = await sessionsOf(videoId);
    expect(row).toMatchObject({
      id: r.sessionId,
      ownerId: g.id,
      viewerId: r.viewerId,
      watchedSeconds: 23,
      lastPosition: 23.5,
    });
    expect(row!.viewCountedAt).toBeInstanceOf(Date);
  });

  it('keeps each session’s furthest position: a rewind keeps it, the end reaches the class’s end', async () => {
    const g = await gym();
    const videoId = await addVideo(g.id, { duration: '600' });
    const r = rider(videoId, g.slug);
    await r.beacon('start', 0, 0);
    t.advance(15_000);
    await r.beacon('progress', 15, 300); // sought forward to 5 min
    t.advance(15_000);
    await r.beacon('progress', 30, 40); // rewound
    expect((await sessionsOf(videoId))[0]).toMatchObject({
      lastPosition: 40,
      furthestPosition: 300,
    });
    // A forged position past the end is held at the end.
    t.advance(15_000);
    await r.beacon('progress', 45, 86_400);
    expect((await sessionsOf(videoId))[0]!.furthestPosition).toBe(600);

    // Another session of the same rider starts from nothing; its end is the class's end.
    r.newSession();
    await r.beacon('start', 0, 0);
    t.advance(15_000);
    await r.beacon('progress', 15, 120);
    const second = async () =>
      (await sessionsOf(videoId)).find((s) => s.id === r.sessionId)!.furthestPosition;
    expect(await second()).toBe(120);
    t.advance(15_000);
    await r.beacon('end', 30, 599.97);
    expect(await second()).toBe(600);
  });

  it('counts half of a short video, and a view at most once per viewer, video and hour', async () => {
    const g = await gym();
    const videoId = await addVideo(g.id, { duration: '8' });
    const r = rider(videoId, g.slug);
    await r.beacon('start', 0);
    t.advance(4_000);
    expect((await r.beacon('end', 4, 8)).json().viewCounted).toBe(true);

    // The same tablet plays it again ten minutes later: a new session, no new view.
    t.advance(10 * 60_000);
    r.newSession();
    await r.beacon('start', 0);
    t.advance(8_000);
    expect((await r.beacon('end', 8, 8)).json().viewCounted).toBe(false);

    // Over an hour later: a view again. Another tablet meanwhile: its own view.
    t.advance(61 * 60_000);
    r.newSession();
    await r.beacon('start', 0);
    t.advance(8_000);
    expect((await r.beacon('end', 8, 8)).json().viewCounted).toBe(true);
    const other = rider(videoId, g.slug);
    await other.beacon('start', 0);
    t.advance(5_000);
    expect((await other.beacon('progress', 5)).json().viewCounted).toBe(true);

    const rows = await sessionsOf(videoId);
    expect(rows.filter((s) => s.viewCountedAt).length).toBe(3);
  });

  it('counts one view when two sessions of the same viewer pass the threshold at once', async () => {
    const g = await gym();
    const videoId = await addVideo(g.id);
    const viewerId = randomUUID();
    const sessions = [randomUUID(), randomUUID()];
    const beacon = (sessionId: string, event: PlaybackBeacon['event'], played: number) =>
      send({
        sessionId,
        viewerId,
        videoId,
        gymSlug: g.slug,
        event,
        position: played,
        playedSeconds: played,
      });
    await Promise.all(sessions.map((id) => beacon(id, 'start', 0)));
    t.advance(12_000);
    const answers = await Promise.all(sessions.map((id) => beacon(id, 'progress', 12)));
    expect(answers.map((a) => a.json().viewCounted).sort()).toEqual([false, true]);
  });

  it('adds nothing for seeking or forged totals: watch time never outruns the clock', async () => {
    const g = await gym();
    const videoId = await addVideo(g.id);
    const r = rider(videoId, g.slug);
    // A brand-new session claiming an hour gets the slack only: no view.
    const forged = await r.beacon('start', 3600, 3600);
    expect(forged.json().viewCounted).toBe(false);
    expect(forged.json().watchedSeconds).toBeCloseTo(2, 0);
    // A jump of 20 minutes 5 s later: only the 5 s that passed count.
    t.advance(5_000);
    const jumped = (await r.beacon('progress', 1205, 1205)).json().watchedSeconds as number;
    expect(jumped).toBeCloseTo(7, 0);
    // A resent or stale beacon (a total already counted) adds nothing.
    t.advance(1_000);
    expect((await r.beacon('progress', 5, 1206)).json().watchedSeconds).toBe(jumped);
    expect((await r.beacon('progress', 5, 1206)).json().watchedSeconds).toBe(jumped);
  });

  it('reads sendBeacon bodies sent as text/plain, and answers 400 for malformed JSON', async () => {
    const g = await gym();
    const videoId = await addVideo(g.id);
    const beacon = {
      sessionId: randomUUID(),
      viewerId: randomUUID(),
      videoId,
      gymSlug: g.slug,
      event: 'hide',
      position: 12,
      playedSeconds: 0,
    };
    const res = await send(JSON.stringify(beacon), 'text/plain;charset=UTF-8');
    expect(res.statusCode).toBe(200);
    expect((await sessionsOf(videoId))[0]?.lastPosition).toBe(12);

    for (const [body, type] of [
      ['{"sessionId":', 'text/plain'],
      ['{"sessionId":', 'application/json'],
      ['', 'text/plain'],
    ] as const) {
      const bad = await send(body, type);
      expect(bad.statusCode, `${type} ${body}`).toBe(400);
      expect(bad.json().message).toEqual(expect.any(String));
    }
  });

  it('answers 400 for bad beacons and changes nothing', async () => {
    const g = await gym();
    const videoId = await addVideo(g.id);
    const good = {
      sessionId: randomUUID(),
      viewerId: randomUUID(),
      videoId,
      gymSlug: g.slug,
      event: 'start',
      position: 0,
      playedSeconds: 0,
    };
    const bad: Array<Record<string, unknown>> = [
      { ...good, videoId: 'not-a-uuid' },
      { ...good, sessionId: '1' },
      { ...good, viewerId: 'x' },
      { ...good, viewerId: 'a'.repeat(65) },
      { ...good, event: 'rewind' },
      { ...good, position: -1 },
      { ...good, playedSeconds: 'lots' },
      { ...good, playedSeconds: 1e9 },
      { ...good, gymSlug: '../admin' },
      { ...good, extra: 'field' },
      { ...good, position: undefined },
    ];
    for (const payload of bad) {
      const res = await send(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await send([good])).statusCode).toBe(400);
    expect(await sessionsOf(videoId)).toEqual([]);
  });

  it('refuses unknown videos, videos not ready for riders, and another gym’s video named with a gym slug', async () => {
    const a = await gym();
    const b = await gym();
    const processing = await addVideo(a.id, { processingStatus: 'processing' });
    const failed = await addVideo(a.id, { processingStatus: 'failed' });
    const ofB = await addVideo(b.id);
    for (const [videoId, slug] of [
      [randomUUID(), a.slug],
      [processing, a.slug],
      [failed, a.slug],
      [ofB, a.slug],
    ] as const) {
      const res = await rider(videoId, slug).beacon('start', 0);
      expect(res.statusCode, videoId).toBe(404);
      expect(res.json()).toEqual({ message: 'Class not found' });
    }
    for (const id of [processing, failed, ofB]) expect(await sessionsOf(id)).toEqual([]);
    // B's own page may report it.
    expect((await rider(ofB, b.slug).beacon('start', 0)).statusCode).toBe(200);
  });

  it('records the location whose page a class was played from, and refuses a location that does not offer it', async () => {
    const a = await gym();
    const b = await gym();
    const offered = await addVideo(a.id);
    const notThere = await addVideo(a.id);
    const [downtown] = await t.database.db
      .insert(gymLocations)
      .values({ ownerId: a.id, slug: `${a.slug}-downtown`, name: 'Downtown' })
      .returning();
    const [theirs] = await t.database.db
      .insert(gymLocations)
      .values({ ownerId: b.id, slug: `${b.slug}-harbour`, name: 'Harbour' })
      .returning();
    await t.database.db
      .insert(videoLocations)
      .values({ videoId: offered, locationId: downtown!.id });

    expect((await rider(offered, downtown!.slug).beacon('start', 0)).statusCode).toBe(200);
    expect((await rider(offered, a.slug).beacon('start', 0)).statusCode).toBe(200);
    expect((await sessionsOf(offered)).map((s) => s.locationId).sort()).toEqual(
      [downtown!.id, null].sort(),
    );
    for (const [videoId, slug] of [
      [notThere, downtown!.slug],
      [offered, theirs!.slug],
    ] as const) {
      const res = await rider(videoId, slug).beacon('start', 0);
      expect(res.statusCode).toBe(404);
    }
    expect(await sessionsOf(notThere)).toEqual([]);
  });

  it('answers 400 when a session id belongs to another video or viewer, and changes nothing', async () => {
    const g = await gym();
    const first = await addVideo(g.id);
    const second = await addVideo(g.id);
    const r = rider(first, g.slug);
    await r.beacon('start', 0, 0);
    t.advance(5_000);
    const moved = await send({
      sessionId: r.sessionId,
      viewerId: r.viewerId,
      videoId: second,
      gymSlug: g.slug,
      event: 'progress',
      position: 5,
      playedSeconds: 5,
    });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().message).toBe('This playback session belongs to another class');
    const stolen = await send({
      sessionId: r.sessionId,
      viewerId: randomUUID(),
      videoId: first,
      gymSlug: g.slug,
      event: 'progress',
      position: 5,
      playedSeconds: 5,
    });
    expect(stolen.statusCode).toBe(400);
    expect(await sessionsOf(second)).toEqual([]);
    expect((await sessionsOf(first))[0]).toMatchObject({ watchedSeconds: 0, lastPosition: 0 });
  });

  it('is rate-limited per IP', async () => {
    const g = await gym();
    const videoId = await addVideo(g.id);
    const r = rider(videoId, g.slug);
    const from = (ip: string) =>
      t.app.inject({
        method: 'POST',
        url: PLAYBACK_BEACON_PATH,
        remoteAddress: ip,
        payload: {
          sessionId: r.sessionId,
          viewerId: r.viewerId,
          videoId,
          event: 'progress',
          position: 1,
          playedSeconds: 0,
        },
      });
    let last = 0;
    for (let i = 0; i <= PLAYBACK_LIMITS.beacon.max; i++)
      last = (await from('203.0.113.9')).statusCode;
    expect(last).toBe(429);
    expect((await from('203.0.113.10')).statusCode).toBe(200);
  });
});

/**
 * A tablet riding with the network off (decision 0051): each beacon is made on the device's clock
 * (here 3 hours ahead of the server's: only differences matter) and kept; `send` delivers them in
 * order later, each with its age on that clock.
 */
function offlineDevice(videoId: string, gymSlug: string) {
  const clock = () => t.now() + 3 * 3_600_000;
  const r = rider(videoId, gymSlug);
  const kept: Array<{ beacon: PlaybackBeacon; madeAt: number }> = [];
  return Object.assign(r, {
    make(event: PlaybackBeacon['event'], playedSeconds: number, position = playedSeconds) {
      const beacon = {
        sessionId: r.sessionId,
        viewerId: r.viewerId,
        videoId,
        gymSlug,
        event,
        position,
        playedSeconds,
      };
      kept.push({ beacon, madeAt: clock() });
    },
    /** Sends every kept beacon in order; answers the last reply. */
    async send() {
      let last = null;
      for (const { beacon, madeAt } of kept) {
        last = await send({ ...beacon, ageMs: clock() - madeAt });
        expect(last.statusCode, beacon.event).toBe(200);
      }
      return last!.json() as { viewCounted: boolean; watchedSeconds: number };
    },
  });
}

const within = (actual: Date | null | undefined, expected: number, ms = 1_000) =>
  expect(Math.abs(actual!.getTime() - expected)).toBeLessThan(ms);

describe('beacons kept offline and sent later with their age (decision 0051)', () => {
  /** The owner's analytics for the class (the dashboard's breakdown is Power Cycle's). */
  async function analytics(owner: { id: string; cookie: string }, videoId: string) {
    await setPlan(t.database, owner.id, 'power-cycle');
    const { cookie } = owner;
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/analytics?video=${videoId}`,
      headers: { cookie },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = res.json().videoPerformance as Array<{ views: number; watchTimeHours: number }>;
    // Hours with two decimals: 300 s is 0.08.
    return { views: row!.views, watchTimeHours: row!.watchTimeHours };
  }

  it('counts a class ridden offline and sent as a burst hours later: one view, its real seconds, at its own moments', async () => {
    const g = await gym();
    const videoId = await addVideo(g.id, { duration: '300' });
    const d = offlineDevice(videoId, g.slug);
    const rodeAt = t.now();
    d.make('start', 0, 0);
    for (let played = 15; played < 300; played += 15) {
      t.advance(15_000);
      d.make('progress', played);
    }
    t.advance(15_000);
    d.make('end', 300, 300);
    t.advance(2 * 3_600_000);

    expect(await d.send()).toEqual({ viewCounted: true, watchedSeconds: 300 });
    const [row] = await sessionsOf(videoId);
    within(row!.startedAt, rodeAt);
    within(row!.viewCountedAt, rodeAt + 15_000);
    within(row!.lastSeenAt, rodeAt + 300_000);
    expect(row).toMatchObject({ watchedSeconds: 300, lastPosition: 0, furthestPosition: 300 });
    expect(await analytics(g, videoId)).toEqual({ views: 1, watchTimeHours: 0.08 });

    // The answers were lost: the device sends the whole burst again a minute later. Nothing moves.
    t.advance(60_000);
    expect(await d.send()).toEqual({ viewCounted: true, watchedSeconds: 300 });
    const again = await sessionsOf(videoId);
    expect(again).toHaveLength(1);
    expect(again[0]).toMatchObject({
      watchedSeconds: 300,
      viewCountedAt: row!.viewCountedAt,
      startedAt: row!.startedAt,
    });
    // Its moments are the same but for the requests' own milliseconds.
    within(again[0]!.lastSeenAt, row!.lastSeenAt.getTime());
    expect(await analytics(g, videoId)).toEqual({ views: 1, watchTimeHours: 0.08 });
  });

  it('catches up a session started online whose middle was ridden offline', async () => {
    const g = await gym();
    const videoId = await addVideo(g.id);
    const d = offlineDevice(videoId, g.slug);
    expect((await d.beacon('start', 0)).statusCode).toBe(200);
    for (const played of [15, 30, 45]) {
      t.advance(15_000);
      d.make('progress', played);
    }
    t.advance(15_000);
    d.make('progress', 60);
    // Back online at the fourth: the queue goes out in order, the newest last with an age of 0.
    expect(await d.send()).toEqual({ viewCounted: true, watchedSeconds: 60 });
  });

  it('adds nothing for a beacon older than the session’s last, and moves neither its time nor its resume point back', async () => {
    const g = await gym();
    const videoId = await addVideo(g.id);
    const r = rider(videoId, g.slug);
    await r.beacon('start', 0, 0);
    t.advance(30_000);
    await r.beacon('pause', 30, 630);
    const [before] = await sessionsOf(videoId);
    t.advance(10_000);
    // Made 20 s after the start (before the pause), claiming far more and another position.
    const late = await send({
      sessionId: r.sessionId,
      viewerId: r.viewerId,
      videoId,
      gymSlug: g.slug,
      event: 'progress',
      position: 100,
      playedSeconds: 600,
      ageMs: 20_000,
    });
    expect(late.json()).toEqual({ viewCounted: true, watchedSeconds: 30 });
    expect((await sessionsOf(videoId))[0]).toMatchObject({
      watchedSeconds: 30,
      lastPosition: 630,
      lastSeenAt: before!.lastSeenAt,
    });
  });

  it('cannot count more than the time a forged age claims to span', async () => {
    const g = await gym();
    const videoId = await addVideo(g.id);
    const r = rider(videoId, g.slug);
    const beacon = (event: PlaybackBeacon['event'], playedSeconds: number, ageMs: number) =>
      send({
        sessionId: r.sessionId,
        viewerId: r.viewerId,
        videoId,
        gymSlug: g.slug,
        event,
        position: 0,
        playedSeconds,
        ageMs,
      });
    // One beacon, as old as allowed, claiming a day: a new session holds only the slack.
    expect((await beacon('progress', 86_400, BEACON_MAX_AGE_MS)).json().watchedSeconds).toBe(2);
    // A start claimed 10 minutes ago, then an hour claimed now: at most the 10 minutes (+ slack).
    r.newSession();
    await beacon('start', 0, 600_000);
    const now = (await beacon('progress', 3600, 0)).json().watchedSeconds as number;
    expect(now).toBeGreaterThan(590);
    // (+ the real milliseconds between the two requests)
    expect(now).toBeLessThan(600 + 2 + 1);
    // Older than the session's start, claiming more: nothing.
    expect((await beacon('progress', 7200, BEACON_MAX_AGE_MS)).json().watchedSeconds).toBe(now);
  });

  it('dates no ride before the class was uploaded, whatever age a beacon claims', async () => {
    const g = await gym();
    const uploadedAt = new Date(t.now() - 3_600_000);
    const videoId = await addVideo(g.id, { uploadedAt });
    const r = rider(videoId, g.slug);
    const beacon = (event: PlaybackBeacon['event'], playedSeconds: number, ageMs: number) =>
      send({
        sessionId: r.sessionId,
        viewerId: r.viewerId,
        videoId,
        gymSlug: g.slug,
        event,
        position: playedSeconds,
        playedSeconds,
        ageMs,
      });
    // A start claimed 14 days ago for a class uploaded an hour ago: the session starts at the upload.
    await beacon('start', 0, BEACON_MAX_AGE_MS);
    const [session] = await sessionsOf(videoId);
    expect(session!.startedAt).toEqual(uploadedAt);
    // Three hours claimed now: at most the hour since the upload (+ slack).
    const watched = (await beacon('progress', 3 * 3600, 0)).json().watchedSeconds as number;
    expect(watched).toBeGreaterThanOrEqual(3600);
    expect(watched).toBeLessThanOrEqual(3600 + 2 + 1);
  });

  it('keeps the once-an-hour view rule on the beacons’ moments, before or after a view already counted', async () => {
    const g = await gym();
    const videoId = await addVideo(g.id);
    const first = offlineDevice(videoId, g.slug);
    // Ridden 40 min ago offline, sent now: counts.
    first.make('start', 0);
    t.advance(20_000);
    first.make('progress', 20);
    t.advance(40 * 60_000);
    expect((await first.send()).viewCounted).toBe(true);
    // The same tablet's earlier ride (70 min ago, another tab's queue) sent after it: 30 min
    // before the counted view, so no view; a ride 2 hours before it counts.
    const session = (ageMs: number, played: number) =>
      send({
        sessionId: first.sessionId,
        viewerId: first.viewerId,
        videoId,
        gymSlug: g.slug,
        event: 'progress',
        position: played,
        playedSeconds: played,
        ageMs,
      });
    for (const [minutesAgo, counts] of [
      [70, false],
      [160, true],
    ] as const) {
      first.newSession();
      await session(minutesAgo * 60_000, 0);
      const res = await session(minutesAgo * 60_000 - 20_000, 20);
      expect(res.json(), `${minutesAgo} min`).toEqual({ viewCounted: counts, watchedSeconds: 20 });
    }
    expect((await sessionsOf(videoId)).filter((s) => s.viewCountedAt).length).toBe(2);
  });

  it('refuses a hostile age with 400 and changes nothing', async () => {
    const g = await gym();
    const videoId = await addVideo(g.id);
    const r = rider(videoId, g.slug);
    await r.beacon('start', 0, 0);
    t.advance(5_000);
    const [before] = await sessionsOf(videoId);
    const good = {
      sessionId: r.sessionId,
      viewerId: r.viewerId,
      videoId,
      gymSlug: g.slug,
      event: 'progress',
      position: 60,
      playedSeconds: 60,
    };
    const raw = (ageMs: string) => `${JSON.stringify(good).slice(0, -1)},"ageMs":${ageMs}}`;
    for (const body of [
      raw('-1'),
      raw('-86400000'),
      raw(String(BEACON_MAX_AGE_MS + 1)),
      raw('1e308'),
      raw('1e999'), // Infinity once parsed
      raw('null'), // what JSON.stringify makes of NaN
      raw('"5000"'),
      raw('[5000]'),
      raw('NaN'), // not JSON at all
    ]) {
      const res = await send(body);
      expect(res.statusCode, body).toBe(400);
      expect(res.json().message).toMatch(/ageMs|JSON/);
    }
    expect((await send(raw('-1'))).json().message).toBe(
      'ageMs must be a number of milliseconds from 0 to 14 days',
    );
    expect(await sessionsOf(videoId)).toEqual([before]);
    // A new session with a hostile age is not created either.
    expect((await send({ ...good, sessionId: randomUUID(), ageMs: -5 })).statusCode).toBe(400);
    expect(await sessionsOf(videoId)).toHaveLength(1);
    // The bound itself is accepted.
    expect((await send({ ...good, ageMs: BEACON_MAX_AGE_MS })).statusCode).toBe(200);
  });
});

describe('GET /api/playback/resume', () => {
  const resume = (videoId: string, viewerId: string) =>
    t.app.inject({
      method: 'GET',
      url: `${PLAYBACK_RESUME_PATH}?videoId=${videoId}&viewerId=${viewerId}`,
    });

  it('answers where this viewer stopped last, nothing for another viewer, and starts over after the end', async () => {
    const g = await gym();
    const videoId = await addVideo(g.id);
    const r = rider(videoId, g.slug);
    expect((await resume(videoId, r.viewerId)).json()).toEqual({ position: null, at: null });
    await r.beacon('start', 0, 0);
    t.advance(20_000);
    await r.beacon('pause', 20, 620);
    const res = await resume(videoId, r.viewerId);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({ position: 620, at: expect.any(String) });
    expect((await resume(videoId, randomUUID())).json().position).toBeNull();

    r.newSession();
    await r.beacon('start', 0, 620);
    t.advance(10_000);
    await r.beacon('end', 10, 2700);
    expect((await resume(videoId, r.viewerId)).json().position).toBeNull();
  });

  it('answers 400 for malformed ids', async () => {
    expect((await resume('nope', randomUUID())).statusCode).toBe(400);
    expect((await resume(randomUUID(), '<x>')).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: PLAYBACK_RESUME_PATH })).statusCode).toBe(400);
  });
});

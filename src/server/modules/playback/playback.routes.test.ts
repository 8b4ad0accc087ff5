import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLAYBACK_BEACON_PATH, PLAYBACK_RESUME_PATH } from '@shared/playback';
import type { PlaybackBeacon } from '@shared/playback.contract';
import { gymLocations, videoLocations } from '../../db/schema/locations';
import { playbackSessions } from '../../db/schema/playback';
import { videos } from '../../db/schema/videos';
import { registerOwner, startTestApp, type TestApp } from '../../test/harness';
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

async function addVideo(userId: string, extra: Partial<typeof videos.$inferInsert> = {}) {
  const id = randomUUID();
  await t.database.db.insert(videos).values({
    id,
    userId,
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

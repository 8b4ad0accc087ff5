import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEYS_PATH, type CreatedApiKey } from '@shared/api-keys.contract';
import type { PublicGymResponse } from '@shared/gyms.contract';
import {
  RIDE_TRACK_LIMITS,
  RIDE_TRACK_MESSAGES as MESSAGES,
  trackIssues,
  type RideSegment,
} from '@shared/ride-track';
import type { OwnerRideTrack, SavedRideTrack } from '@shared/ride-track.contract';
import { VIDEO_EDITS_LIMITED } from '@shared/videos.contract';
import { classTempo, rideTracks } from '../../db/schema/ride-tracks';
import { users } from '../../db/schema/users';
import {
  injectAs,
  insertClass,
  onboardedGym,
  startTestApp,
  type TestApp,
} from '../../test/harness';
import { EDIT_LIMIT } from '../../plugins/edit-limit';

/**
 * The ride track (issue #20 part 3): saved by the owner when its segments cover the class in
 * order, read by riders once the class is public (JSON and WebVTT), refused field by field, and
 * the same through the API.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
}, 240_000);
afterAll(() => t?.close());

type Owner = Awaited<ReturnType<typeof onboardedGym>>;
const gym = (plan: 'spin-starter' | 'elite-studio' = 'spin-starter') => onboardedGym(t, plan);

const call = (
  owner: { cookie: string } | null,
  method: string,
  url: string,
  payload?: unknown,
  headers?: Record<string, string>,
) => injectAs(t, owner, method, url, payload, headers);
const aClass = (owner: Owner, extra: Parameters<typeof insertClass>[2] = {}) =>
  insertClass(t, owner.id, extra);

const segment = (startSeconds: number, endSeconds: number, more: Partial<RideSegment> = {}) => ({
  startSeconds,
  endSeconds,
  name: 'Flat road',
  cadence: { min: 85, max: 95 },
  resistance: 4,
  zone: 2,
  position: 'seated',
  cue: 'Light legs',
  ...more,
});

const TRACK = [
  segment(0, 300, { name: 'Warm-up', zone: 1, resistance: 2 }),
  segment(300, 900, {
    name: 'Climb',
    cadence: { min: 60, max: 70 },
    resistance: 8,
    zone: 4,
    position: 'standing',
    cue: 'Out of the saddle <on the chorus> & push --> top',
  }),
  segment(900, 1800, { name: 'Cool-down', cadence: null, resistance: null, zone: null, cue: '' }),
];

const trackPath = (id: string) => `/api/auth/videos/${id}/ride-track`;
const publicPath = (id: string) => `/api/classes/${id}/ride-track`;

describe('the owner saves and reads a ride track', () => {
  it('saves segments covering the class; the player reads them publicly, as JSON and WebVTT', async () => {
    const owner = await gym();
    const id = await aClass(owner);

    const empty = await call(owner, 'GET', trackPath(id));
    expect(empty.statusCode).toBe(200);
    expect(empty.json<OwnerRideTrack>()).toEqual({
      durationSeconds: 1800,
      rideTrack: null,
      tempo: null,
      suggestion: null,
    });
    expect((await call(null, 'GET', publicPath(id))).statusCode).toBe(404);

    const saved = await call(owner, 'PUT', trackPath(id), { segments: TRACK });
    expect(saved.statusCode, saved.body).toBe(200);
    const body = saved.json<SavedRideTrack>();
    expect(body.message).toBe(MESSAGES.saved);
    expect(body.rideTrack.segments).toEqual(TRACK);

    const read = (await call(owner, 'GET', trackPath(id))).json<OwnerRideTrack>();
    expect(read.rideTrack?.segments).toEqual(TRACK);

    const pub = await call(null, 'GET', publicPath(id));
    expect(pub.statusCode).toBe(200);
    expect(pub.json()).toEqual({ segments: TRACK });
    expect(pub.headers['cache-control']).toBe('public, max-age=60');
    expect(pub.headers['access-control-allow-origin']).toBe('*');
    const etag = String(pub.headers.etag);
    const again = await call(null, 'GET', publicPath(id), undefined, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);

    const vtt = await call(null, 'GET', `${publicPath(id)}.vtt`);
    expect(vtt.statusCode).toBe(200);
    expect(vtt.headers['content-type']).toBe('text/vtt; charset=utf-8');
    expect(vtt.headers.etag).not.toBe(etag);
    const blocks = vtt.body.split('\n\n');
    expect(blocks[0]).toBe('WEBVTT');
    expect(blocks[1]).toMatch(/^segment-1\n00:00:00\.000 --> 00:05:00\.000\n\{/);
    expect(blocks[3]).toMatch(/^segment-3\n00:15:00\.000 --> 00:30:00\.000\n/);
    // The cue text is the segment as JSON on one line, with nothing a WebVTT parser would read.
    const climb = blocks[2]!.split('\n');
    expect(climb).toHaveLength(3);
    expect(climb[2]).not.toMatch(/[<>&]/);
    expect(JSON.parse(climb[2]!)).toEqual(TRACK[1]);
  });

  it('names the track in the public gym answer, versioned by its last save', async () => {
    const owner = await gym();
    const id = await aClass(owner);
    const answer = async () =>
      (await call(null, 'GET', `/api/gym/${owner.slug}`)).json<PublicGymResponse>();
    const rideTrackUrl = async () =>
      'videos' in (await answer())
        ? (await answer()).videos.find((v) => v.id === id)?.rideTrackUrl
        : undefined;
    expect(await rideTrackUrl()).toBeNull();

    await call(owner, 'PUT', trackPath(id), { segments: TRACK });
    const first = await rideTrackUrl();
    expect(first).toMatch(new RegExp(`^${publicPath(id)}\\?v=[0-9a-z]+$`));
    await new Promise((resolve) => setTimeout(resolve, 5));
    await call(owner, 'PUT', trackPath(id), { segments: [segment(0, 1800)] });
    const second = await rideTrackUrl();
    expect(second).not.toBe(first);

    const removed = await call(owner, 'DELETE', trackPath(id));
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ message: MESSAGES.removed });
    expect(await rideTrackUrl()).toBeNull();
    expect((await call(null, 'GET', publicPath(id))).statusCode).toBe(404);
    expect((await call(owner, 'DELETE', trackPath(id))).statusCode).toBe(404);
  });

  it('offers the tempo detected in the music and a track suggested from it', async () => {
    const owner = await gym();
    const id = await aClass(owner, { duration: '600' });
    const points = Array.from({ length: 120 }, (_, i) => ({
      atSeconds: i * 5,
      bpm: i < 60 ? 128 : 100,
    }));
    await t.database.db.insert(classTempo).values({ videoId: id, points, detector: 'test' });
    const view = (await call(owner, 'GET', trackPath(id))).json<OwnerRideTrack>();
    expect(view.tempo).toEqual(points);
    expect(view.suggestion).not.toBeNull();
    const suggestion = view.suggestion as RideSegment[];
    expect(trackIssues(suggestion, 600)).toEqual([]);
    // The suggestion is a track the owner can save as it is.
    const saved = await call(owner, 'PUT', trackPath(id), { segments: suggestion });
    expect(saved.statusCode, saved.body).toBe(200);
  });

  it('is private before the class is public: its owner and an admin only', async () => {
    const owner = await gym();
    const id = await aClass(owner, { processingStatus: 'processing' });
    await call(owner, 'PUT', trackPath(id), { segments: TRACK });
    expect((await call(null, 'GET', publicPath(id))).statusCode).toBe(404);
    expect((await call(await gym(), 'GET', publicPath(id))).statusCode).toBe(404);
    expect((await call(owner, 'GET', publicPath(id))).statusCode).toBe(200);
    const admin = await gym();
    await t.database.db.update(users).set({ isAdmin: 'true' }).where(eq(users.id, admin.id));
    expect((await call(admin, 'GET', `${publicPath(id)}.vtt`)).statusCode).toBe(200);
  });
});

describe('refusals change nothing', () => {
  const bad: Array<[string, unknown, string, string]> = [
    ['a gap', [segment(0, 300), segment(310, 1800)], 'segments.1.startSeconds', MESSAGES.gap],
    ['an overlap', [segment(0, 300), segment(290, 1800)], 'segments.1.startSeconds', MESSAGES.gap],
    ['a late start', [segment(10, 1800)], 'segments.0.startSeconds', MESSAGES.firstStart],
    ['an early end', [segment(0, 1700)], 'segments.0.endSeconds', MESSAGES.lastEnd('30:00')],
    ['a long end', [segment(0, 1900)], 'segments.0.endSeconds', MESSAGES.lastEnd('30:00')],
    [
      'a reversed segment',
      [segment(0, 300), segment(300, 200), segment(200, 1800)],
      'segments.1.endSeconds',
      MESSAGES.order,
    ],
    ['a blink', [segment(0, 2), segment(2, 1800)], 'segments.0.endSeconds', MESSAGES.short],
    [
      'a fraction',
      [segment(0, 1.5), segment(1.5, 1800)],
      'segments.0.endSeconds',
      MESSAGES.seconds,
    ],
    ['a negative time', [segment(-5, 1800)], 'segments.0.startSeconds', MESSAGES.seconds],
    [
      'a reversed cadence',
      [segment(0, 1800, { cadence: { min: 90, max: 80 } })],
      'segments.0.cadence.max',
      MESSAGES.cadence,
    ],
    [
      'a cadence off the scale',
      [segment(0, 1800, { cadence: { min: 10, max: 80 } })],
      'segments.0.cadence.min',
      MESSAGES.cadence,
    ],
    [
      'resistance 11',
      [segment(0, 1800, { resistance: 11 })],
      'segments.0.resistance',
      MESSAGES.resistance,
    ],
    ['zone 6', [segment(0, 1800, { zone: 6 as never })], 'segments.0.zone', MESSAGES.zone],
    [
      'a position',
      [segment(0, 1800, { position: 'lying' as never })],
      'segments.0.position',
      MESSAGES.position,
    ],
    ['no name', [segment(0, 1800, { name: '   ' })], 'segments.0.name', MESSAGES.name],
    ['a long name', [segment(0, 1800, { name: 'x'.repeat(41) })], 'segments.0.name', MESSAGES.name],
    ['a long cue', [segment(0, 1800, { cue: 'x'.repeat(121) })], 'segments.0.cue', MESSAGES.cue],
    ['no segments', [], 'segments', MESSAGES.empty],
    ['not a list', 'warm-up', 'segments', MESSAGES.empty],
    [
      'too many',
      Array.from({ length: RIDE_TRACK_LIMITS.segments + 1 }, (_, i) => segment(i * 5, i * 5 + 5)),
      'segments',
      MESSAGES.tooMany,
    ],
  ];

  it.each(bad)('refuses %s with the field and its words', async (_, segments, field, message) => {
    const owner = await gym();
    const id = await aClass(owner);
    const res = await call(owner, 'PUT', trackPath(id), { segments });
    expect(res.statusCode, res.body).toBe(400);
    const body = res.json<{ message: string; errors: Array<{ field: string; message: string }> }>();
    expect(body.errors).toContainEqual({ field, message });
    expect(await t.database.db.select().from(rideTracks).where(eq(rideTracks.videoId, id))).toEqual(
      [],
    );
  });

  it('rounds a length stored with a fraction, as ingest does', async () => {
    const owner = await gym();
    const id = await aClass(owner, { duration: '1799.6' });
    expect((await call(owner, 'GET', trackPath(id))).json<OwnerRideTrack>().durationSeconds).toBe(
      1800,
    );
    expect((await call(owner, 'PUT', trackPath(id), { segments: TRACK })).statusCode).toBe(200);
  });

  it('refuses a class whose length is not known yet', async () => {
    const owner = await gym();
    const id = await aClass(owner, { duration: null, processingStatus: 'uploaded' });
    const res = await call(owner, 'PUT', trackPath(id), { segments: TRACK });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MESSAGES.lengthUnknown);
    expect((await call(owner, 'GET', trackPath(id))).json<OwnerRideTrack>().durationSeconds).toBe(
      null,
    );
  });

  it("answers 404 for another owner's class, an unknown id and a malformed one", async () => {
    const owner = await gym();
    const id = await aClass(owner);
    await call(owner, 'PUT', trackPath(id), { segments: TRACK });
    const other = await gym();
    for (const [method, payload] of [
      ['GET', undefined],
      ['PUT', { segments: TRACK }],
      ['DELETE', undefined],
    ] as const) {
      expect((await call(other, method, trackPath(id), payload)).statusCode).toBe(404);
      expect((await call(owner, method, trackPath(randomUUID()), payload)).statusCode).toBe(404);
      expect((await call(owner, method, trackPath('not-an-id'), payload)).statusCode).toBe(404);
    }
    expect((await call(null, 'GET', publicPath('not-an-id'))).statusCode).toBe(404);
    expect(
      (await call(owner, 'GET', trackPath(id))).json<OwnerRideTrack>().rideTrack?.segments,
    ).toEqual(TRACK);
  });

  it('stops a loop of saves at the library edit limit (each rebuilds the public page)', async () => {
    const owner = await gym();
    const id = await aClass(owner);
    for (let i = 0; i < EDIT_LIMIT.max; i++) {
      const res = await call(owner, 'PUT', trackPath(id), { segments: TRACK });
      expect(res.statusCode).toBe(200);
    }
    const cut = await call(owner, 'PUT', trackPath(id), { segments: TRACK });
    expect(cut.statusCode).toBe(429);
    expect(cut.json().message).toBe(VIDEO_EDITS_LIMITED);
  });

  it('goes with its class', async () => {
    const owner = await gym();
    const id = await aClass(owner);
    await call(owner, 'PUT', trackPath(id), { segments: TRACK });
    expect((await call(owner, 'DELETE', `/api/auth/videos/${id}`)).statusCode).toBe(204);
    expect(await t.database.db.select().from(rideTracks).where(eq(rideTracks.videoId, id))).toEqual(
      [],
    );
  });
});

describe('through the API', () => {
  async function key(owner: Owner, scope: 'read' | 'write') {
    const res = await call(owner, 'POST', API_KEYS_PATH, { name: `${scope} key`, scope });
    expect(res.statusCode, res.body).toBe(201);
    return { authorization: `Bearer ${res.json<CreatedApiKey>().secret}` };
  }

  it('reads, saves, exports and removes a track with a key; refusals name the fields', async () => {
    const owner = await gym('elite-studio');
    const id = await aClass(owner);
    const [read, write] = [await key(owner, 'read'), await key(owner, 'write')];
    const path = `/api/v1/classes/${id}/ride-track`;

    expect((await call(null, 'GET', path, undefined, read)).statusCode).toBe(404);
    expect((await call(null, 'PUT', path, { segments: TRACK }, read)).statusCode).toBe(403);
    const saved = await call(null, 'PUT', path, { segments: TRACK }, write);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ segments: TRACK });
    expect((await call(null, 'GET', path, undefined, read)).json()).toEqual({ segments: TRACK });
    const vtt = await call(null, 'GET', `${path}.vtt`, undefined, read);
    expect(vtt.statusCode).toBe(200);
    expect(vtt.body.startsWith('WEBVTT\n\nsegment-1\n00:00:00.000 --> 00:05:00.000\n')).toBe(true);

    const refused = await call(null, 'PUT', path, { segments: [segment(0, 100)] }, write);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      error: {
        code: 'invalid_request',
        message: MESSAGES.lastEnd('30:00'),
        fields: [{ field: 'segments.0.endSeconds', message: MESSAGES.lastEnd('30:00') }],
      },
    });

    const other = await gym('elite-studio');
    expect((await call(null, 'GET', path, undefined, await key(other, 'read'))).statusCode).toBe(
      404,
    );
    expect((await call(null, 'DELETE', path, undefined, write)).statusCode).toBe(204);
    expect((await call(null, 'GET', path, undefined, read)).statusCode).toBe(404);
  });
});

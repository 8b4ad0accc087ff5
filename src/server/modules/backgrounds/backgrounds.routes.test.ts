/**
 * The built-in backgrounds and the owner's re-run (issue #15 part 2, decision 0027), through the
 * API against the real database (PGlite, or PostgreSQL with DATABASE_URL).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  BACKGROUND_MESSAGES,
  BUILT_IN_BACKGROUND_IDS,
  type BackgroundsResponse,
} from '@shared/backgrounds.contract';
import { ENHANCEMENT_LOCKS, type VideoDto } from '@shared/videos.contract';
import { videoEvents, videos } from '../../db/schema/videos';
import type { MediaJobs } from '../../jobs/media-jobs';
import { BACKGROUNDS } from '../../media/background-args';
import { registerOwner, setPlan, startTestApp, type TestApp } from '../../test/harness';
import { REENHANCE_LIMIT } from './backgrounds.routes';

let t: TestApp;
const jobs = {
  ingest: vi.fn(async (_id: string) => {}),
  enhance: vi.fn(async (_id: string) => {}),
  package: vi.fn(async (_id: string) => {}),
  repackage: vi.fn(async (_id: string) => {}),
} satisfies MediaJobs;
type Account = Awaited<ReturnType<typeof registerOwner>>;

/** Choosing a background comes with Premium AI enhancement (Spin Master and up). */
async function premiumOwner(): Promise<Account> {
  const owner = await registerOwner(t.app);
  await setPlan(t.database, owner.id, 'spin-master');
  return owner;
}

beforeAll(async () => {
  t = await startTestApp({ deps: { media: jobs } });
}, 240_000);
afterAll(async () => {
  await t?.close();
});
beforeEach(() => {
  jobs.enhance.mockClear();
});

const HLS = '/media/videos/x/hls/v1/master.m3u8';

/** An enhanced class that asked for a background, playing from its first ladder. */
async function enhancedVideo(owner: Account, values: Partial<typeof videos.$inferInsert> = {}) {
  const [row] = await t.database.db
    .insert(videos)
    .values({
      userId: owner.id,
      title: 'Hill climb',
      originalFileName: 'hill.mp4',
      originalFileUrl: '/api/objects/uploads/x/hill.mp4',
      originalKey: `uploads/${owner.id}/hill.mp4`,
      fileSize: '1000',
      processingStatus: 'enhanced',
      replaceBackground: true,
      backgroundDescription: 'a bright loft with brick walls',
      enhancedKey: 'videos/x/enhanced/v1.mp4',
      hlsUrl: HLS,
      ...values,
    })
    .returning();
  return row!;
}

function reenhance(owner: Account | null, id: string, payload: unknown) {
  return t.app.inject({
    method: 'POST',
    url: `/api/auth/videos/${id}/re-enhance`,
    headers: owner ? { cookie: owner.cookie } : {},
    payload: payload as object,
  });
}

async function stateOf(id: string) {
  const [row] = await t.database.db.select().from(videos).where(eq(videos.id, id));
  const events = await t.database.db.select().from(videoEvents).where(eq(videoEvents.videoId, id));
  return { row: row!, events };
}

describe('GET /api/auth/backgrounds', () => {
  it('lists every built-in background with a preview drawn by the same code', async () => {
    const owner = await registerOwner(t.app);
    expect(BACKGROUNDS.map((b) => b.id)).toEqual([...BUILT_IN_BACKGROUND_IDS]);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/auth/backgrounds',
      headers: { cookie: owner.cookie },
    });
    expect(res.statusCode).toBe(200);
    const { backgrounds } = res.json() as BackgroundsResponse;
    expect(backgrounds.map((b) => [b.id, b.label])).toEqual(
      BACKGROUNDS.map((b) => [b.id, b.label]),
    );

    const preview = await t.app.inject({ method: 'GET', url: backgrounds[1]!.previewUrl });
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['content-type']).toBe('image/jpeg');
    expect(preview.rawPayload.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    // Kept: the second request reads the stored still.
    const again = await t.app.inject({ method: 'GET', url: backgrounds[1]!.previewUrl });
    expect(again.rawPayload.equals(preview.rawPayload)).toBe(true);
  });

  it('needs a signed-in owner; an unknown preview is a 404', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/backgrounds' })).statusCode).toBe(
      401,
    );
    for (const id of ['nope', '..%2F..%2Fetc', 'studio%00']) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/media/backgrounds/${id}/preview.jpg`,
      });
      expect(res.statusCode).toBe(404);
    }
  });
});

describe('POST /api/auth/videos/:id/re-enhance', () => {
  it('keeps the class enhanced and playable, records the choice and queues enhancement', async () => {
    const owner = await premiumOwner();
    const video = await enhancedVideo(owner);
    const res = await reenhance(owner, video.id, { backgroundId: 'sunset-road' });
    expect(res.statusCode).toBe(202);
    const dto = (res.json() as { video: VideoDto }).video;
    expect(dto).toMatchObject({
      processingStatus: 'enhanced',
      reenhancing: true,
      backgroundId: 'sunset-road',
      hlsUrl: HLS,
    });
    expect(jobs.enhance).toHaveBeenCalledWith(video.id);
    const after = await stateOf(video.id);
    expect(after.row).toMatchObject({ processingStatus: 'enhanced', backgroundId: 'sunset-road' });
    expect(after.row.reenhanceRequestedAt).not.toBeNull();
    expect(after.events).toMatchObject([
      { action: 'reenhance_requested', actorId: owner.id, toStatus: 'enhanced' },
    ]);

    // Already running: refused, nothing queued again.
    const twice = await reenhance(owner, video.id, { backgroundId: 'studio' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(BACKGROUND_MESSAGES.alreadyRunning);
    expect(jobs.enhance).toHaveBeenCalledTimes(1);
    expect((await stateOf(video.id)).row.backgroundId).toBe('sunset-road');
  });

  it('refuses an unknown background (400), another owner (404), and a class not ready', async () => {
    const owner = await premiumOwner();
    const other = await registerOwner(t.app);
    const video = await enhancedVideo(owner);
    for (const body of [{ backgroundId: 'brick-loft' }, { backgroundId: 7 }, {}, []]) {
      const res = await reenhance(owner, video.id, body);
      expect(res.statusCode).toBe(400);
    }
    const unknown = await reenhance(owner, video.id, { backgroundId: 'brick-loft' });
    expect(unknown.json().message).toContain(BACKGROUND_MESSAGES.unknown);

    expect((await reenhance(other, video.id, { backgroundId: 'studio' })).statusCode).toBe(404);
    expect((await reenhance(null, video.id, { backgroundId: 'studio' })).statusCode).toBe(401);
    expect((await reenhance(owner, 'not-a-uuid', { backgroundId: 'studio' })).statusCode).toBe(404);

    // Another owner of theirs, so the rate limit (per session) has room for these.
    const second = await premiumOwner();
    const processing = await enhancedVideo(second, { processingStatus: 'processing' });
    const noBackground = await enhancedVideo(second, { replaceBackground: false });
    const refusals = [
      [processing.id, BACKGROUND_MESSAGES.notEnhanced],
      [noBackground.id, BACKGROUND_MESSAGES.noBackground],
    ] as const;
    for (const [id, message] of refusals) {
      const res = await reenhance(second, id, { backgroundId: 'studio' });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(message);
    }
    expect(jobs.enhance).not.toHaveBeenCalled();
    for (const row of [video, processing, noBackground]) {
      const after = await stateOf(row.id);
      expect(after.row).toEqual(row);
      expect(after.events).toEqual([]);
    }
  });

  it('refuses an owner whose plan lacks Premium AI enhancement, and changes nothing', async () => {
    const owner = await registerOwner(t.app);
    await setPlan(t.database, owner.id, 'power-cycle');
    const video = await enhancedVideo(owner);
    const res = await reenhance(owner, video.id, { backgroundId: 'studio' });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(ENHANCEMENT_LOCKS.background);
    expect(jobs.enhance).not.toHaveBeenCalled();
    const after = await stateOf(video.id);
    expect(after.row).toEqual(video);
    expect(after.events).toEqual([]);
  });

  it('is rate-limited per owner', async () => {
    const owner = await premiumOwner();
    const video = await enhancedVideo(owner, { replaceBackground: false });
    for (let i = 0; i < REENHANCE_LIMIT.max; i++) {
      expect((await reenhance(owner, video.id, { backgroundId: 'studio' })).statusCode).toBe(409);
    }
    const limited = await reenhance(owner, video.id, { backgroundId: 'studio' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe(BACKGROUND_MESSAGES.tooMany);
  });
});

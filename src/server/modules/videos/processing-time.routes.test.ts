import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SECONDS_PER_VIDEO_SECOND } from '@shared/processing-time.contract';
import { users } from '../../db/schema/users';
import { videoEvents, videos } from '../../db/schema/videos';
import { startTestApp, type TestApp } from '../../test/harness';
import { PROCESSING_TIME_CACHE_MS } from './processing-time.service';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: { AUTO_ENHANCE: 'false' } });
});
afterAll(() => t.close());

const get = () => t.app.inject({ method: 'GET', url: '/api/processing-time' });

/** A video uploaded `elapsed` seconds before its first 'enhanced' event (by `action`). */
async function enhancedVideo(
  ownerId: string,
  duration: string,
  elapsed: number,
  action = 'enhanced',
) {
  const uploadedAt = new Date(Date.now() - 3_600_000);
  const [video] = await t.database.db
    .insert(videos)
    .values({
      userId: ownerId,
      title: 'Class',
      originalFileName: 'class.mp4',
      originalFileUrl: '/objects/x',
      fileSize: '1000',
      duration,
      processingStatus: 'enhanced',
      uploadedAt,
    })
    .returning();
  await t.database.db.insert(videoEvents).values({
    videoId: video!.id,
    action: action as 'enhanced',
    fromStatus: 'processing',
    toStatus: 'enhanced',
    createdAt: new Date(uploadedAt.getTime() + elapsed * 1000),
  });
}

describe('GET /api/processing-time', () => {
  it('answers the default speed and AUTO_ENHANCE to anyone, then the measured median', async () => {
    const first = await get();
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      autoEnhance: false,
      secondsPerVideoSecond: DEFAULT_SECONDS_PER_VIDEO_SECOND,
      measured: false,
    });

    const [owner] = await t.database.db
      .insert(users)
      .values({ email: 'speed@example.com', password: 'x' })
      .returning();
    await enhancedVideo(owner!.id, '30', 90); // 3
    await enhancedVideo(owner!.id, '60.5', 242); // 4
    await enhancedVideo(owner!.id, '60', 300); // 5
    await enhancedVideo(owner!.id, '60', 6000, 'enhanced_uploaded'); // by hand: not counted
    await enhancedVideo(owner!.id, 'unknown', 10); // no length: not counted

    // Cached for a minute: the same answer until then.
    expect((await get()).json().measured).toBe(false);
    t.advance(PROCESSING_TIME_CACHE_MS);
    expect((await get()).json()).toEqual({
      autoEnhance: false,
      secondsPerVideoSecond: 4,
      measured: true,
    });
  });
});

import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { users } from '../../db/schema/users';
import { videos } from '../../db/schema/videos';
import { mediaKeys, mediaUrls } from '../../media/media-paths';
import { openObjectStore } from '../../storage/create-object-store';
import type { ObjectStore } from '../../storage/object-store';
import { registerOwner, startTestApp, type TestApp } from '../harness';
import { CACHE } from '../../modules/media/media.routes';

/** Audit (low): thumbnail.jpg and poster.jpg were public for a video in any status. */
let t: TestApp;
let store: ObjectStore;
let dataDir: string;
let owner: Awaited<ReturnType<typeof registerOwner>>;
let other: Awaited<ReturnType<typeof registerOwner>>;
let admin: Awaited<ReturnType<typeof registerOwner>>;

const bytes = (n: number) => Buffer.from(Array.from({ length: n }, (_, i) => i % 256));
const put = (key: string, body: Buffer) => store.put(key, Readable.from([body]));

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'cadence-media-routes-'));
  const env = { NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir };
  store = await openObjectStore(loadConfig(env), Date.now);
  t = await startTestApp({ env, deps: { objectStore: store } });
  t.database.pool?.on('error', () => {});
  owner = await registerOwner(t.app);
  other = await registerOwner(t.app);
  admin = await registerOwner(t.app);
  await t.database.db.update(users).set({ isAdmin: 'true' }).where(eq(users.id, admin.id));
});
afterAll(async () => {
  await t.close();
  await store.close();
  await rm(dataDir, { recursive: true, force: true });
});

async function makeVideo(over: Partial<typeof videos.$inferInsert> = {}) {
  const [row] = await t.database.db
    .insert(videos)
    .values({
      userId: owner.id,
      title: 'Ride',
      originalFileName: 'Hill climb.mov',
      originalFileUrl: '/api/objects/uploads/x',
      fileSize: '10',
      ...over,
    })
    .returning();
  return row!;
}

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

describe('stills of a video that is not enhanced', () => {
  it('are for the owner and admins until the video is enhanced, then public', async () => {
    const v = await makeVideo({ thumbnailUrl: 'set' });
    await put(mediaKeys.thumbnail(v.id), bytes(50));
    await put(mediaKeys.poster(v.id), bytes(60));
    for (const url of [mediaUrls.thumbnail(v.id), mediaUrls.poster(v.id)]) {
      expect((await get(url)).statusCode).toBe(401);
      expect((await get(url, { cookie: other.cookie })).statusCode).toBe(404);
      const mine = await get(url, { cookie: owner.cookie });
      expect(mine.statusCode).toBe(200);
      expect(mine.headers['cache-control']).toBe(CACHE.private);
      expect(mine.headers['access-control-allow-origin']).toBeUndefined();
      expect((await get(url, { cookie: admin.cookie })).statusCode).toBe(200);
    }
    await t.database.db
      .update(videos)
      .set({ processingStatus: 'enhanced' })
      .where(eq(videos.id, v.id));
    const res = await get(mediaUrls.thumbnail(v.id));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['cache-control']).toBe(CACHE.still);
    expect(res.rawPayload).toEqual(bytes(50));
    expect((await get(mediaUrls.poster(v.id))).rawPayload).toEqual(bytes(60));
  });
});

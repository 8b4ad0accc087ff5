import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { users } from '../../db/schema/users';
import { retiredMedia, videos } from '../../db/schema/videos';
import { mediaKeys, mediaUrls } from '../../media/media-paths';
import { openObjectStore } from '../../storage/create-object-store';
import type { ObjectStore } from '../../storage/object-store';
import { registerOwner, startTestApp, type TestApp } from '../../test/harness';
import { CACHE, enhancedDownloadName } from './media.routes';

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

describe('stills', () => {
  it('are 404 before ingest made them, and for unknown or malformed ids', async () => {
    const v = await makeVideo();
    expect((await get(mediaUrls.thumbnail(v.id), { cookie: owner.cookie })).statusCode).toBe(404);
    expect((await get('/media/videos/not-a-uuid/thumbnail.jpg')).json()).toEqual({
      message: 'Media not found',
    });
    expect(
      (await get(mediaUrls.thumbnail('7b0a8a52-5f0e-4c4a-9d7e-7d2f7f9a0c11'))).statusCode,
    ).toBe(404);
  });
});

describe('preview', () => {
  it('answers 401 signed out, 404 to another owner, the file to its owner and to an admin', async () => {
    const v = await makeVideo({ previewUrl: 'set' });
    await put(mediaKeys.preview(v.id), bytes(1000));
    const url = mediaUrls.preview(v.id);
    expect((await get(url)).statusCode).toBe(401);
    expect((await get(url, { cookie: other.cookie })).statusCode).toBe(404);
    const mine = await get(url, { cookie: owner.cookie });
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-type']).toBe('video/mp4');
    expect(mine.headers['cache-control']).toBe(CACHE.private);
    expect(mine.rawPayload).toEqual(bytes(1000));
    expect((await get(url, { cookie: admin.cookie })).statusCode).toBe(200);
  });
});

describe('enhanced file', () => {
  it('is private until the video is enhanced, then public with ranges and a download name', async () => {
    // Any key: an admin upload may live elsewhere than the pipeline's own files.
    const key = 'uploads/admin/enhanced-1';
    const v = await makeVideo({ processingStatus: 'processing', enhancedKey: key });
    await put(key, bytes(300));
    const url = `/media/videos/${v.id}/enhanced.mp4`;
    expect((await get(url)).statusCode).toBe(401);
    expect((await get(url, { cookie: owner.cookie })).statusCode).toBe(200);

    await t.database.db
      .update(videos)
      .set({ processingStatus: 'enhanced' })
      .where(eq(videos.id, v.id));
    const part = await get(url, { range: 'bytes=100-199' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe('bytes 100-199/300');
    expect(part.rawPayload).toEqual(bytes(300).subarray(100, 200));
    expect(part.headers['cache-control']).toBe(CACHE.enhanced);
    expect(part.headers['content-type']).toBe('video/mp4');
    expect((await get(url, { range: 'bytes=400-' })).statusCode).toBe(416);
    const head = await t.app.inject({ method: 'HEAD', url });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe('300');
    expect(head.rawPayload.length).toBe(0);
    // Behaviour change (audit): the public download no longer carries the owner's file name.
    const download = await get(`${url}?download=1`);
    expect(download.headers['content-disposition']).toContain('filename="ride.mp4"');
    expect(download.headers['content-disposition']).not.toContain('Hill');
    expect(download.headers['cache-control']).toBe(CACHE.enhanced);
    for (const who of [owner, admin]) {
      const own = await get(`${url}?download=1`, { cookie: who.cookie });
      expect(own.headers['content-disposition']).toContain('filename="Hill climb-enhanced.mp4"');
      expect(own.headers['cache-control']).toBe(CACHE.private);
    }
    const theirs = await get(`${url}?download=1`, { cookie: other.cookie });
    expect(theirs.headers['content-disposition']).toContain('filename="ride.mp4"');
    expect(enhancedDownloadName('noext')).toBe('noext-enhanced.mp4');
  });
});

describe('HLS', () => {
  it('serves only the current version of an enhanced video, with the right types and caching', async () => {
    const v = await makeVideo({ processingStatus: 'processing' });
    await t.database.db
      .update(videos)
      .set({ hlsUrl: mediaUrls.hls(v.id, 'abc123') })
      .where(eq(videos.id, v.id));
    const prefix = mediaKeys.hls(v.id, 'abc123');
    await put(`${prefix}master.m3u8`, Buffer.from('#EXTM3U\nv360p/index.m3u8\n'));
    await put(`${prefix}v360p/seg_0000.m4s`, bytes(64));
    await put(`${prefix}v360p/seg_0000.ts`, bytes(64));
    const base = `/media/videos/${v.id}/hls/abc123/`;
    // Not enhanced yet: nothing is served.
    expect((await get(`${base}master.m3u8`)).statusCode).toBe(404);

    await t.database.db
      .update(videos)
      .set({ processingStatus: 'enhanced' })
      .where(eq(videos.id, v.id));
    const master = await get(`${base}master.m3u8`);
    expect(master.statusCode).toBe(200);
    expect(master.headers['content-type']).toBe('application/vnd.apple.mpegurl');
    expect(master.headers['cache-control']).toBe(CACHE.playlist);
    const m4s = await get(`${base}v360p/seg_0000.m4s`);
    expect(m4s.headers['content-type']).toBe('video/mp4');
    expect(m4s.headers['cache-control']).toBe(CACHE.immutable);
    expect((await get(`${base}v360p/seg_0000.ts`)).headers['content-type']).toBe('video/mp2t');
    // An old version, an escape attempt and a missing file: 404.
    expect((await get(`/media/videos/${v.id}/hls/old1/master.m3u8`)).statusCode).toBe(404);
    expect((await get(`${base}..%2F..%2F..%2Fsecret`)).statusCode).toBe(404);
    expect((await get(`${base}v360p/missing.m4s`)).statusCode).toBe(404);
  });

  it('keeps a replaced ladder playable during its grace period, then 404', async () => {
    const v = await makeVideo({ processingStatus: 'enhanced' });
    await t.database.db
      .update(videos)
      .set({ hlsUrl: mediaUrls.hls(v.id, 'new1') })
      .where(eq(videos.id, v.id));
    const oldPrefix = mediaKeys.hls(v.id, 'old1');
    await put(`${oldPrefix}master.m3u8`, Buffer.from('#EXTM3U\nv360p/index.m3u8\n'));
    const oldMaster = `/media/videos/${v.id}/hls/old1/master.m3u8`;
    expect((await get(oldMaster)).statusCode).toBe(404);
    await t.database.db.insert(retiredMedia).values({
      prefix: oldPrefix,
      videoId: v.id,
      version: 'old1',
      deleteAfter: new Date(Date.now() + 60_000),
    });
    expect((await get(oldMaster)).statusCode).toBe(200);
    await t.database.db
      .update(retiredMedia)
      .set({ deleteAfter: new Date(Date.now() - 1000) })
      .where(eq(retiredMedia.prefix, oldPrefix));
    expect((await get(oldMaster)).statusCode).toBe(404);
  });
});

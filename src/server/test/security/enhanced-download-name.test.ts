import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { users } from '../../db/schema/users';
import { videos } from '../../db/schema/videos';
import { openObjectStore } from '../../storage/create-object-store';
import type { ObjectStore } from '../../storage/object-store';
import { registerOwner, startTestApp, type TestApp } from '../harness';
import { CACHE, publicDownloadName } from '../../modules/media/media.routes';

/** Audit (low): ?download=1 on a public enhanced.mp4 revealed the owner's original file name. */
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

describe('the public download name of an enhanced video', () => {
  it('gives the public the class title, the owner and admins their own file name', async () => {
    const key = 'uploads/admin/enhanced-2';
    const v = await makeVideo({
      processingStatus: 'enhanced',
      enhancedKey: key,
      title: 'Hill Climb',
    });
    await put(key, bytes(100));
    const url = `/media/videos/${v.id}/enhanced.mp4?download=1`;
    for (const cookie of [undefined, other.cookie]) {
      const res = await get(url, cookie ? { cookie } : {});
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-disposition']).toContain('filename="hill-climb.mp4"');
      expect(res.headers['content-disposition']).not.toContain('Hill climb');
      expect(res.headers['cache-control']).toBe(CACHE.enhanced);
    }
    for (const who of [owner, admin]) {
      const own = await get(url, { cookie: who.cookie });
      expect(own.headers['content-disposition']).toContain('filename="Hill climb-enhanced.mp4"');
      // Never stored by a shared cache, which could hand it to the public.
      expect(own.headers['cache-control']).toBe(CACHE.private);
    }
  });

  it('names a public download after the class title, never the file', () => {
    const id = '7b0a8a52-5f0e-4c4a-9d7e-7d2f7f9a0c11';
    expect(publicDownloadName("Hill Climb: 45' @ Studio 2!", id)).toBe(
      'hill-climb-45-studio-2.mp4',
    );
    expect(publicDownloadName('Über Spin', id)).toBe('über-spin.mp4');
    expect(publicDownloadName('🚴🚴', id)).toBe('class-7b0a8a52.mp4');
    expect(publicDownloadName('-'.repeat(20_000) + 'x', id)).toBe('x.mp4');
    expect([...publicDownloadName('𝒜'.repeat(300), id)]).toHaveLength(84);
  });
});

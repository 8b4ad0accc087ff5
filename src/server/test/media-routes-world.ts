import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { loadConfig } from '../config';
import { users } from '../db/schema/users';
import { videos } from '../db/schema/videos';
import { openObjectStore } from '../storage/create-object-store';
import type { ObjectStore } from '../storage/object-store';
import { registerOwner, startTestApp, type TestApp } from './harness';

type Account = Awaited<ReturnType<typeof registerOwner>>;

export interface MediaRoutesWorld {
  t: TestApp;
  store: ObjectStore;
  owner: Account;
  other: Account;
  admin: Account;
}

/** `n` bytes of a repeating pattern. */
export const bytes = (n: number) => Buffer.from(Array.from({ length: n }, (_, i) => i % 256));

/**
 * The app with a local store of its own and three accounts (an owner, another owner, an admin), for
 * the tests of the file routes under /media: registers its own beforeAll/afterAll, and the returned
 * object is filled in once they ran. `extraEnv` adds settings (TRUST_PROXY).
 */
export function useMediaRoutesWorld(extraEnv: Record<string, string> = {}) {
  const w = {} as MediaRoutesWorld;
  let dataDir = '';

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'cadence-media-routes-'));
    const env = { NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, ...extraEnv };
    w.store = await openObjectStore(loadConfig(env), Date.now);
    w.t = await startTestApp({ env, deps: { objectStore: w.store } });
    w.t.database.pool?.on('error', () => {});
    w.owner = await registerOwner(w.t.app);
    w.other = await registerOwner(w.t.app);
    w.admin = await registerOwner(w.t.app);
    await w.t.database.db.update(users).set({ isAdmin: 'true' }).where(eq(users.id, w.admin.id));
  });
  afterAll(async () => {
    await w.t.close();
    await w.store.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  return {
    w,
    put: (key: string, body: Buffer) => w.store.put(key, Readable.from([body])),
    /** A video row of the owner's (no files). */
    async makeVideo(over: Partial<typeof videos.$inferInsert> = {}) {
      const [row] = await w.t.database.db
        .insert(videos)
        .values({
          userId: w.owner.id,
          title: 'Ride',
          originalFileName: 'Hill climb.mov',
          originalFileUrl: '/api/objects/uploads/x',
          fileSize: '10',
          ...over,
        })
        .returning();
      return row!;
    },
    get: (url: string, headers: Record<string, string> = {}) =>
      w.t.app.inject({ method: 'GET', url, headers }),
  };
}

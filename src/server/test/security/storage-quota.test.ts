import { existsSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  UPLOAD_QUOTA,
  UPLOAD_QUOTA_MESSAGES,
  UPLOAD_URL_TTL_SECONDS,
} from '@shared/uploads.contract';
import { VIDEO_MAX_BYTES } from '@shared/videos.contract';
import { uploads } from '../../db/schema/uploads';
import { users } from '../../db/schema/users';
import { decodeTusId } from '../../modules/uploads/tus.server';
import { UPLOAD_URL_LIMIT, UPLOAD_URL_MESSAGES } from '../../modules/uploads/uploads.service';
import { registerOwner, sessionCookie, startTestApp, type TestApp } from '../harness';

/**
 * Audit finding 5: one free account could open unlimited 2 GB uploads, and its upload-URL limit
 * (per session) started again at every sign-in. Unfinished uploads are capped per owner now, and
 * per-user limits count per account.
 */
/** The harness's DATA_DIR: local objects live under its objects/ folder. */
const DATA_DIR = '/tmp/cadence-test';

describe("storage quota: what one owner's unfinished uploads may hold", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const uploadUrl = (cookie: string) =>
    t.app.inject({ method: 'POST', url: '/api/objects/upload', headers: { cookie } });

  const meta = `filename ${Buffer.from('c.mp4').toString('base64')},filetype ${Buffer.from('video/mp4').toString('base64')}`;
  /** Starts a tus upload: the route answers before tus when it refuses (inject cannot follow a hijack). */
  const startTus = (cookie: string, length: number) =>
    t.app.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: {
        cookie,
        'tus-resumable': '1.0.0',
        'upload-length': String(length),
        'upload-metadata': meta,
      },
    });

  const setPlan = (id: string, plan: string) =>
    t.database.db.update(users).set({ plan }).where(eq(users.id, id));

  it(`allows ${UPLOAD_QUOTA.maxOutstanding} unfinished uploads per owner, then 429 with a clear message`, async () => {
    const owner = await registerOwner(t.app);
    await setPlan(owner.id, 'elite-studio');
    for (let i = 0; i < UPLOAD_QUOTA.maxOutstanding; i++) {
      expect((await startTus(owner.cookie, 1000)).statusCode).toBe(201);
    }
    const over = await startTus(owner.cookie, 1000);
    expect(over.statusCode).toBe(429);
    expect(over.json().message).toBe(UPLOAD_QUOTA_MESSAGES.tooMany);
    expect((await uploadUrl(owner.cookie)).statusCode).toBe(429);
    // A new session is the same owner.
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: owner.email, password: owner.password },
    });
    expect((await startTus(sessionCookie(again), 1000)).statusCode).toBe(429);
    // Another owner is not affected.
    expect((await uploadUrl((await registerOwner(t.app)).cookie)).statusCode).toBe(200);
  });

  it('frees a place when the owner cancels a resumable upload (tus DELETE)', async () => {
    const owner = await registerOwner(t.app);
    await setPlan(owner.id, 'elite-studio');
    const locations: string[] = [];
    for (let i = 0; i < UPLOAD_QUOTA.maxOutstanding; i++) {
      const res = await startTus(owner.cookie, 1000);
      expect(res.statusCode).toBe(201);
      locations.push(res.headers.location as string);
    }
    expect((await startTus(owner.cookie, 1000)).statusCode).toBe(429);
    const cancel = await t.app.inject({
      method: 'DELETE',
      url: locations[0]!,
      headers: { cookie: owner.cookie, 'tus-resumable': '1.0.0' },
    });
    expect(cancel.statusCode).toBe(204);
    expect((await startTus(owner.cookie, 1000)).statusCode).toBe(201);
  });

  it('a tus DELETE of a finished upload deletes its file too, and one a video uses stays', async () => {
    const owner = await registerOwner(t.app);
    await setPlan(owner.id, 'elite-studio');
    const headers = { cookie: owner.cookie, 'tus-resumable': '1.0.0' };
    const finish = async () => {
      const location = (await startTus(owner.cookie, 1000)).headers.location as string;
      const patch = await t.app.inject({
        method: 'PATCH',
        url: location,
        headers: {
          ...headers,
          'upload-offset': '0',
          'content-type': 'application/offset+octet-stream',
        },
        payload: Buffer.alloc(1000, 1),
      });
      expect(patch.statusCode).toBe(204);
      const key = decodeTusId(location.split('/').pop())!;
      return { location, key, file: path.join(DATA_DIR, 'objects', ...key.split('/')) };
    };

    const done = await finish();
    expect(existsSync(done.file)).toBe(true);
    const cancel = await t.app.inject({ method: 'DELETE', url: done.location, headers });
    expect(cancel.statusCode).toBe(204);
    expect(existsSync(done.file)).toBe(false);
    const [row] = await t.database.db.select().from(uploads).where(eq(uploads.key, done.key));
    expect(row?.status).toBe('failed');

    const used = await finish();
    await t.database.db
      .update(uploads)
      .set({ status: 'attached' })
      .where(eq(uploads.key, used.key));
    expect((await t.app.inject({ method: 'DELETE', url: used.location, headers })).statusCode).toBe(
      404,
    );
    expect(existsSync(used.file)).toBe(true);
    const [kept] = await t.database.db.select().from(uploads).where(eq(uploads.key, used.key));
    expect(kept?.status).toBe('attached');
  });

  it('caps the bytes unfinished uploads reserve', async () => {
    const owner = await registerOwner(t.app);
    await setPlan(owner.id, 'elite-studio');
    const full = Math.floor(UPLOAD_QUOTA.maxReservedBytes / VIDEO_MAX_BYTES);
    expect(full).toBeLessThan(UPLOAD_QUOTA.maxOutstanding);
    for (let i = 0; i < full; i++) {
      expect((await startTus(owner.cookie, VIDEO_MAX_BYTES)).statusCode).toBe(201);
    }
    const over = await startTus(owner.cookie, 1024);
    expect(over.statusCode).toBe(429);
    expect(over.json().message).toBe(UPLOAD_QUOTA_MESSAGES.tooLarge);
  });

  it('reserves the 2 GB cap for an upload URL until it is used or expires', async () => {
    const owner = await registerOwner(t.app);
    const full = Math.floor(UPLOAD_QUOTA.maxReservedBytes / VIDEO_MAX_BYTES);
    for (let i = 0; i < full; i++) expect((await uploadUrl(owner.cookie)).statusCode).toBe(200);
    const over = await uploadUrl(owner.cookie);
    expect(over.statusCode).toBe(429);
    expect(over.json().message).toBe(UPLOAD_QUOTA_MESSAGES.tooLarge);
    // Unused upload URLs stop counting once they expire (nothing was stored behind them).
    t.advance(UPLOAD_URL_TTL_SECONDS * 1000 + 1000);
    expect((await uploadUrl(owner.cookie)).statusCode).toBe(200);
  });

  it("holds resumable video uploads to the plan's remaining videos", async () => {
    const owner = await registerOwner(t.app);
    // Spin Starter: 2 videos. Two unfinished uploads already claim both.
    expect((await startTus(owner.cookie, 1000)).statusCode).toBe(201);
    const second = await startTus(owner.cookie, 1000);
    expect(second.statusCode).toBe(201);
    const third = await startTus(owner.cookie, 1000);
    expect(third.statusCode).toBe(403);
    expect(third.json().message).toBe(UPLOAD_QUOTA_MESSAGES.noSlot);
  });

  it('counts the upload-URL limit per account: signing in again starts no new count', async () => {
    const owner = await registerOwner(t.app);
    // An admin: no storage quota, so only the URL limit answers.
    await t.database.db.update(users).set({ isAdmin: 'true' }).where(eq(users.id, owner.id));
    for (let i = 0; i < UPLOAD_URL_LIMIT.max; i++) {
      expect((await uploadUrl(owner.cookie)).statusCode).toBe(200);
    }
    expect((await uploadUrl(owner.cookie)).statusCode).toBe(429);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: owner.email, password: owner.password },
    });
    const fresh = await uploadUrl(sessionCookie(again));
    expect(fresh.statusCode).toBe(429);
    expect(fresh.json().message).toBe(UPLOAD_URL_MESSAGES.tooMany);
  });
});

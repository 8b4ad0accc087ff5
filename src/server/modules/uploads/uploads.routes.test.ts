import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storedAddress, UPLOAD_URL_TTL_SECONDS } from '@shared/uploads.contract';
import { uploads } from '../../db/schema/uploads';
import { users } from '../../db/schema/users';
import { registerOwner, startTestApp, type TestApp } from '../../test/harness';
import { fetchStored, putToUploadUrl, requestUploadUrl } from '../../test/upload-client';
import { UPLOAD_URL_LIMIT, UPLOAD_URL_MESSAGES } from './uploads.service';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const keyOf = (uploadURL: string) => storedAddress(uploadURL).replace('/api/objects/', '');

describe('POST /api/objects/upload (local storage)', () => {
  it('answers 401 when signed out', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/objects/upload' });
    expect(res.statusCode).toBe(401);
  });

  it('answers a signed URL bound to the owner and a fresh key, with or without a JSON header', async () => {
    const owner = await registerOwner(t.app);
    const first = await requestUploadUrl(t.app, owner.cookie);
    const plain = await t.app.inject({
      method: 'POST',
      url: '/api/objects/upload',
      headers: { cookie: owner.cookie },
    });
    expect(plain.statusCode).toBe(200);
    const second = plain.json().uploadURL as string;
    for (const url of [first, second]) {
      expect(url).toMatch(
        new RegExp(
          `^/api/objects/uploads/${owner.id}/[0-9a-f-]{36}\\?expires=\\d+&signature=[\\w-]+$`,
        ),
      );
    }
    expect(keyOf(first)).not.toBe(keyOf(second));
    const [row] = await t.database.db
      .select()
      .from(uploads)
      .where(eq(uploads.key, keyOf(first)));
    expect(row).toMatchObject({ userId: owner.id, status: 'pending', via: 'put' });
    const ttl = row!.expiresAt.getTime() - row!.createdAt.getTime();
    expect(ttl).toBe(UPLOAD_URL_TTL_SECONDS * 1000);
  });

  it('limits how many URLs one session takes (429 with a clear message); others are not affected', async () => {
    const owner = await registerOwner(t.app);
    // An admin: no storage quota counts their uploads, so the URL limit itself is what answers here
    // (an owner's unfinished uploads stop at UPLOAD_QUOTA first: test/security/storage-quota).
    await t.database.db.update(users).set({ isAdmin: 'true' }).where(eq(users.id, owner.id));
    const ask = (cookie: string) =>
      t.app.inject({ method: 'POST', url: '/api/objects/upload', headers: { cookie } });
    for (let i = 0; i < UPLOAD_URL_LIMIT.max; i++)
      expect((await ask(owner.cookie)).statusCode).toBe(200);
    const over = await ask(owner.cookie);
    expect(over.statusCode).toBe(429);
    expect(over.json().message).toBe(UPLOAD_URL_MESSAGES.tooMany);
    const other = await registerOwner(t.app);
    expect((await ask(other.cookie)).statusCode).toBe(200);
  });
});

describe('PUT {uploadURL} (local storage)', () => {
  it('streams the raw body into storage, whatever its type and beyond the JSON body limit', async () => {
    const owner = await registerOwner(t.app);
    const url = await requestUploadUrl(t.app, owner.cookie);
    const body = randomBytes(1024 * 1024 + 7);
    const put = await putToUploadUrl(t.app, url, body, 'application/json');
    expect(put.status).toBe(200);
    expect(JSON.parse(put.body)).toEqual({ message: 'Upload complete', size: body.length });
    const [row] = await t.database.db
      .select()
      .from(uploads)
      .where(eq(uploads.key, keyOf(url)));
    expect(row).toMatchObject({ status: 'complete', size: body.length });
  });

  it('refuses the same URL a second time with 403', async () => {
    const owner = await registerOwner(t.app);
    const url = await requestUploadUrl(t.app, owner.cookie);
    expect((await putToUploadUrl(t.app, url, 'first')).status).toBe(200);
    const again = await putToUploadUrl(t.app, url, 'second');
    expect(again.status).toBe(403);
    expect(JSON.parse(again.body).message).toBe(UPLOAD_URL_MESSAGES.used);
  });

  it('refuses a forged signature, a missing one and a signature for another key with 403', async () => {
    const owner = await registerOwner(t.app);
    const url = await requestUploadUrl(t.app, owner.cookie);
    const other = await requestUploadUrl(t.app, owner.cookie);
    const signature = new URL(url, 'http://x').searchParams.get('signature')!;
    const flipped = `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`;
    const forged = url.replace(signature, flipped);
    const unsigned = storedAddress(url);
    const swapped = `${storedAddress(other)}${url.slice(url.indexOf('?'))}`;
    for (const bad of [
      forged,
      unsigned,
      swapped,
      `${storedAddress(url)}?expires=9999999999&signature=${signature}`,
    ]) {
      const res = await putToUploadUrl(t.app, bad, 'data');
      expect(res.status).toBe(403);
      expect(JSON.parse(res.body).message).toBe(UPLOAD_URL_MESSAGES.invalid);
    }
    // The real URL still works afterwards: the failures did not use it up.
    expect((await putToUploadUrl(t.app, url, 'data')).status).toBe(200);
  });

  it('refuses an expired URL with 403', async () => {
    const owner = await registerOwner(t.app);
    const url = await requestUploadUrl(t.app, owner.cookie);
    t.advance(UPLOAD_URL_TTL_SECONDS * 1000 + 1000);
    try {
      const res = await putToUploadUrl(t.app, url, 'late');
      expect(res.status).toBe(403);
      expect(JSON.parse(res.body).message).toBe(UPLOAD_URL_MESSAGES.expired);
    } finally {
      t.advance(-(UPLOAD_URL_TTL_SECONDS * 1000 + 1000));
    }
  });

  it('refuses a path that is not an object key', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/objects/../../etc/passwd?expires=1&signature=x',
      payload: 'x',
    });
    expect([403, 404]).toContain(res.statusCode);
  });
});

describe('GET a stored object through a signed link (local storage)', () => {
  async function stored() {
    const owner = await registerOwner(t.app);
    const url = await requestUploadUrl(t.app, owner.cookie);
    const body = randomBytes(10_000);
    await putToUploadUrl(t.app, url, body);
    return { key: keyOf(url), body };
  }

  async function signedGet(key: string, ttl = 60, downloadName?: string) {
    const { openObjectStore } = await import('../../storage/create-object-store');
    const { loadConfig } = await import('../../config');
    const store = await openObjectStore(loadConfig({ DATA_DIR: '/tmp/cadence-test' }), t.now);
    return store.signedGetUrl(key, { expiresInSeconds: ttl, downloadName });
  }

  it('serves the whole file, byte ranges (206 and 416), HEAD and a download name', async () => {
    const { key, body } = await stored();
    const url = await signedGet(key, 60, 'My class.mp4');
    const full = await fetchStored(t.app, url);
    expect(full.status).toBe(200);
    expect(full.body).toEqual(body);
    expect(full.headers['accept-ranges']).toBe('bytes');
    expect(full.headers['content-disposition']).toContain('My class.mp4');
    expect(full.headers['content-security-policy']).toContain('sandbox');
    const part = await fetchStored(t.app, url, { range: 'bytes=100-199' });
    expect(part.status).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-199/${body.length}`);
    expect(part.body).toEqual(body.subarray(100, 200));
    const tail = await fetchStored(t.app, url, { range: 'bytes=-10' });
    expect(tail.body).toEqual(body.subarray(body.length - 10));
    const past = await fetchStored(t.app, url, { range: `bytes=${body.length}-` });
    expect(past.status).toBe(416);
    const head = await t.app.inject({ method: 'HEAD', url });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
  });

  it('refuses an unsigned, forged or expired link with 403', async () => {
    const { key } = await stored();
    const url = await signedGet(key, 60);
    expect((await fetchStored(t.app, storedAddress(url))).status).toBe(403);
    // Change the signature's first character to another one (never to itself, or the link stays valid).
    const forged = url.replace(
      /signature=(.)/,
      (_, first: string) => `signature=${first === 'A' ? 'B' : 'A'}`,
    );
    expect(forged).not.toBe(url);
    expect((await fetchStored(t.app, forged)).status).toBe(403);
    // A GET signature does not allow a PUT.
    expect((await putToUploadUrl(t.app, url, 'overwrite')).status).toBe(403);
    t.advance(61_000);
    try {
      expect((await fetchStored(t.app, url)).status).toBe(403);
    } finally {
      t.advance(-61_000);
    }
  });

  it('answers 404 for a signed link to nothing', async () => {
    const url = await signedGet('uploads/nobody/nothing', 60);
    expect((await fetchStored(t.app, url)).status).toBe(404);
  });
});

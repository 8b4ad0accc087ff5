import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import * as tus from 'tus-js-client';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OBJECT_URL_HEADER, UNATTACHED_UPLOAD_TTL_MS } from '@shared/uploads.contract';
import { quotaMessage, VIDEO_MAX_BYTES, VIDEO_MESSAGES } from '@shared/videos.contract';
import { loadConfig } from '../../config';
import { uploads } from '../../db/schema/uploads';
import { users } from '../../db/schema/users';
import { videos } from '../../db/schema/videos';
import { openObjectStore } from '../../storage/create-object-store';
import type { ObjectStore } from '../../storage/object-store';
import { registerOwner, startTestApp, type TestApp } from '../../test/harness';
import { mediaFixtures, type MediaFixtures } from '../../test/media-fixtures';
import { startS3Server, type S3TestServer } from '../../test/s3-server';
import { createTusServer, decodeTusId } from './tus.server';
import { uploadsRepository } from './uploads.repository';
import { uploadsService } from './uploads.service';

let s3: S3TestServer;
let media: MediaFixtures;
beforeAll(async () => {
  s3 = await startS3Server();
  media = await mediaFixtures();
});
afterAll(() => s3.close());

interface Res {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

function metadata(fields: Record<string, string>): string {
  return Object.entries(fields)
    .map(([k, v]) => `${k} ${Buffer.from(v).toString('base64')}`)
    .join(',');
}

describe.each(['local', 's3'] as const)('tus resumable uploads on %s storage', (adapter) => {
  let t: TestApp;
  let base: string;
  let dataDir: string;
  let store: ObjectStore;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), `cadence-tus-${adapter}-`));
    const env = { DATA_DIR: dataDir, ...(adapter === 's3' ? s3.env : {}) };
    t = await startTestApp({ env });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    if (!address || typeof address === 'string') throw new Error('no address');
    base = `http://127.0.0.1:${address.port}`;
    store = await openObjectStore(loadConfig(env), t.now);
  });
  afterAll(async () => {
    await store.close();
    await t.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  /** One raw HTTP request; `breakAfter` bytes of the body are sent, then the connection is cut. */
  function send(
    method: string,
    url: string,
    headers: Record<string, string>,
    body?: Buffer,
    breakAfter?: { bytes: number; whenStaged: () => Promise<void> },
  ): Promise<Res> {
    return new Promise((resolve, reject) => {
      const req = http.request(`${base}${url}`, { method, headers, agent: false }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }),
        );
      });
      if (breakAfter && body) {
        req.on('error', () => resolve({ status: 0, headers: {}, body: 'connection cut' }));
        req.write(body.subarray(0, breakAfter.bytes));
        breakAfter
          .whenStaged()
          .then(() => req.destroy())
          .catch(reject);
        return;
      }
      req.on('error', reject);
      req.end(body);
    });
  }

  const tusHeaders = (cookie?: string) => ({
    'tus-resumable': '1.0.0',
    ...(cookie ? { cookie } : {}),
  });

  function create(
    cookie: string | undefined,
    length: number,
    filetype = 'video/mp4',
  ): Promise<Res> {
    return send('POST', '/api/uploads', {
      ...tusHeaders(cookie),
      'upload-length': String(length),
      'upload-metadata': metadata({ filename: 'class.mp4', filetype }),
    });
  }

  function patch(
    cookie: string,
    location: string,
    offset: number,
    body: Buffer,
    breakAfter?: Parameters<typeof send>[4],
  ) {
    return send(
      'PATCH',
      location,
      {
        ...tusHeaders(cookie),
        'upload-offset': String(offset),
        'content-type': 'application/offset+octet-stream',
        'content-length': String(body.length),
      },
      body,
      breakAfter,
    );
  }

  const head = (cookie: string, location: string) => send('HEAD', location, tusHeaders(cookie));

  async function waitFor(check: () => Promise<boolean>) {
    for (let i = 0; i < 500; i++) {
      if (await check()) return;
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error('condition never met');
  }

  const stagedFile = (location: string) =>
    path.join(dataDir, 'tus', ...decodeTusId(location.split('/').pop())!.split('/'));

  it('answers 401 signed out, 413 over 2 GB, 400 for a non-video or a missing length', async () => {
    expect((await create(undefined, 10)).status).toBe(401);
    const owner = await registerOwner(t.app);
    const big = await create(owner.cookie, VIDEO_MAX_BYTES + 1);
    expect(big.status).toBe(413);
    expect(JSON.parse(big.body).message).toBe(VIDEO_MESSAGES.tooLargeDescription);
    const text = await create(owner.cookie, 10, 'text/plain');
    expect(text.status).toBe(400);
    expect(JSON.parse(text.body).message).toBe(VIDEO_MESSAGES.invalidTypeDescription);
    const noLength = await send('POST', '/api/uploads', tusHeaders(owner.cookie));
    expect(noLength.status).toBe(400);
    // More bytes than the upload declared: refused, and nothing past the length is kept.
    const small = (await create(owner.cookie, 10)).headers.location!;
    expect((await patch(owner.cookie, small, 0, Buffer.alloc(20))).status).toBe(413);
    expect((await head(owner.cookie, small)).headers['upload-offset']).toBe('0');
  });

  it('refuses to start when the plan quota is used up (403 naming the plan)', async () => {
    const owner = await registerOwner(t.app);
    for (const title of ['One', 'Two']) {
      await t.database.db.insert(videos).values({
        userId: owner.id,
        title,
        originalFileName: 'x.mp4',
        originalFileUrl: '/api/objects/x',
        fileSize: '1',
      });
    }
    const res = await create(owner.cookie, 100);
    expect(res.status).toBe(403);
    expect(JSON.parse(res.body).message).toBe(quotaMessage('Spin Starter', 2));
    // An admin sends enhanced files for other owners' videos this way: no quota applies.
    await t.database.db.update(users).set({ isAdmin: 'true' }).where(eq(users.id, owner.id));
    expect((await create(owner.cookie, 100)).status).toBe(201);
  });

  it('survives a cut connection: resumes from the stored offset, and the file arrives intact', async () => {
    const owner = await registerOwner(t.app);
    const clip = media.clip;
    const created = await create(owner.cookie, clip.length);
    expect(created.status).toBe(201);
    const location = created.headers.location!;
    expect(location).toMatch(/^\/api\/uploads\/[\w-]+$/);

    const half = Math.floor(clip.length / 2);
    const cut = await patch(owner.cookie, location, 0, clip, {
      bytes: half,
      whenStaged: () => waitFor(async () => (await stat(stagedFile(location))).size === half),
    });
    expect(cut.status).toBe(0);

    let offset = 0;
    await waitFor(async () => {
      const h = await head(owner.cookie, location);
      offset = Number(h.headers['upload-offset']);
      return h.status === 200 && offset === half;
    });
    expect(offset).toBe(half);

    const rest = await patch(owner.cookie, location, offset, clip.subarray(offset));
    expect(rest.status).toBe(204);
    expect(Number(rest.headers['upload-offset'])).toBe(clip.length);
    const address = rest.headers[OBJECT_URL_HEADER.toLowerCase()] as string;
    expect(address).toBeTruthy();
    expect(existsSync(stagedFile(location))).toBe(false);

    const key = store.keyFromAddress(address)!;
    const chunks: Buffer[] = [];
    for await (const c of await store.get(key)) chunks.push(c as Buffer);
    expect(sha(Buffer.concat(chunks))).toBe(sha(clip));

    // A HEAD after the end (a reload at 100 %) still answers, with the address.
    const done = await head(owner.cookie, location);
    expect(done.status).toBe(200);
    expect(done.headers['upload-offset']).toBe(String(clip.length));
    expect(done.headers[OBJECT_URL_HEADER.toLowerCase()]).toBe(address);

    const video = await t.app.inject({
      method: 'POST',
      url: '/api/auth/videos',
      headers: { cookie: owner.cookie },
      payload: {
        videoURL: address,
        title: 'Resumed',
        originalFileName: 'class.mp4',
        fileSize: String(clip.length),
        replaceBackground: false,
        addLogo: false,
      },
    });
    expect(video.statusCode).toBe(201);
    expect(video.json().video.originalFileUrl).toBe(address);
  });

  it("answers 404 for another owner's upload, whatever the method", async () => {
    const a = await registerOwner(t.app);
    const b = await registerOwner(t.app);
    const location = (await create(a.cookie, 100)).headers.location!;
    expect((await head(b.cookie, location)).status).toBe(404);
    expect((await patch(b.cookie, location, 0, Buffer.alloc(100))).status).toBe(404);
    expect((await send('DELETE', location, tusHeaders(b.cookie))).status).toBe(404);
    expect((await send('HEAD', '/api/uploads/bm90LWEta2V5', tusHeaders(a.cookie))).status).toBe(
      404,
    );
    expect((await head(a.cookie, location)).status).toBe(200);
  });

  it('works with tus-js-client, which reads the stored address on success', async () => {
    const owner = await registerOwner(t.app);
    const address = await new Promise<string>((resolve, reject) => {
      const upload = new tus.Upload(media.clip, {
        endpoint: `${base}/api/uploads`,
        headers: { cookie: owner.cookie },
        metadata: { filename: 'class.mp4', filetype: 'video/mp4' },
        chunkSize: 64 * 1024,
        retryDelays: [],
        storeFingerprintForResuming: false,
        onError: reject,
        onSuccess: ({ lastResponse }) => resolve(lastResponse.getHeader(OBJECT_URL_HEADER) ?? ''),
      });
      upload.start();
    });
    expect(store.keyFromAddress(address)).toMatch(new RegExp(`^uploads/${owner.id}/`));
  });

  it('sweeps uploads not attached within 24 hours: staged bytes and stored files go', async () => {
    const owner = await registerOwner(t.app);
    const partial = (await create(owner.cookie, media.clip.length)).headers.location!;
    await patch(owner.cookie, partial, 0, media.clip, {
      bytes: 1000,
      whenStaged: () => waitFor(async () => (await stat(stagedFile(partial))).size === 1000),
    });
    const finished = (await create(owner.cookie, 100)).headers.location!;
    const done = await patch(owner.cookie, finished, 0, media.clip.subarray(0, 100));
    const finishedKey = store.keyFromAddress(
      done.headers[OBJECT_URL_HEADER.toLowerCase()] as string,
    )!;
    expect(await store.head(finishedKey)).not.toBeNull();

    const config = loadConfig({ DATA_DIR: dataDir, ...(adapter === 's3' ? s3.env : {}) });
    const tusServer = createTusServer({
      store,
      stagingDir: path.join(config.dataDir, 'tus'),
      onComplete: async () => {},
    });
    const service = uploadsService({
      repo: uploadsRepository(t.database.db),
      store,
      now: () => t.now() + UNATTACHED_UPLOAD_TTL_MS + 60_000,
      staging: tusServer.staging,
    });
    expect(await service.sweep()).toBeGreaterThanOrEqual(2);
    expect(existsSync(stagedFile(partial))).toBe(false);
    expect(existsSync(`${stagedFile(partial)}.json`)).toBe(false);
    expect(await store.head(finishedKey)).toBeNull();
    const rows = await t.database.db.select().from(uploads).where(eq(uploads.userId, owner.id));
    expect(rows).toEqual([]);
    expect((await head(owner.cookie, partial)).status).toBe(404);
  });
});

import http from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TUS_QUERY_REFUSED } from '@shared/uploads.contract';
import { registerOwner, startTestApp, type TestApp } from '../harness';

/**
 * Audit finding 4: @tus/server took the upload id from the last `/` of the whole URL, query string
 * included, so `/api/uploads/<mine>?/<theirs>` passed the route's ownership check on <mine> and
 * then worked on <theirs>.
 */
describe("tus: a query string never names another owner's upload", () => {
  let t: TestApp;
  let base: string;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'cadence-tus-query-'));
    t = await startTestApp({ env: { DATA_DIR: dataDir } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    if (!address || typeof address === 'string') throw new Error('no address');
    base = `http://127.0.0.1:${address.port}`;
  });
  afterAll(async () => {
    await t.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  function send(method: string, url: string, headers: Record<string, string>, body?: Buffer) {
    return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>(
      (resolve, reject) => {
        const req = http.request(`${base}${url}`, { method, headers, agent: false }, (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (c: string) => (text += c));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }),
          );
        });
        req.on('error', reject);
        req.end(body);
      },
    );
  }

  const tus = (cookie: string) => ({ 'tus-resumable': '1.0.0', cookie });
  const meta = `filename ${Buffer.from('class.mp4').toString('base64')},filetype ${Buffer.from('video/mp4').toString('base64')}`;

  async function createUpload(cookie: string, length: number): Promise<string> {
    const res = await send('POST', '/api/uploads', {
      ...tus(cookie),
      'upload-length': String(length),
      'upload-metadata': meta,
    });
    expect(res.status).toBe(201);
    return res.headers.location!;
  }

  const patchHeaders = (cookie: string, offset: number, length: number) => ({
    ...tus(cookie),
    'upload-offset': String(offset),
    'content-type': 'application/offset+octet-stream',
    'content-length': String(length),
  });

  it('refuses HEAD, PATCH and DELETE on `<mine>?/<theirs>` and leaves their upload untouched', async () => {
    const victim = await registerOwner(t.app);
    const attacker = await registerOwner(t.app);
    const theirs = await createUpload(victim.cookie, 100);
    const first = Buffer.alloc(40, 1);
    expect(
      (await send('PATCH', theirs, patchHeaders(victim.cookie, 0, first.length), first)).status,
    ).toBe(204);
    const mine = await createUpload(attacker.cookie, 100);
    const theirId = theirs.split('/').pop()!;
    const confused = `${mine}?/${theirId}`;

    const head = await send('HEAD', confused, tus(attacker.cookie));
    expect(head.status).toBe(400);
    expect(head.headers['upload-offset']).toBeUndefined();

    const bytes = Buffer.alloc(10, 2);
    const patch = await send(
      'PATCH',
      confused,
      patchHeaders(attacker.cookie, 40, bytes.length),
      bytes,
    );
    expect(patch.status).toBe(400);
    expect(JSON.parse(patch.body).message).toBe(TUS_QUERY_REFUSED);

    const del = await send('DELETE', confused, tus(attacker.cookie));
    expect(del.status).toBe(400);

    // The victim's upload is still there, with exactly the bytes the victim sent.
    const check = await send('HEAD', theirs, tus(victim.cookie));
    expect(check.status).toBe(200);
    expect(check.headers['upload-offset']).toBe('40');
    // And the attacker's own upload is unchanged too.
    expect((await send('HEAD', mine, tus(attacker.cookie))).headers['upload-offset']).toBe('0');
  });

  it("refuses a query string on a URL that is otherwise the owner's own (and on creation)", async () => {
    const owner = await registerOwner(t.app);
    const mine = await createUpload(owner.cookie, 10);
    expect((await send('HEAD', `${mine}?x=1`, tus(owner.cookie))).status).toBe(400);
    const create = await send('POST', '/api/uploads?/x', {
      ...tus(owner.cookie),
      'upload-length': '10',
      'upload-metadata': meta,
    });
    expect(create.status).toBe(400);
  });

  it('works on the key the route checked: a path naming two uploads is not found', async () => {
    const victim = await registerOwner(t.app);
    const attacker = await registerOwner(t.app);
    const theirs = await createUpload(victim.cookie, 10);
    const mine = await createUpload(attacker.cookie, 10);
    const twoIds = `${theirs}/${mine.split('/').pop()!}`;
    expect((await send('DELETE', twoIds, tus(attacker.cookie))).status).toBe(404);
    expect((await send('HEAD', theirs, tus(victim.cookie))).status).toBe(200);
  });
});

import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storedAddress } from '@shared/uploads.contract';
import { loadConfig } from '../config';
import { startS3Server, type S3TestServer } from '../test/s3-server';
import { createObjectStore } from './create-object-store';
import type { LocalDiskStore } from './local-disk';
import {
  contentDisposition,
  ObjectChangedError,
  ObjectMissingError,
  ObjectTooLargeError,
  type ObjectStore,
} from './object-store';

const SECRET = 'test-secret-that-is-at-least-32-characters-long';

async function collect(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

interface Adapter {
  name: 'local' | 's3';
  store: ObjectStore;
  /** The store with its clock moved by `ms` (for expired links). */
  shifted(ms: number): Promise<ObjectStore>;
  dataDir: string;
}

let s3: S3TestServer;
const adapters: Partial<Record<'local' | 's3', Adapter>> = {};

async function makeAdapter(name: 'local' | 's3'): Promise<Adapter> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), `cadence-store-${name}-`));
  const config = loadConfig({ DATA_DIR: dataDir, ...(name === 's3' ? s3.env : {}) });
  const open = (now: () => number) => createObjectStore(config, { signingSecret: SECRET, now });
  return {
    name,
    dataDir,
    store: await open(Date.now),
    shifted: (ms) => open(() => Date.now() + ms),
  };
}

beforeAll(async () => {
  s3 = await startS3Server();
  adapters.local = await makeAdapter('local');
  adapters.s3 = await makeAdapter('s3');
});

afterAll(async () => {
  for (const a of Object.values(adapters)) {
    await a.store.close();
    await rm(a.dataDir, { recursive: true, force: true });
  }
  await s3.close();
});

describe.each(['local', 's3'] as const)('ObjectStore on %s', (name) => {
  const a = () => adapters[name]!;
  const key = () => `uploads/${randomUUID()}/${randomUUID()}`;

  it('stores a stream, then heads, reads ranges, streams and deletes it', async () => {
    const k = key();
    const bytes = randomBytes(100_000);
    const info = await a().store.put(
      k,
      Readable.from([bytes.subarray(0, 40_000), bytes.subarray(40_000)]),
    );
    expect(info.size).toBe(bytes.length);
    expect((await a().store.head(k))?.size).toBe(bytes.length);
    expect(await a().store.readRange(k, { start: 0, end: 15 })).toEqual(bytes.subarray(0, 16));
    expect(await a().store.readRange(k, { start: 99_990, end: 200_000 })).toEqual(
      bytes.subarray(99_990),
    );
    expect(await collect(await a().store.get(k, { start: 10, end: 19 }))).toEqual(
      bytes.subarray(10, 20),
    );
    expect(await collect(await a().store.get(k))).toEqual(bytes);
    await a().store.delete(k);
    expect(await a().store.head(k)).toBeNull();
    await a().store.delete(k); // deleting twice is fine
  });

  it('answers null / ObjectMissingError for a key with nothing stored', async () => {
    const k = key();
    expect(await a().store.head(k)).toBeNull();
    await expect(a().store.get(k)).rejects.toBeInstanceOf(ObjectMissingError);
  });

  it('refuses a body past maxBytes and stores nothing', async () => {
    const k = key();
    const body = Readable.from([Buffer.alloc(600), Buffer.alloc(600)]);
    await expect(a().store.put(k, body, { maxBytes: 1000 })).rejects.toBeInstanceOf(
      ObjectTooLargeError,
    );
    expect(await a().store.head(k)).toBeNull();
    if (name === 'local') {
      expect(await readdir(path.join(a().dataDir, 'objects', '.tmp'))).toEqual([]);
    }
  });

  it('moves a finished file in (multipart past 16 MB on S3) and removes the source', async () => {
    const k = key();
    const file = path.join(a().dataDir, `staged-${randomUUID()}`);
    const bytes = randomBytes(16 * 1024 * 1024 + 5);
    await writeFile(file, bytes);
    const info = await a().store.putFile(k, file);
    expect(info.size).toBe(bytes.length);
    expect(existsSync(file)).toBe(false);
    expect(
      await a().store.readRange(k, { start: bytes.length - 5, end: bytes.length - 1 }),
    ).toEqual(bytes.subarray(bytes.length - 5));
    await a().store.delete(k);
  });

  it('deletes everything under a prefix', async () => {
    const prefix = `videos/${randomUUID()}/`;
    await a().store.put(`${prefix}thumb.jpg`, Readable.from([Buffer.from('a')]));
    await a().store.put(`${prefix}hls/0.ts`, Readable.from([Buffer.from('b')]));
    const other = `videos/${randomUUID()}/thumb.jpg`;
    await a().store.put(other, Readable.from([Buffer.from('c')]));
    await a().store.deletePrefix(prefix);
    expect(await a().store.head(`${prefix}thumb.jpg`)).toBeNull();
    expect(await a().store.head(`${prefix}hls/0.ts`)).toBeNull();
    expect(await a().store.head(other)).not.toBeNull();
  });

  it('gives the upload URL without its query as the stored address, and maps it back to the key', async () => {
    const k = key();
    const url = await a().store.presignPut(k, 900);
    expect(url).toContain('?');
    expect(storedAddress(url)).toBe(a().store.addressFor(k));
    expect(a().store.keyFromAddress(storedAddress(url))).toBe(k);
  });

  it('maps no foreign address to a key', () => {
    const store = a().store;
    const address = store.addressFor('uploads/a/b');
    for (const foreign of [
      'https://evil.example.com/uploads/a/b',
      `${address}?x=1`,
      address.replace('uploads/a/b', 'uploads/../etc/passwd'),
      address.replace('uploads/a/b', ''),
      'javascript:alert(1)',
      '',
    ]) {
      expect(store.keyFromAddress(foreign)).toBeNull();
    }
    if (name === 'local') {
      // Absolute URLs could name any host: only the app's relative addresses count.
      expect(store.keyFromAddress(`http://localhost:5000${address}`)).toBeNull();
    } else {
      expect(store.keyFromAddress(address.replace(/cadence-test/, 'other-bucket'))).toBeNull();
    }
  });
});

describe('S3 pre-signed URLs (checked by s3rver)', () => {
  const s3a = () => adapters.s3!;

  it('accepts a PUT to the pre-signed URL and serves the object back through a signed GET with ranges', async () => {
    const k = `uploads/${randomUUID()}/${randomUUID()}`;
    const body = randomBytes(5000);
    const put = await fetch(await s3a().store.presignPut(k, 900), {
      method: 'PUT',
      body: new Uint8Array(body),
    });
    expect(put.status).toBe(200);
    const url = await s3a().store.signedGetUrl(k, {
      expiresInSeconds: 60,
      downloadName: 'class 1.mp4',
    });
    const full = await fetch(url);
    expect(full.status).toBe(200);
    expect(full.headers.get('content-disposition')).toContain('class 1.mp4');
    expect(Buffer.from(await full.arrayBuffer())).toEqual(body);
    const part = await fetch(url, { headers: { range: 'bytes=100-199' } });
    expect(part.status).toBe(206);
    expect(Buffer.from(await part.arrayBuffer())).toEqual(body.subarray(100, 200));
  });

  it('refuses a forged signature', async () => {
    const k = `uploads/${randomUUID()}/${randomUUID()}`;
    const url = new URL(await s3a().store.presignPut(k, 900));
    const sig = url.searchParams.get('X-Amz-Signature')!;
    url.searchParams.set(
      'X-Amz-Signature',
      `${sig.slice(0, -4)}${sig.endsWith('0000') ? '1111' : '0000'}`,
    );
    const put = await fetch(url, { method: 'PUT', body: 'x' });
    expect(put.status).toBe(403);
    expect(await s3a().store.head(k)).toBeNull();
  });

  it('seals a checked upload under a key of its own, and refuses one overwritten since the check', async () => {
    const store = s3a().store;
    const k = `uploads/${randomUUID()}/${randomUUID()}`;
    const url = await store.presignPut(k, 900);
    await fetch(url, { method: 'PUT', body: 'checked bytes' });
    const checked = (await store.head(k))!;
    expect(checked.etag).toMatch(/^"[0-9a-f]{32}"$/);
    const kept = await store.seal(k, checked);
    expect(kept).not.toBe(k);
    await fetch(url, { method: 'PUT', body: 'written later' });
    expect((await store.readRange(kept, { start: 0, end: 99 })).toString()).toBe('checked bytes');

    // Overwritten between the check and the seal: no copy is kept.
    const k2 = `uploads/${randomUUID()}/${randomUUID()}`;
    const url2 = await store.presignPut(k2, 900);
    await fetch(url2, { method: 'PUT', body: 'checked bytes' });
    const stale = (await store.head(k2))!;
    await fetch(url2, { method: 'PUT', body: 'written again' });
    await expect(store.seal(k2, stale)).rejects.toBeInstanceOf(ObjectChangedError);
    expect(await store.head(`${k2}.checked`)).toBeNull();
  });

  it('refuses an expired URL', async () => {
    const k = `uploads/${randomUUID()}/${randomUUID()}`;
    const past = await s3a().shifted(-20 * 60 * 1000);
    const put = await fetch(await past.presignPut(k, 900), { method: 'PUT', body: 'x' });
    expect(put.status).toBe(403);
    await past.close();
  });
});

describe('LocalDiskStore', () => {
  it('streams a small file as one chunk, a large one in 256 KB chunks, a range exactly, an empty file as nothing', async () => {
    const store = adapters.local!.store;
    const chunksOf = async (stream: Readable) => {
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(chunk as Buffer);
      return chunks;
    };
    const small = `stills/${randomUUID()}`;
    const still = randomBytes(25_000);
    await store.put(small, Readable.from([still]));
    const [only, ...rest] = await chunksOf(await store.get(small));
    expect(rest).toEqual([]);
    expect(only).toEqual(still);
    const part = await chunksOf(await store.get(small, { start: 100, end: 199 }));
    expect(Buffer.concat(part)).toEqual(still.subarray(100, 200));

    const large = `segments/${randomUUID()}`;
    const segment = randomBytes(600_000);
    await store.put(large, Readable.from([segment]));
    const chunks = await chunksOf(await store.get(large));
    expect(chunks.map((c) => c.length)).toEqual([262_144, 262_144, 75_712]);
    expect(Buffer.concat(chunks)).toEqual(segment);

    const empty = `stills/${randomUUID()}`;
    await store.put(empty, Readable.from([]));
    expect(await chunksOf(await store.get(empty))).toEqual([]);
  });

  it('keeps files under DATA_DIR/objects by key', async () => {
    const store = adapters.local!.store as LocalDiskStore;
    expect(store.pathFor('uploads/a/b')).toBe(
      path.join(adapters.local!.dataDir, 'objects', 'uploads', 'a', 'b'),
    );
    expect(() => store.pathFor('../secret')).toThrow();
  });
});

describe('contentDisposition', () => {
  it("writes the UTF-8 name with RFC 5987 attr-chars only (' ( ) * escaped) and a plain ASCII fallback", () => {
    const name = "Día (1)'s *best* ride!.mp4";
    const header = contentDisposition(name);
    const [plainPart, extPart] = header.split('; filename*=');
    expect(plainPart).toBe('attachment; filename="D_a _1__s _best_ ride_.mp4"');
    const encoded = extPart!.replace(/^UTF-8''/, '');
    expect(encoded).toMatch(/^[\w!#$&+\-.^`|~%]+$/);
    expect(encoded).toContain('%281%29%27s%20%2Abest%2A');
    expect(decodeURIComponent(encoded)).toBe(name);
    expect(contentDisposition(name, 'plain')).toBe(plainPart);
  });
});

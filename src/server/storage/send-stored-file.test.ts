import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../config';
import { createObjectStore } from './create-object-store';
import type { ByteRange, ObjectStore } from './object-store';
import { sendStoredFile } from './send-stored-file';

const SIZE = 10_000;
const KEY = 'videos/send-test/enhanced.mp4';
const GONE_KEY = 'videos/send-test/gone.mp4';
const CACHE = 'public, max-age=60';

let dataDir: string;
let store: ObjectStore;
let app: FastifyInstance;
const bytes = randomBytes(SIZE);
/** The ranges `beforeBody` saw, in order. */
let bodies: (ByteRange | null)[] = [];

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'cadence-send-'));
  store = await createObjectStore(loadConfig({ DATA_DIR: dataDir }), {
    signingSecret: 'test-secret-that-is-at-least-32-characters-long',
    now: Date.now,
  });
  await store.put(KEY, Readable.from([bytes]));

  app = Fastify();
  const serve = (key: string) => async (request: FastifyRequest, reply: FastifyReply) => {
    const { download } = request.query as { download?: string };
    return sendStoredFile(
      store,
      request,
      reply,
      // The store's ETag and modification time, as the routes pass them (none for a gone key).
      { ...(await store.head(key)), key, size: SIZE, contentType: 'video/mp4' },
      {
        cacheControl: CACHE,
        downloadName: download,
        notFoundMessage: 'Gone',
        beforeBody: async (range) => {
          bodies.push(range);
        },
      },
    );
  };
  // Fastify's implied HEAD (as the /media routes have) and an explicit GET+HEAD route.
  app.get('/implied', serve(KEY));
  app.route({ method: ['GET', 'HEAD'], url: '/explicit', handler: serve(KEY) });
  app.get('/gone', serve(GONE_KEY));
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await store.close();
  await rm(dataDir, { recursive: true, force: true });
});

beforeEach(() => {
  bodies = [];
  vi.restoreAllMocks();
});

const get = (url: string, range?: string, method: 'GET' | 'HEAD' = 'GET') =>
  app.inject({ method, url, headers: range ? { range } : {} });

describe('sendStoredFile on the local-disk store', () => {
  it('sends the whole file with its type, length, cache policy, Accept-Ranges and nosniff', async () => {
    const res = await get('/implied');
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(bytes)).toBe(true);
    expect(res.headers['content-length']).toBe(String(SIZE));
    expect(res.headers['content-type']).toBe('video/mp4');
    expect(res.headers['cache-control']).toBe(CACHE);
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-range']).toBeUndefined();
    expect(res.headers['content-disposition']).toBeUndefined();
    expect(bodies).toEqual([null]);
  });

  it('answers a range with 206, Content-Range and only those bytes', async () => {
    const res = await get('/implied', 'bytes=100-199');
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-range']).toBe(`bytes 100-199/${SIZE}`);
    expect(res.headers['content-length']).toBe('100');
    expect(res.rawPayload.equals(bytes.subarray(100, 200))).toBe(true);
    expect(bodies).toEqual([{ start: 100, end: 199 }]);

    const open = await get('/implied', `bytes=${SIZE - 5}-`);
    expect(open.statusCode).toBe(206);
    expect(open.headers['content-range']).toBe(`bytes ${SIZE - 5}-${SIZE - 1}/${SIZE}`);
    expect(open.rawPayload.equals(bytes.subarray(SIZE - 5))).toBe(true);

    // An end past the file is cut at the last byte.
    const past = await get('/implied', `bytes=9000-${SIZE * 2}`);
    expect(past.headers['content-range']).toBe(`bytes 9000-${SIZE - 1}/${SIZE}`);
    expect(past.rawPayload.equals(bytes.subarray(9000))).toBe(true);
  });

  it('answers a suffix range with the last bytes (all of them when it asks for more)', async () => {
    const tail = await get('/implied', 'bytes=-10');
    expect(tail.statusCode).toBe(206);
    expect(tail.headers['content-range']).toBe(`bytes ${SIZE - 10}-${SIZE - 1}/${SIZE}`);
    expect(tail.rawPayload.equals(bytes.subarray(SIZE - 10))).toBe(true);

    const more = await get('/implied', `bytes=-${SIZE + 50}`);
    expect(more.statusCode).toBe(206);
    expect(more.headers['content-range']).toBe(`bytes 0-${SIZE - 1}/${SIZE}`);
    expect(more.rawPayload.equals(bytes)).toBe(true);
  });

  it('answers 416 with bytes */size for a range wholly past the end, and reads nothing', async () => {
    const read = vi.spyOn(store, 'get');
    for (const range of [`bytes=${SIZE}-`, `bytes=${SIZE + 100}-${SIZE + 200}`, 'bytes=-0']) {
      const res = await get('/implied', range);
      expect(res.statusCode, range).toBe(416);
      expect(res.headers['content-range'], range).toBe(`bytes */${SIZE}`);
      expect(res.headers['accept-ranges'], range).toBe('bytes');
      expect(res.rawPayload.length, range).toBe(0);
    }
    expect(read).not.toHaveBeenCalled();
    expect(bodies).toEqual([]);
  });

  it('sends the whole file for a Range it does not serve (several ranges, other units)', async () => {
    for (const range of ['bytes=0-9,20-29', 'items=0-9', 'bytes=50-10']) {
      const res = await get('/implied', range);
      expect(res.statusCode, range).toBe(200);
      expect(res.rawPayload.equals(bytes), range).toBe(true);
    }
  });

  it.each(['/implied', '/explicit'])(
    'HEAD on %s: the real length and range headers, no body, nothing read',
    async (url) => {
      const read = vi.spyOn(store, 'get');
      const whole = await get(url, undefined, 'HEAD');
      expect(whole.statusCode).toBe(200);
      expect(whole.headers['content-length']).toBe(String(SIZE));
      expect(whole.headers['content-type']).toBe('video/mp4');
      expect(whole.rawPayload.length).toBe(0);

      const part = await get(url, 'bytes=-10', 'HEAD');
      expect(part.statusCode).toBe(206);
      expect(part.headers['content-length']).toBe('10');
      expect(part.headers['content-range']).toBe(`bytes ${SIZE - 10}-${SIZE - 1}/${SIZE}`);
      expect(part.rawPayload.length).toBe(0);

      expect((await get(url, `bytes=${SIZE}-`, 'HEAD')).statusCode).toBe(416);
      expect(read).not.toHaveBeenCalled();
      expect(bodies).toEqual([]);
    },
  );

  it('names a download as an attachment', async () => {
    const res = await get(`/implied?download=${encodeURIComponent('Hill climb.mp4')}`);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Hill climb.mp4"; filename*=UTF-8''Hill%20climb.mp4`,
    );
  });

  it('answers 404 with the route message, without the file headers, when the object is gone', async () => {
    const res = await get('/gone');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ message: 'Gone' });
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.headers['content-range']).toBeUndefined();
    expect(res.headers['accept-ranges']).toBeUndefined();
  });
});

describe('conditional requests', () => {
  const headers = (extra: Record<string, string>, method: 'GET' | 'HEAD' = 'GET') =>
    app.inject({ method, url: '/implied', headers: extra });

  it('sends ETag and Last-Modified, and answers a matching If-None-Match 304 with no body', async () => {
    const first = await headers({});
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[0-9a-f]+-[0-9a-f]+-[0-9a-f]+"$/);
    expect(new Date(first.headers['last-modified'] as string).getTime()).toBeGreaterThan(0);
    bodies = [];
    for (const method of ['GET', 'HEAD'] as const) {
      for (const match of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
        const res = await headers({ 'if-none-match': match }, method);
        expect(res.statusCode).toBe(304);
        expect(res.rawPayload.length).toBe(0);
        expect(res.headers.etag).toBe(etag);
        expect(res.headers['cache-control']).toBe(CACHE);
      }
    }
    // Not modified reads nothing (beforeBody never runs).
    expect(bodies).toEqual([]);
    const other = await headers({ 'if-none-match': '"other"' });
    expect(other.statusCode).toBe(200);
    expect(other.rawPayload.equals(bytes)).toBe(true);
  });

  it('answers If-Modified-Since 304 from that second on, ignoring it beside If-None-Match or when malformed', async () => {
    const modified = (await headers({})).headers['last-modified'] as string;
    expect((await headers({ 'if-modified-since': modified })).statusCode).toBe(304);
    const later = new Date(Date.parse(modified) + 60_000).toUTCString();
    expect((await headers({ 'if-modified-since': later })).statusCode).toBe(304);
    const earlier = new Date(Date.parse(modified) - 1000).toUTCString();
    expect((await headers({ 'if-modified-since': earlier })).statusCode).toBe(200);
    expect((await headers({ 'if-modified-since': 'yesterday-ish' })).statusCode).toBe(200);
    const both = await headers({ 'if-modified-since': later, 'if-none-match': '"other"' });
    expect(both.statusCode).toBe(200);
  });

  it('answers a Range only when If-Range names this version, else the whole file', async () => {
    const first = await headers({});
    const etag = first.headers.etag as string;
    const modified = first.headers['last-modified'] as string;
    const ranged = (ifRange: string) => headers({ range: 'bytes=0-9', 'if-range': ifRange });
    for (const same of [etag, modified]) {
      const res = await ranged(same);
      expect(res.statusCode).toBe(206);
      expect(res.rawPayload.equals(bytes.subarray(0, 10))).toBe(true);
    }
    const stale = new Date(Date.parse(modified) - 1000).toUTCString();
    for (const other of ['"other"', `W/${etag}`, stale, 'not a date']) {
      const res = await ranged(other);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-range']).toBeUndefined();
      expect(res.rawPayload.equals(bytes)).toBe(true);
    }
  });

  it('gives a rewritten file a new ETag', async () => {
    const before = (await headers({})).headers.etag;
    await store.put(KEY, Readable.from([bytes]));
    const after = await headers({ 'if-none-match': before as string });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before);
  });
});

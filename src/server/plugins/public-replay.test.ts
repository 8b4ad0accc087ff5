import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { videos } from '../db/schema/videos';
import { mediaKeys, mediaUrls } from '../media/media-paths';
import { PUBLIC_ROW_TTL_MS } from '../modules/files/public-media-rows';
import { HSTS_VALUE } from './hsts';
import { publicReplay, REPLAY_MS } from './public-replay';
import { bytes, useMediaRoutesWorld } from '../test/media-routes-world';

// Forwarded headers count (one proxy), so X-Forwarded-Proto decides HSTS.
const { w, put, makeVideo } = useMediaRoutesWorld({ TRUST_PROXY: '1' });
let port = 0;

beforeAll(async () => {
  await w.t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (w.t.app.server.address() as AddressInfo).port;
});

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A real HTTP request to the listening app (the replay sits before Fastify, which inject skips). */
function call(url: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request({ port, host: '127.0.0.1', path: url, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    request.on('error', reject);
    request.end();
  });
}

/** An enhanced (public) class with its thumbnail stored. */
async function publicStill(size = 700) {
  const v = await makeVideo({ processingStatus: 'enhanced', thumbnailUrl: 'set' });
  await put(mediaKeys.thumbnail(v.id), bytes(size));
  return { v, url: mediaUrls.thumbnail(v.id) };
}

/**
 * The class is no longer public, and the route's memory of its row has run out (on the real
 * clock), while the app's clock, which the kept answers follow, is moved back to `keptAt` (when
 * the answer was kept), however long this took: the route would now refuse what a kept answer
 * still gives.
 */
async function unpublish(videoId: string, keptAt: number) {
  await w.t.database.db
    .update(videos)
    .set({ processingStatus: 'failed' })
    .where(eq(videos.id, videoId));
  await sleep(PUBLIC_ROW_TTL_MS + 100);
  w.t.advance(keptAt - w.t.now());
}

/** The app's clock past every kept answer's second (with room for how long each call took). */
const pastTheSecond = () => w.t.advance(2 * REPLAY_MS);

const withoutDate = ({ date: _date, ...rest }: http.IncomingHttpHeaders) => rest;

describe('public answers replayed for a second', () => {
  it('replays a public still to the same request, with the same headers, until a second has passed', async () => {
    const { v, url } = await publicStill();
    const keptAt = w.t.now();
    const first = await call(url);
    expect(first.status).toBe(200);
    expect(first.headers['cache-control']).toBe('public, max-age=3600');
    expect(first.body).toEqual(bytes(700));
    await unpublish(v.id, keptAt);
    // The route would refuse it now (401 signed out); the kept answer is still within its second.
    const again = await call(url);
    expect(again.status).toBe(200);
    expect(withoutDate(again.headers)).toEqual(withoutDate(first.headers));
    expect(again.body).toEqual(first.body);
    pastTheSecond();
    expect((await call(url)).status).toBe(401);
  });

  it('answers HEAD from a kept GET; a Range or a validator goes to the route', async () => {
    const { v, url } = await publicStill(900);
    const keptAt = w.t.now();
    const first = await call(url);
    await unpublish(v.id, keptAt);
    const head = await call(url, {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers['content-length']).toBe('900');
    expect(head.body.length).toBe(0);
    const requests: Record<string, string>[] = [
      { range: 'bytes=0-9' },
      { 'if-none-match': first.headers.etag! },
      { 'if-modified-since': first.headers['last-modified']! },
      { 'if-range': first.headers.etag!, range: 'bytes=0-9' },
    ];
    for (const headers of requests) {
      expect((await call(url, headers)).status, JSON.stringify(headers)).toBe(401);
    }
    pastTheSecond();
  });

  it("never keeps a private answer: the owner's still of a class not yet public is not replayed to anyone else", async () => {
    const v = await makeVideo({ processingStatus: 'processing', thumbnailUrl: 'set' });
    await put(mediaKeys.thumbnail(v.id), bytes(300));
    const url = mediaUrls.thumbnail(v.id);
    const mine = await call(url, { cookie: w.owner.cookie });
    expect(mine.status).toBe(200);
    expect(mine.headers['cache-control']).toBe('private, max-age=3600');
    expect((await call(url)).status).toBe(401);
    expect((await call(url, { cookie: w.other.cookie })).status).toBe(404);
  });

  it('keeps apart what makes another answer: the protocol a trusted proxy forwards (HSTS), the host', async () => {
    const { v, url } = await publicStill();
    const keptAt = w.t.now();
    const plain = await call(url);
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const https = await call(url, { 'x-forwarded-proto': 'https' });
    expect(https.headers['strict-transport-security']).toBe(HSTS_VALUE);
    await unpublish(v.id, keptAt);
    // Both kept, each for its own request.
    expect((await call(url)).headers['strict-transport-security']).toBeUndefined();
    const again = await call(url, { 'x-forwarded-proto': 'https' });
    expect(again.status).toBe(200);
    expect(again.headers['strict-transport-security']).toBe(HSTS_VALUE);
    // Another Host was never answered: the route decides (no longer public).
    expect((await call(url, { host: 'localhost' })).status).toBe(401);
    pastTheSecond();
  });

  it("keeps no download: a rider's ?download=1 answer is never replayed to the owner asking the same URL", async () => {
    const key = 'videos/replay-download/enhanced.mp4';
    const v = await makeVideo({ processingStatus: 'enhanced', enhancedKey: key });
    await put(key, bytes(1200));
    const url = `${mediaUrls.enhanced(v.id, 'e1')}&download=1`;
    const rider = await call(url);
    expect(rider.headers['cache-control']).toBe('public, max-age=3600');
    expect(rider.headers['content-disposition']).toContain('ride.mp4');
    const owner = await call(url, { cookie: w.owner.cookie });
    expect(owner.headers['content-disposition']).toContain('Hill climb-enhanced.mp4');
    pastTheSecond();
  });

  it('replays HLS segments (immutable) and leaves errors to the route every time', async () => {
    const version = 'r1';
    const v = await makeVideo({
      processingStatus: 'enhanced',
      hlsUrl: mediaUrls.hls('00000000-0000-4000-8000-000000000000', version),
    });
    await w.t.database.db
      .update(videos)
      .set({ hlsUrl: mediaUrls.hls(v.id, version) })
      .where(eq(videos.id, v.id));
    await put(`${mediaKeys.hls(v.id, version)}v720p/seg_0001.m4s`, bytes(2000));
    const segment = `/media/videos/${v.id}/hls/${version}/v720p/seg_0001.m4s`;
    const missing = `/media/videos/${v.id}/hls/${version}/v720p/seg_0002.m4s`;
    const keptAt = w.t.now();
    const first = await call(segment);
    expect(first.status).toBe(200);
    expect(first.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await call(missing)).status).toBe(404);
    await put(`${mediaKeys.hls(v.id, version)}v720p/seg_0002.m4s`, bytes(10));
    // The 404 was not kept: the segment written since is served at once.
    expect((await call(missing)).body).toEqual(bytes(10));
    // The segment answered before is replayed, even once the class is no longer public.
    await unpublish(v.id, keptAt);
    expect((await call(segment)).body).toEqual(bytes(2000));
    pastTheSecond();
    expect((await call(segment)).status).toBe(404);
  });
});

describe('memory of a replayed answer', () => {
  it('counts the body while kept, and while a client that does not read still holds it', async () => {
    let held = 0;
    const hold = () => {
      held++;
      let released = false;
      return () => {
        if (!released) held--;
        released = true;
      };
    };
    const answered: string[] = [];
    const replay = publicReplay({
      metrics: { request: (route) => answered.push(route ?? '') },
      keyByPeer: false,
      hold,
      // Held still: however slowly 32 MB travels here, the kept answer is within its second.
      now: () => 0,
    });
    // More than the socket takes at once, so an unread answer stays partly in the process.
    const body = Buffer.alloc(32 * 1024 * 1024, 7);
    const app = Fastify({
      serverFactory: (handler) =>
        http.createServer((request, response) => {
          if (!replay.answer(request, response)) handler(request, response);
        }),
    });
    app.addHook('onSend', replay.keep);
    app.get('/big.m4s', { config: { replayable: true } }, async (_request, reply) =>
      reply
        .header('cache-control', 'public, max-age=60')
        .header('content-length', body.length)
        .send(body),
    );
    await app.listen({ port: 0, host: '127.0.0.1' });
    const bigPort = (app.server.address() as AddressInfo).port;
    try {
      // The route answers, and its answer is kept (and counted).
      const first = await fetch(`http://127.0.0.1:${bigPort}/big.m4s`);
      expect((await first.arrayBuffer()).byteLength).toBe(body.length);
      expect(held).toBe(1);
      // A replay to a client that asks and never reads: counted too, until its connection closes.
      const socket = net.connect(bigPort, '127.0.0.1');
      socket.pause();
      socket.write(`GET /big.m4s HTTP/1.1\r\nHost: 127.0.0.1:${bigPort}\r\n\r\n`);
      await expect.poll(() => held).toBe(2);
      // Counted in the request metrics once it has closed (the route's own answer is Fastify's).
      expect(answered).toEqual([]);
      socket.destroy();
      await expect.poll(() => held).toBe(1);
      expect(answered).toEqual(['/big.m4s']);
      replay.close();
      expect(held).toBe(0);
    } finally {
      await app.close();
    }
  });
});

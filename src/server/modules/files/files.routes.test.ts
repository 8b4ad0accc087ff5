import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { retiredMedia, videos } from '../../db/schema/videos';
import { mediaKeys, mediaUrls } from '../../media/media-paths';
import { toVideoDto } from '../videos/video-dto';
import { HOT_FILE_CHECK_MS } from '../../storage/hot-files';
import { CACHE, enhancedDownloadName } from './files.routes';
import { bytes, useMediaRoutesWorld } from '../../test/media-routes-world';

const { w, put, makeVideo, get } = useMediaRoutesWorld();

describe('stills', () => {
  it('are 404 before ingest made them, and for unknown or malformed ids', async () => {
    const v = await makeVideo();
    expect((await get(mediaUrls.thumbnail(v.id), { cookie: w.owner.cookie })).statusCode).toBe(404);
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
    expect((await get(url, { cookie: w.other.cookie })).statusCode).toBe(404);
    const mine = await get(url, { cookie: w.owner.cookie });
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-type']).toBe('video/mp4');
    expect(mine.headers['cache-control']).toBe(CACHE.private);
    expect(mine.rawPayload).toEqual(bytes(1000));
    expect((await get(url, { cookie: w.admin.cookie })).statusCode).toBe(200);
  });
});

describe('A/B audio clips', () => {
  const report = { changes: [], audioClip: { start: 4, duration: 12 } };

  it('answers 401 signed out, 404 to another owner, audio/mp4 with ranges to its owner and an admin', async () => {
    const v = await makeVideo({
      processingStatus: 'enhanced',
      enhancementReport: report,
      enhancedAt: new Date(1_700_000_000_000),
    });
    await put(mediaKeys.beforeAudio(v.id), bytes(400));
    await put(mediaKeys.afterAudio(v.id), bytes(500));
    const { audioClips } = toVideoDto(v);
    expect(audioClips).toEqual({
      beforeUrl: `/media/videos/${v.id}/before.m4a?v=1700000000000`,
      afterUrl: `/media/videos/${v.id}/after.m4a?v=1700000000000`,
    });
    for (const [url, size] of [
      [audioClips!.beforeUrl, 400],
      [audioClips!.afterUrl, 500],
    ] as const) {
      // Enhanced (public) or not, the clips are the owner's: the raw one is the raw upload.
      expect((await get(url)).statusCode).toBe(401);
      expect((await get(url, { cookie: w.other.cookie })).json()).toEqual({
        message: 'Media not found',
      });
      const mine = await get(url, { cookie: w.owner.cookie });
      expect(mine.statusCode).toBe(200);
      expect(mine.headers['content-type']).toBe('audio/mp4');
      expect(mine.headers['cache-control']).toBe(CACHE.private);
      expect(mine.rawPayload).toEqual(bytes(size));
      const part = await get(url, { cookie: w.owner.cookie, range: 'bytes=10-19' });
      expect(part.statusCode).toBe(206);
      expect(part.rawPayload).toEqual(bytes(size).subarray(10, 20));
      expect((await get(url, { cookie: w.admin.cookie })).statusCode).toBe(200);
    }
  });

  it('are none for a soundless class, an older report, or an enhanced file an admin uploaded', async () => {
    // No sound to compare: the report names no clips (the job made none).
    const soundless = await makeVideo({ enhancementReport: { changes: [{ kind: 'colour' }] } });
    expect(toVideoDto(soundless).audioClips).toBeNull();
    expect(
      (await get(`/media/videos/${soundless.id}/before.m4a`, { cookie: w.owner.cookie }))
        .statusCode,
    ).toBe(404);
    // Clips left from an earlier run, but an admin's enhanced file cleared the report: not served.
    const replaced = await makeVideo({ enhancementReport: report });
    await put(mediaKeys.beforeAudio(replaced.id), bytes(10));
    await put(mediaKeys.afterAudio(replaced.id), bytes(10));
    const url = `/media/videos/${replaced.id}/after.m4a`;
    expect((await get(url, { cookie: w.owner.cookie })).statusCode).toBe(200);
    await w.t.database.db
      .update(videos)
      .set({ enhancementReport: null })
      .where(eq(videos.id, replaced.id));
    expect((await get(url, { cookie: w.owner.cookie })).statusCode).toBe(404);
    expect(
      (await get(`/media/videos/${replaced.id}/before.m4a`, { cookie: w.admin.cookie })).statusCode,
    ).toBe(404);
    // A raw-less row (never enhanced): nothing.
    const raw = await makeVideo();
    expect(toVideoDto(raw).audioClips).toBeNull();
    expect(
      (await get(`/media/videos/${raw.id}/before.m4a`, { cookie: w.owner.cookie })).statusCode,
    ).toBe(404);
  });
});

describe('growing HLS preview', () => {
  it('serves the owner its playlist (never cached) and segments, nothing else, and to no one else', async () => {
    const v = await makeVideo({ previewState: 'growing' });
    await w.t.database.db
      .update(videos)
      .set({ previewUrl: mediaUrls.previewHls(v.id) })
      .where(eq(videos.id, v.id));
    const prefix = mediaKeys.previewHls(v.id);
    await put(`${prefix}index.m3u8`, Buffer.from('#EXTM3U\n'));
    await put(`${prefix}seg_00000.ts`, bytes(188));
    await put(`${prefix}other.ts`, bytes(10));
    const playlist = mediaUrls.previewHls(v.id);
    expect(playlist).toBe(`/media/videos/${v.id}/preview/index.m3u8`);
    expect((await get(playlist)).statusCode).toBe(401);
    expect((await get(playlist, { cookie: w.other.cookie })).statusCode).toBe(404);
    const mine = await get(playlist, { cookie: w.owner.cookie });
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-type']).toBe('application/vnd.apple.mpegurl');
    expect(mine.headers['cache-control']).toBe(CACHE.growing);
    const segment = await get(`/media/videos/${v.id}/preview/seg_00000.ts`, {
      cookie: w.admin.cookie,
    });
    expect(segment.statusCode).toBe(200);
    expect(segment.headers['content-type']).toBe('video/mp2t');
    expect(segment.headers['cache-control']).toBe(CACHE.private);
    for (const name of ['other.ts', '..%2Findex.m3u8', 'seg_00000.ts%00', 'seg_99999.ts']) {
      const r = await get(`/media/videos/${v.id}/preview/${name}`, { cookie: w.owner.cookie });
      expect(r.statusCode).toBe(404);
    }
    // An MP4 preview has no playlist to serve.
    const mp4 = await makeVideo({ previewUrl: 'set' });
    await put(`${mediaKeys.previewHls(mp4.id)}index.m3u8`, Buffer.from('#EXTM3U\n'));
    const r = await get(mediaUrls.previewHls(mp4.id), { cookie: w.owner.cookie });
    expect(r.statusCode).toBe(404);
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
    expect((await get(url, { cookie: w.owner.cookie })).statusCode).toBe(200);

    await w.t.database.db
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
    const head = await w.t.app.inject({ method: 'HEAD', url });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe('300');
    expect(head.rawPayload.length).toBe(0);
    // Behaviour change (audit): the public download no longer carries the owner's file name.
    const download = await get(`${url}?download=1`);
    expect(download.headers['content-disposition']).toContain('filename="ride.mp4"');
    expect(download.headers['content-disposition']).not.toContain('Hill');
    expect(download.headers['cache-control']).toBe(CACHE.enhanced);
    for (const who of [w.owner, w.admin]) {
      const own = await get(`${url}?download=1`, { cookie: who.cookie });
      expect(own.headers['content-disposition']).toContain('filename="Hill climb-enhanced.mp4"');
      expect(own.headers['cache-control']).toBe(CACHE.private);
    }
    const theirs = await get(`${url}?download=1`, { cookie: w.other.cookie });
    expect(theirs.headers['content-disposition']).toContain('filename="ride.mp4"');
    expect(enhancedDownloadName('noext')).toBe('noext-enhanced.mp4');
  });
});

describe('HLS', () => {
  it('serves only the current version of an enhanced video, with the right types and caching', async () => {
    const v = await makeVideo({ processingStatus: 'processing' });
    await w.t.database.db
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

    await w.t.database.db
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

  it('serves a ladder packaged after its public row was read, and a segment 304 by its ETag', async () => {
    const v = await makeVideo({ processingStatus: 'enhanced' });
    const setVersion = (version: string) =>
      w.t.database.db
        .update(videos)
        .set({ hlsUrl: mediaUrls.hls(v.id, version) })
        .where(eq(videos.id, v.id));
    await setVersion('first1');
    for (const version of ['first1', 'second2']) {
      await put(`${mediaKeys.hls(v.id, version)}master.m3u8`, Buffer.from('#EXTM3U\n'));
      await put(`${mediaKeys.hls(v.id, version)}v360p/seg_0000.m4s`, bytes(64));
    }
    const base = `/media/videos/${v.id}/hls/`;
    expect((await get(`${base}first1/master.m3u8`)).statusCode).toBe(200);
    // Repackaged within the second the row is remembered: the new version plays at once.
    await setVersion('second2');
    expect((await get(`${base}second2/master.m3u8`)).statusCode).toBe(200);

    const segment = await get(`${base}second2/v360p/seg_0000.m4s`);
    expect(segment.headers.etag).toMatch(/^"/);
    expect(segment.headers['last-modified']).toBeTruthy();
    const again = await get(`${base}second2/v360p/seg_0000.m4s`, {
      'if-none-match': segment.headers.etag as string,
    });
    expect(again.statusCode).toBe(304);
    expect(again.headers['cache-control']).toBe(CACHE.immutable);
    expect(again.headers['access-control-allow-origin']).toBe('*');
    expect(again.rawPayload.length).toBe(0);
  });

  it('keeps a replaced ladder playable during its grace period, then 404', async () => {
    const v = await makeVideo({ processingStatus: 'enhanced' });
    await w.t.database.db
      .update(videos)
      .set({ hlsUrl: mediaUrls.hls(v.id, 'new1') })
      .where(eq(videos.id, v.id));
    const oldPrefix = mediaKeys.hls(v.id, 'old1');
    await put(`${oldPrefix}master.m3u8`, Buffer.from('#EXTM3U\nv360p/index.m3u8\n'));
    const oldMaster = `/media/videos/${v.id}/hls/old1/master.m3u8`;
    expect((await get(oldMaster)).statusCode).toBe(404);
    await w.t.database.db.insert(retiredMedia).values({
      prefix: oldPrefix,
      videoId: v.id,
      version: 'old1',
      deleteAfter: new Date(Date.now() + 60_000),
    });
    expect((await get(oldMaster)).statusCode).toBe(200);
    await w.t.database.db
      .update(retiredMedia)
      .set({ deleteAfter: new Date(Date.now() - 1000) })
      .where(eq(retiredMedia.prefix, oldPrefix));
    expect((await get(oldMaster)).statusCode).toBe(404);
  });
});

describe('the offline file (decision 0047)', () => {
  const SIZE = 5000;
  /** An enhanced class streaming version `version`, its offline file stored beside the ladder. */
  async function packaged(version = 'off1', over: Partial<typeof videos.$inferInsert> = {}) {
    const v = await makeVideo({ processingStatus: 'enhanced', offlineBytes: SIZE, ...over });
    await w.t.database.db
      .update(videos)
      .set({ hlsUrl: mediaUrls.hls(v.id, version) })
      .where(eq(videos.id, v.id));
    await put(`${mediaKeys.hls(v.id, version)}offline.mp4`, bytes(SIZE));
    return { v, url: mediaUrls.offline(v.id, version) };
  }

  it('is served whole to anyone, as an immutable MP4 with a strong ETag, CORS and no download name', async () => {
    const { v, url } = await packaged();
    expect(url).toBe(`/media/videos/${v.id}/hls/off1/offline.mp4`);
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('video/mp4');
    expect(res.headers['content-length']).toBe(String(SIZE));
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(res.headers['cache-control']).toBe(CACHE.immutable);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    // Media only: a page's headers (CSP, framing, …) are left off (security-headers.ts).
    expect(res.headers['content-security-policy']).toBeUndefined();
    expect(res.headers['x-frame-options']).toBeUndefined();
    expect(res.headers.etag).toMatch(/^"[^"]+"$/);
    expect(res.headers['content-disposition']).toBeUndefined();
    expect(res.rawPayload).toEqual(bytes(SIZE));
    const head = await w.t.app.inject({ method: 'HEAD', url });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(String(SIZE));
  });

  it('answers a range 206, resumes only the same file (If-Range), 416 past the end', async () => {
    const { v, url } = await packaged('off2');
    const part = await get(url, { range: 'bytes=1000-1999' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 1000-1999/${SIZE}`);
    expect(part.headers['content-length']).toBe('1000');
    expect(part.rawPayload).toEqual(bytes(SIZE).subarray(1000, 2000));
    const etag = part.headers.etag as string;
    // Resuming with the ETag it started with: the rest.
    const rest = await get(url, { range: 'bytes=2000-', 'if-range': etag });
    expect(rest.statusCode).toBe(206);
    expect(rest.rawPayload).toEqual(bytes(SIZE).subarray(2000));
    // Another ETag (or a weak one): the whole file, never a splice of two.
    for (const other of ['"another-file"', `W/${etag}`]) {
      const whole = await get(url, { range: 'bytes=2000-', 'if-range': other });
      expect(whole.statusCode).toBe(200);
      expect(whole.headers['content-range']).toBeUndefined();
      expect(whole.rawPayload).toEqual(bytes(SIZE));
    }
    // The file rewritten under the same name: the old ETag no longer resumes it.
    await put(`${mediaKeys.hls(v.id, 'off2')}offline.mp4`, bytes(SIZE + 1));
    // Public files in memory are checked against the store once a second (decision 0053).
    w.t.advance(HOT_FILE_CHECK_MS);
    const rewritten = await get(url, { range: 'bytes=2000-', 'if-range': etag });
    expect(rewritten.statusCode).toBe(200);
    expect(rewritten.headers.etag).not.toBe(etag);
    expect(rewritten.rawPayload).toEqual(bytes(SIZE + 1));

    const past = await get(url, { range: `bytes=${SIZE + 10}-` });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${SIZE + 1}`);
  });

  it("is 404 for an unknown or malformed id, another class's id, a class not enhanced, a version not its", async () => {
    const { v } = await packaged('off3');
    const others = await makeVideo({ userId: w.other.id, processingStatus: 'enhanced' });
    await w.t.database.db
      .update(videos)
      .set({ hlsUrl: mediaUrls.hls(others.id, 'theirs1') })
      .where(eq(videos.id, others.id));
    const unpublished = await packaged('off4', { processingStatus: 'processing' });
    for (const url of [
      mediaUrls.offline('7b0a8a52-5f0e-4c4a-9d7e-7d2f7f9a0c11', 'off3'),
      `/media/videos/not-a-uuid/hls/off3/offline.mp4`,
      // Another gym's class, with this class's version (its own folder has no such file).
      mediaUrls.offline(others.id, 'off3'),
      mediaUrls.offline(others.id, 'theirs1'),
      // Not enhanced (processing again, or never): nothing public, not even to a guess.
      unpublished.url,
      mediaUrls.offline(v.id, 'nope1'),
    ]) {
      const res = await get(url);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Media not found' });
    }
  });

  it("a replaced ladder's offline file plays during its grace period, then 404", async () => {
    const { v, url } = await packaged('old9');
    await w.t.database.db
      .update(videos)
      .set({ hlsUrl: mediaUrls.hls(v.id, 'new9') })
      .where(eq(videos.id, v.id));
    await w.t.database.db.insert(retiredMedia).values({
      prefix: mediaKeys.hls(v.id, 'old9'),
      videoId: v.id,
      version: 'old9',
      deleteAfter: new Date(Date.now() + 60_000),
    });
    expect((await get(url, { range: 'bytes=0-9' })).statusCode).toBe(206);
    await w.t.database.db
      .update(retiredMedia)
      .set({ deleteAfter: new Date(Date.now() - 1000) })
      .where(eq(retiredMedia.prefix, mediaKeys.hls(v.id, 'old9')));
    expect((await get(url)).statusCode).toBe(404);
  });
});

describe("HLS: quality per plan (the owner's plan's top rung)", () => {
  /** A 4K ladder's master as packaging writes it. */
  const UHD = [
    '#EXTM3U',
    '#EXT-X-VERSION:7',
    '#EXT-X-STREAM-INF:BANDWIDTH=17740800,RESOLUTION=3840x2160,CODECS="avc1.640033,mp4a.40.2"',
    'v2160p/index.m3u8',
    '',
    '#EXT-X-STREAM-INF:BANDWIDTH=5640800,RESOLUTION=1920x1080,CODECS="avc1.640028,mp4a.40.2"',
    'v1080p/index.m3u8',
    '',
    '#EXT-X-STREAM-INF:BANDWIDTH=3220800,RESOLUTION=1280x720,CODECS="avc1.64001f,mp4a.40.2"',
    'v720p/index.m3u8',
    '',
  ].join('\n');
  const variants = (body: string) => body.split('\n').filter((l) => /^v\d+p\//.test(l));
  /** The admin desk's grant: applies whatever the owner's video count (a downgrade included). */
  const grant = (planId: string) =>
    w.t.app.inject({
      method: 'PUT',
      url: `/api/admin/owners/${w.owner.id}/plan`,
      headers: { cookie: w.admin.cookie },
      payload: { planId },
    });

  it("a downgraded owner's master lists no rung above the new plan at once; the rung files stay", async () => {
    const v = await makeVideo({ processingStatus: 'enhanced' });
    await w.t.database.db
      .update(videos)
      .set({ hlsUrl: mediaUrls.hls(v.id, 'uhd1') })
      .where(eq(videos.id, v.id));
    const prefix = mediaKeys.hls(v.id, 'uhd1');
    await put(`${prefix}master.m3u8`, Buffer.from(UHD));
    await put(`${prefix}v2160p/index.m3u8`, Buffer.from('#EXTM3U\n'));
    const url = `/media/videos/${v.id}/hls/uhd1/master.m3u8`;
    try {
      expect((await grant('elite-studio')).statusCode).toBe(200);
      const elite = await get(url);
      expect(elite.statusCode).toBe(200);
      expect(elite.body).toBe(UHD);
      expect(variants(elite.body)).toEqual([
        'v2160p/index.m3u8',
        'v1080p/index.m3u8',
        'v720p/index.m3u8',
      ]);

      expect((await grant('power-cycle')).statusCode).toBe(200);
      const hd = await get(url);
      expect(hd.statusCode).toBe(200);
      expect(variants(hd.body)).toEqual(['v1080p/index.m3u8', 'v720p/index.m3u8']);
      expect(hd.body).not.toContain('3840x2160');
      expect(hd.headers['content-type']).toBe('application/vnd.apple.mpegurl');
      expect(hd.headers['cache-control']).toBe(CACHE.playlist);
      expect(hd.headers['access-control-allow-origin']).toBe('*');
      expect(hd.headers['last-modified']).toBeUndefined();
      // Its own ETag: a copy of the whole master is not this answer, a copy of this one is.
      expect(hd.headers.etag).not.toBe(elite.headers.etag);
      const stale = await get(url, { 'if-none-match': elite.headers.etag as string });
      expect(stale.statusCode).toBe(200);
      expect(variants(stale.body)).toHaveLength(2);
      const cached = await get(url, { 'if-none-match': hd.headers.etag as string });
      expect(cached.statusCode).toBe(304);
      expect(cached.rawPayload.length).toBe(0);
      const head = await w.t.app.inject({ method: 'HEAD', url });
      expect(head.statusCode).toBe(200);
      expect(head.rawPayload.length).toBe(0);

      expect((await grant('spin-starter')).statusCode).toBe(200);
      expect(variants((await get(url)).body)).toEqual(['v720p/index.m3u8']);
      // The rung's files are not deleted (an upgrade offers them again).
      expect((await get(`/media/videos/${v.id}/hls/uhd1/v2160p/index.m3u8`)).statusCode).toBe(200);

      expect((await grant('elite-studio')).statusCode).toBe(200);
      expect((await get(url)).body).toBe(UHD);
    } finally {
      await grant('spin-starter');
    }
  });
});

import sharp from 'sharp';
/**
 * The pipeline end to end through the app: an owner uploads, the video-created seam queues ingest,
 * the in-process worker (pg-boss on the test database) runs ingest, enhance and package with real
 * ffmpeg, and the /media routes serve the results. Then the admin's entry points with
 * AUTO_ENHANCE=off on S3 storage (with an AVI's growing preview in the bucket), the music's tempo
 * detected at ingest (issue #20 part 3), and the failure notes.
 */
import { execFile } from 'node:child_process';
import { createReadStream } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { VideoDto } from '@shared/videos.contract';
import { loadConfig } from '../config';
import { users } from '../db/schema/users';
import { retiredMedia, videos, type VideoRow } from '../db/schema/videos';
import { DEFAULT_TOOLS, FfmpegError } from '../media/ffmpeg';
import { parseMediaPlaylist } from '../media/growing-preview';
import { masterTop, variantsOf } from '../media/hls-args';
import { hlsVersionOf, mediaKeys } from '../media/media-paths';
import { OFFLINE_FILE } from '../media/offline-args';
import { TEMPO_DETECTOR } from '../media/tempo-args';
import { rideTrackRepository } from '../modules/ride-track/ride-track.repository';
import { beatClip } from '../test/beat-clip';
import { FFMPEG } from '../test/media-fixtures';
import { clip, logoImage } from '../test/media-clips';
import { openObjectStore } from '../storage/create-object-store';
import { adminActor, videoLifecycle, type VideoLifecycle } from '../modules/videos/lifecycle';
import { lifecycleRepository } from '../modules/videos/lifecycle.repository';
import type { ObjectStore } from '../storage/object-store';
import { registerOwner, startTestApp, type TestApp } from '../test/harness';
import { startS3Server, type S3TestServer } from '../test/s3-server';
import { uploadBytes } from '../test/upload-client';
import { ingestJob } from './ingest.job';
import { NOTES } from './job-notes';
import { createMediaPipeline, type MediaPipeline } from './media-pipeline';
import { RETIRED_GRACE_MS } from './package.job';
import type { MediaJobs } from './media-jobs';
import { silentLog, until } from '../test/job-support';

const HEAVY = { timeout: 300_000 };

interface Rig {
  config: ReturnType<typeof loadConfig>;
  t: TestApp;
  pipeline: MediaPipeline;
  store: ObjectStore;
  lifecycle: VideoLifecycle;
  dataDir: string;
  close(): Promise<void>;
}

/** The app with a pipeline on the same database and store, its worker running in-process. */
async function rig(env: Record<string, string>): Promise<Rig> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'cadence-pipeline-'));
  const fullEnv = { NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, ...env };
  const config = loadConfig(fullEnv);
  const store = await openObjectStore(config, Date.now);
  let bind: (p: MediaPipeline) => void = () => {};
  const ready = new Promise<MediaPipeline>((r) => (bind = r));
  const media: MediaJobs = {
    ingest: async (id) => (await ready).jobs.ingest(id),
    enhance: async (id) => (await ready).jobs.enhance(id),
    package: async (id) => (await ready).jobs.package(id),
    repackage: async (id) => (await ready).jobs.repackage(id),
  };
  const t = await startTestApp({ env: fullEnv, deps: { objectStore: store, media } });
  t.database.pool?.on('error', () => {});
  const pipeline = await createMediaPipeline({
    config,
    database: t.database,
    store,
    log: silentLog,
    pollIntervalMs: 200,
    settings: { ingest: { retryDelay: 1 }, enhance: { retryDelay: 1 }, package: { retryDelay: 1 } },
  });
  bind(pipeline);
  await pipeline.startWorker();
  return {
    config,
    t,
    pipeline,
    store,
    lifecycle: videoLifecycle({ repo: lifecycleRepository(t.database.db), store }),
    dataDir,
    close: async () => {
      await pipeline.stop();
      await t.close();
      await store.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** An owner on the largest plan: these tests upload more videos than the free plan's two. */
async function ownerOf(r: Rig) {
  const owner = await registerOwner(r.t.app);
  await r.t.database.db.update(users).set({ plan: 'elite-studio' }).where(eq(users.id, owner.id));
  return owner;
}

async function upload(
  r: Rig,
  cookie: string,
  file: string,
  extra: Record<string, unknown> = {},
): Promise<VideoDto> {
  const bytes = await readFile(file);
  const videoURL = await uploadBytes(r.t.app, cookie, bytes, 'video/mp4');
  const res = await r.t.app.inject({
    method: 'POST',
    url: '/api/auth/videos',
    headers: { cookie },
    payload: {
      videoURL,
      title: 'Morning ride',
      originalFileName: path.basename(file),
      fileSize: String(bytes.length),
      ...extra,
    },
  });
  if (res.statusCode !== 201) throw new Error(`create: ${res.statusCode} ${res.body}`);
  return res.json().video as VideoDto;
}

/** Where a packaged video's offline file is stored (beside its published ladder). */
const offlineKey = (row: VideoRow) =>
  `${mediaKeys.hls(row.id, hlsVersionOf(row.hlsUrl)!)}${OFFLINE_FILE}`;

/**
 * Another worker starting on the same database and store (a deploy, a restart): its start runs
 * the offline file sweep. Answers a stop.
 */
async function startAnotherWorker(r: Rig): Promise<() => Promise<void>> {
  const pipeline = await createMediaPipeline({
    config: r.config,
    database: r.t.database,
    store: r.store,
    log: silentLog,
    pollIntervalMs: 200,
  });
  await pipeline.startWorker();
  return () => pipeline.stop();
}

const waitFor = (r: Rig, id: string, ok: (row: VideoRow) => boolean, what: string) =>
  until(
    async () => {
      const row = await r.lifecycle.find(id);
      return row && ok(row) ? row : null;
    },
    240_000,
    what,
  );

describe('AUTO_ENHANCE on (local storage)', HEAVY, () => {
  let r: Rig;
  let owner: Awaited<ReturnType<typeof registerOwner>>;
  let other: Awaited<ReturnType<typeof registerOwner>>;
  let video: VideoDto;
  let done: VideoRow;

  beforeAll(async () => {
    r = await rig({});
    owner = await ownerOf(r);
    other = await registerOwner(r.t.app);
    const logoURL = await uploadBytes(
      r.t.app,
      owner.cookie,
      await readFile(await logoImage()),
      'image/png',
    );
    video = await upload(r, owner.cookie, await clip('basic'), {
      addLogo: true,
      logoFileUrl: logoURL,
    });
    done = await waitFor(
      r,
      video.id,
      (v) => v.processingStatus === 'enhanced' && Boolean(v.hlsUrl),
      'enhanced and packaged',
    );
  }, 300_000);
  afterAll(() => r?.close());

  it('probes into the row and makes the stills and the preview', () => {
    expect(video.processingStatus).toBe('uploaded');
    expect(done).toMatchObject({
      duration: '3',
      width: 640,
      height: 360,
      videoCodec: 'h264',
      audioCodec: 'aac',
    });
    expect(done.thumbnailUrl).toBe(`/media/videos/${video.id}/thumbnail.jpg`);
    expect(done.previewUrl).toBe(`/media/videos/${video.id}/preview.mp4`);
  });

  it('records every status change, in order, with notes', async () => {
    const events = await r.lifecycle.events(video.id);
    expect(events.map((e) => [e.action, e.fromStatus, e.toStatus])).toEqual([
      ['ingested', 'uploaded', 'uploaded'],
      ['enhance_started', 'uploaded', 'processing'],
      ['enhanced', 'processing', 'enhanced'],
      ['packaged', 'enhanced', 'enhanced'],
    ]);
    expect(events[0]!.notes).toMatch(
      /^Preview ready \(original codecs\): 640x360 h264\/aac, 3 s\.$/,
    );
    expect(done.processingNotes).toMatch(
      /^Enhanced automatically: .*light denoise; audio levelled to -16 LUFS \(was -\d+\.\d\); logo added top right \(7% of the width, 90% opaque\)\.$/,
    );
    expect(done.progress).toBeNull();
    // The same, structured for the owner's list of what changed.
    expect(done.enhancementReport?.changes.map((c) => c.kind)).toEqual([
      'colour',
      'denoise',
      'audio',
      'logo',
    ]);
    expect(done.enhancementReport?.changes).toContainEqual({
      kind: 'audio',
      fromLufs: expect.any(Number),
      toLufs: -16,
    });
    expect(done.enhancedAt).toBeInstanceOf(Date);
    expect(done.enhancedKey).toMatch(
      new RegExp(`^videos/${video.id}/enhanced/[0-9a-f]{16}\\.mp4$`),
    );
  });

  it("the video's API object names the preview, the enhanced file and the master playlist", async () => {
    const res = await r.t.app.inject({
      method: 'GET',
      url: `/api/auth/videos/${video.id}`,
      headers: { cookie: owner.cookie },
    });
    const dto = res.json().video as VideoDto;
    expect(dto.processingStatus).toBe('enhanced');
    expect(dto.thumbnailUrl).toBe(`/media/videos/${video.id}/thumbnail.jpg`);
    expect(dto.posterUrl).toBe(`/media/videos/${video.id}/poster.jpg`);
    const poster = await r.t.app.inject({ method: 'GET', url: dto.posterUrl! });
    expect(poster.statusCode).toBe(200);
    expect(poster.headers['content-type']).toBe('image/jpeg');
    // The before/after comparison: the raw frame at the poster's time, the owner's only.
    expect(dto.beforeUrl).toBe(`/media/videos/${video.id}/before.jpg`);
    expect((await r.t.app.inject(dto.beforeUrl!)).statusCode).toBe(401);
    const before = await r.t.app.inject({ url: dto.beforeUrl!, headers: { cookie: owner.cookie } });
    expect(before.statusCode).toBe(200);
    const beforeImage = sharp(before.rawPayload);
    const beforeWidth = (await beforeImage.metadata()).width!;
    const rawPixel = await beforeImage
      .extract({
        left: Math.round(beforeWidth * 0.935) - 1,
        top: Math.round(beforeWidth * 0.045) - 1,
        width: 3,
        height: 3,
      })
      .raw()
      .toBuffer();
    // No logo on the raw frame.
    expect(rawPixel[0]! - rawPixel[1]! < 100 || rawPixel[2]! - rawPixel[1]! < 100).toBe(true);
    // Drawn from the enhanced file: the burned-in logo (magenta, top right, 7% of the width,
    // 3% from the edges, 90% opaque) is on the poster and the thumbnail.
    for (const still of [poster.rawPayload, (await r.t.app.inject(dto.thumbnailUrl!)).rawPayload]) {
      const image = sharp(still);
      const { width } = await image.metadata();
      const at = { left: Math.round(width! * 0.935) - 1, top: Math.round(width! * 0.045) - 1 };
      const { data } = await image
        .extract({ ...at, width: 3, height: 3 })
        .raw()
        .toBuffer({ resolveWithObject: true });
      expect(data[0]).toBeGreaterThan(170);
      expect(data[1]).toBeLessThan(90);
      expect(data[2]).toBeGreaterThan(170);
    }
    // The A/B audio: the whole 3 s class before and after, the owner's (and admins') only.
    expect(done.enhancementReport?.audioClip).toEqual({ start: 0, duration: 3 });
    for (const url of [dto.audioClips!.beforeUrl, dto.audioClips!.afterUrl]) {
      expect(url).toMatch(new RegExp(`^/media/videos/${video.id}/(before|after)\\.m4a\\?v=\\d+$`));
      expect((await r.t.app.inject(url)).statusCode).toBe(401);
      const theirs = await r.t.app.inject({ url, headers: { cookie: other.cookie } });
      expect(theirs.statusCode).toBe(404);
      const mine = await r.t.app.inject({ url, headers: { cookie: owner.cookie } });
      expect(mine.statusCode).toBe(200);
      expect(mine.headers['content-type']).toBe('audio/mp4');
      expect(mine.rawPayload.subarray(4, 8).toString('latin1')).toBe('ftyp');
    }
    expect(dto.hlsUrl).toMatch(
      new RegExp(`^/media/videos/${video.id}/hls/[0-9a-f]{16}/master\\.m3u8$`),
    );
    expect(dto.enhancedFileUrl).toMatch(
      new RegExp(`^/media/videos/${video.id}/enhanced\\.mp4\\?v=`),
    );
    expect(dto.previewUrl).toBe(done.previewUrl);
  });

  it('serves the preview to its owner only', async () => {
    const url = done.previewUrl!;
    const mine = await r.t.app.inject({
      method: 'GET',
      url,
      headers: { cookie: owner.cookie, range: 'bytes=0-99' },
    });
    expect(mine.statusCode).toBe(206);
    expect(mine.headers['content-type']).toBe('video/mp4');
    expect(mine.headers['content-range']).toMatch(/^bytes 0-99\/\d+$/);
    expect((await r.t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    const theirs = await r.t.app.inject({ method: 'GET', url, headers: { cookie: other.cookie } });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual({ message: 'Media not found' });
  });

  it('serves the thumbnail and poster publicly', async () => {
    for (const still of ['thumbnail', 'poster']) {
      const res = await r.t.app.inject({
        method: 'GET',
        url: `/media/videos/${video.id}/${still}.jpg`,
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/jpeg');
      expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    }
  });

  it('streams the HLS ladder publicly: content types, ranges, caching', async () => {
    const master = await r.t.app.inject({ method: 'GET', url: done.hlsUrl! });
    expect(master.statusCode).toBe(200);
    expect(master.headers['content-type']).toBe('application/vnd.apple.mpegurl');
    expect(master.headers['cache-control']).toBe('public, max-age=60');
    expect(master.headers['access-control-allow-origin']).toBe('*');
    expect(master.body).toMatch(/^#EXTM3U/);
    const variant = /^(v[^\n]+\/index\.m3u8)$/m.exec(master.body)?.[1];
    expect(variant).toBe('v360p/index.m3u8');
    const base = done.hlsUrl!.replace(/master\.m3u8$/, '');
    const playlist = await r.t.app.inject({ method: 'GET', url: `${base}${variant}` });
    expect(playlist.statusCode).toBe(200);
    const segment = playlist.body.split('\n').find((l) => l.endsWith('.m4s'))!;
    const init = /#EXT-X-MAP:URI="([^"]+)"/.exec(playlist.body)![1]!;
    const seg = await r.t.app.inject({
      method: 'GET',
      url: `${base}v360p/${segment}`,
      headers: { range: 'bytes=0-99' },
    });
    expect(seg.statusCode).toBe(206);
    expect(seg.headers['content-type']).toBe('video/mp4');
    expect(seg.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(seg.headers['content-length']).toBe('100');
    const initRes = await r.t.app.inject({ method: 'GET', url: `${base}v360p/${init}` });
    expect(initRes.statusCode).toBe(200);
    expect(initRes.rawPayload.subarray(4, 8).toString('latin1')).toBe('ftyp');
    // Another version, a path outside the folder, a missing file: 404.
    for (const url of [
      done.hlsUrl!.replace(/hls\/[0-9a-f]+\//, 'hls/0000000000000000/'),
      `${base}..%2F..%2Fpreview.mp4`,
      `${base}v360p/nope.m4s`,
    ]) {
      expect((await r.t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    }
  });

  it('packaging stores the offline file beside the ladder and records its size (decision 0047)', async () => {
    const stored = await r.store.head(offlineKey(done));
    expect(stored).not.toBeNull();
    expect(done.offlineBytes).toBe(stored!.size);
    const url = done.hlsUrl!.replace('master.m3u8', OFFLINE_FILE);
    const res = await r.t.app.inject({ method: 'GET', url, headers: { range: 'bytes=0-7' } });
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-type']).toBe('video/mp4');
    expect(res.headers['content-range']).toBe(`bytes 0-7/${done.offlineBytes}`);
    expect(res.rawPayload.subarray(4, 8).toString('latin1')).toBe('ftyp');
  });

  it('serves the enhanced MP4 publicly, as a download on request', async () => {
    const res = await r.t.app.inject({
      method: 'GET',
      url: `/media/videos/${video.id}/enhanced.mp4?download=1`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('video/mp4');
    // The public gets the class title; the owner's file name only to the owner (audit).
    expect(res.headers['content-disposition']).toContain('morning-ride.mp4');
    const own = await r.t.app.inject({
      method: 'GET',
      url: `/media/videos/${video.id}/enhanced.mp4?download=1`,
      headers: { cookie: owner.cookie },
    });
    expect(own.headers['content-disposition']).toContain('basic-enhanced.mp4');
    expect(res.rawPayload.subarray(4, 8).toString('latin1')).toBe('ftyp');
  });

  it('an unreadable upload fails with a clear note and nothing else runs', async () => {
    const junk = Buffer.concat([
      Buffer.from('000000206674797069736f6d0000020069736f6d', 'hex'),
      Buffer.alloc(5000, 3),
    ]);
    const dir = await mkdtemp(path.join(os.tmpdir(), 'junk-'));
    const file = path.join(dir, 'broken.mp4');
    await writeFile(file, junk);
    const bad = await upload(r, owner.cookie, file);
    const row = await waitFor(r, bad.id, (v) => v.processingStatus === 'failed', 'failed');
    expect(row.processingNotes).toBe(NOTES.unreadable);
    expect(
      (await r.lifecycle.events(bad.id)).map((e) => [e.action, e.fromStatus, e.toStatus]),
    ).toEqual([['ingest_failed', 'uploaded', 'failed']]);
    await rm(dir, { recursive: true, force: true });
  });

  it('a moving camera is left processing with a note for the admin', async () => {
    const pan = await upload(r, owner.cookie, await clip('pan'), {
      replaceBackground: true,
      backgroundDescription: 'A sunset over the road',
    });
    const row = await waitFor(
      r,
      pan.id,
      (v) => (v.processingNotes ?? '').startsWith('Needs manual work'),
      'needs manual',
    );
    expect(row.processingStatus).toBe('processing');
    expect(row.processingNotes).toContain('the camera moves');
    expect(row.processingNotes).toContain('"Sunset road"');
    expect(row.enhancedFileUrl).toBeNull();
    expect(row.progress).toBeNull();
    expect((await r.lifecycle.events(pan.id)).map((e) => e.action)).toEqual([
      'ingested',
      'enhance_started',
      'needs_manual',
    ]);
  });

  it('an AVI upload is enhanced and packaged too: its MP4 output is read as MP4', async () => {
    const avi = await upload(r, owner.cookie, await clip('legacy'));
    const row = await waitFor(
      r,
      avi.id,
      (v) =>
        (v.processingStatus === 'enhanced' && Boolean(v.hlsUrl)) || v.processingStatus === 'failed',
      'packaged or failed',
    );
    expect(row.processingNotes ?? '').not.toContain('fail');
    expect(row.processingStatus).toBe('enhanced');
    expect(row.hlsUrl).toBeTruthy();
    const poster = await r.t.app.inject({
      method: 'GET',
      url: `/media/videos/${avi.id}/poster.jpg`,
    });
    expect(poster.statusCode).toBe(200);
    expect(poster.headers['content-type']).toBe('image/jpeg');
  });
});

describe('AUTO_ENHANCE off, the admin entry points (S3 storage)', HEAVY, () => {
  let s3: S3TestServer;
  let r: Rig;
  let owner: Awaited<ReturnType<typeof registerOwner>>;

  beforeAll(async () => {
    s3 = await startS3Server();
    r = await rig({ ...s3.env, AUTO_ENHANCE: 'off' });
    owner = await ownerOf(r);
  }, 120_000);
  afterAll(async () => {
    await r?.close();
    await s3?.close();
  });

  it('ingests, then waits as uploaded until an admin starts the enhancement', async () => {
    const video = await upload(r, owner.cookie, await clip('dim'));
    const ingested = await waitFor(r, video.id, (v) => Boolean(v.previewUrl), 'ingested');
    expect(ingested.processingStatus).toBe('uploaded');
    expect(await r.store.head(mediaKeys.preview(video.id))).not.toBeNull();

    // 'Start AI Enhancement': the admin moves it to processing, then calls the entry point.
    const admin = await registerOwner(r.t.app);
    await r.lifecycle.transition(video.id, {
      from: 'uploaded',
      to: 'processing',
      by: adminActor(admin.id),
      notes: 'Starting',
    });
    await r.pipeline.jobs.enhance(video.id);
    const done = await waitFor(
      r,
      video.id,
      (v) => v.processingStatus === 'enhanced' && Boolean(v.hlsUrl),
      'enhanced',
    );
    expect(done.processingNotes).toContain('lighting corrected');
    const master = await r.t.app.inject({ method: 'GET', url: done.hlsUrl! });
    expect(master.statusCode).toBe(200);
    expect(master.body).toContain('v360p/index.m3u8');
  });

  it('an AVI upload gets its HLS preview in the bucket: published, ended, served to its owner only', async () => {
    const avi = await upload(r, owner.cookie, await clip('legacy'));
    const row = await waitFor(r, avi.id, (v) => v.previewState === 'ended', 'preview ended');
    expect(row.previewUrl).toBe(`/media/videos/${avi.id}/preview/index.m3u8`);
    const prefix = mediaKeys.previewHls(avi.id);
    const stored = await r.store.head(`${prefix}index.m3u8`);
    expect(stored).not.toBeNull();
    const playlist = await r.t.app.inject({
      method: 'GET',
      url: row.previewUrl!,
      headers: { cookie: owner.cookie },
    });
    expect(playlist.statusCode).toBe(200);
    expect(playlist.headers['cache-control']).toBe('private, no-cache');
    expect(playlist.body).toContain('#EXT-X-ENDLIST');
    const { segments } = parseMediaPlaylist(playlist.body);
    expect(segments.length).toBeGreaterThan(0);
    for (const { name } of segments) {
      expect(await r.store.head(`${prefix}${name}`)).not.toBeNull();
      const segment = await r.t.app.inject({
        method: 'GET',
        url: `/media/videos/${avi.id}/preview/${name}`,
        headers: { cookie: owner.cookie },
      });
      expect(segment.statusCode).toBe(200);
      expect(segment.rawPayload.subarray(0, 1)[0]).toBe(0x47); // an MPEG-TS sync byte
    }
    const stranger = await registerOwner(r.t.app);
    const other = await r.t.app.inject({
      method: 'GET',
      url: row.previewUrl!,
      headers: { cookie: stranger.cookie },
    });
    expect(other.statusCode).toBe(404);
  });

  it('ingest stores the tempo of a class with a beat, none for a class without sound, and again on a re-ingest', async () => {
    const tempos = rideTrackRepository(r.t.database.db);
    const dir = await mkdtemp(path.join(os.tmpdir(), 'cadence-beat-'));
    const beat = await upload(
      r,
      owner.cookie,
      await beatClip(dir, 'ride', { parts: [{ bpm: 120, seconds: 30 }] }),
    );
    const silent = await upload(r, owner.cookie, await clip('noaudio'));
    const first = await until(() => tempos.findTempo(beat.id), 240_000, 'tempo stored');
    expect(first.detector).toBe(TEMPO_DETECTOR);
    expect(first.speed).toBeGreaterThan(1);
    expect(first.points.map((p) => p.atSeconds)).toEqual([0, 5, 10, 15, 20, 25, 30]);
    const heard = first.points.filter((p) => p.bpm !== null && Math.abs(p.bpm - 120) <= 3);
    expect(heard.length).toBeGreaterThanOrEqual(5);

    await until(
      async () => (await r.lifecycle.events(silent.id)).some((e) => e.action === 'ingested'),
      240_000,
      'silent clip ingested',
    );
    expect(await tempos.findTempo(silent.id)).toBeNull();

    // Ingest again (an admin's retry): the tempo is written again, one row still.
    await r.pipeline.jobs.ingest(beat.id);
    const again = await until(
      async () => {
        const row = await tempos.findTempo(beat.id);
        return row && row.analyzedAt > first.analyzedAt ? row : null;
      },
      240_000,
      'tempo written again',
    );
    expect(again.points).toEqual(first.points);
    await rm(dir, { recursive: true, force: true });
  });

  it('a tempo detection that fails costs the class nothing: ingested, a warning, no tempo', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'cadence-beat-'));
    const video = await upload(
      r,
      owner.cookie,
      await beatClip(dir, 'ride', { parts: [{ bpm: 128, seconds: 10 }] }),
    );
    await until(
      async () => (await r.lifecycle.events(video.id)).some((e) => e.action === 'ingested'),
      240_000,
      'ingested',
    );
    const saved: string[] = [];
    const warnings: string[] = [];
    const job = ingestJob({
      lifecycle: r.lifecycle,
      store: r.store,
      tools: { ...DEFAULT_TOOLS, aubiotrack: '/nonexistent/aubiotrack' },
      tempRoot: path.join(r.dataDir, 'tmp', 'media'),
      autoEnhance: false,
      jobs: r.pipeline.jobs,
      log: {
        ...silentLog,
        warn: (_: unknown, message: string) => {
          warnings.push(message);
        },
      } as unknown as typeof silentLog,
      now: () => new Date(),
      saveTempo: async (videoId) => {
        saved.push(videoId);
      },
    });
    const ctx = {
      jobId: 'tempo-x',
      attempt: 1,
      finalAttempt: false,
      signal: new AbortController().signal,
    };
    const result = await job.run({ videoId: video.id }, ctx);
    expect(result).toMatchObject({ outcome: 'ready', preview: 'remux' });
    expect(saved).toEqual([]);
    expect(warnings).toEqual(['tempo detection failed; the class has no tempo']);
    expect((await r.lifecycle.find(video.id))!.processingStatus).toBe('uploaded');
    await rm(dir, { recursive: true, force: true });
  });

  it("packages an admin-uploaded enhanced file through the 'package' entry point", async () => {
    const video = await upload(r, owner.cookie, await clip('noaudio'));
    await waitFor(r, video.id, (v) => Boolean(v.previewUrl), 'ingested');
    // 'Start AI Enhancement', then 'Upload Enhanced': the admin stores a file and publishes it...
    const admin = adminActor((await registerOwner(r.t.app)).id);
    await r.lifecycle.transition(video.id, { to: 'processing', by: admin, notes: null });
    const version = 'admin-upload';
    await r.store.put(
      mediaKeys.enhanced(video.id, version),
      createReadStream(await clip('ladder')),
      {
        contentType: 'video/mp4',
      },
    );
    await r.lifecycle.publishEnhanced(video.id, {
      by: admin,
      version,
      notes: null,
      at: new Date(),
    });
    // ...and queues the packaging.
    await r.pipeline.jobs.package(video.id);
    const done = await waitFor(r, video.id, (v) => Boolean(v.hlsUrl), 'packaged');
    const master = await r.t.app.inject({ method: 'GET', url: done.hlsUrl! });
    expect(master.body).toContain('v480p/index.m3u8');
    expect(master.body).toContain('v360p/index.m3u8');
    const enhanced = await r.t.app.inject({
      method: 'GET',
      url: `/media/videos/${video.id}/enhanced.mp4`,
      headers: { range: 'bytes=0-7' },
    });
    expect(enhanced.statusCode).toBe(206);

    // Packaged again (a new file): riders on the old ladder ride on until its grace period ends.
    await r.pipeline.jobs.package(video.id);
    const again = await waitFor(r, video.id, (v) => v.hlsUrl !== done.hlsUrl, 'packaged again');
    expect(again.progress).toBeNull();
    expect((await r.t.app.inject({ method: 'GET', url: again.hlsUrl! })).statusCode).toBe(200);
    expect((await r.t.app.inject({ method: 'GET', url: done.hlsUrl! })).statusCode).toBe(200);
    const [retired] = await r.t.database.db
      .select()
      .from(retiredMedia)
      .where(eq(retiredMedia.videoId, video.id));
    expect(retired!.deleteAfter.getTime()).toBeGreaterThan(Date.now() + RETIRED_GRACE_MS - 60_000);
    expect(await r.store.head(`${retired!.prefix}${OFFLINE_FILE}`)).not.toBeNull();
    await r.lifecycle.purgeRetired(new Date(Date.now() + RETIRED_GRACE_MS + 1000));
    expect(await r.store.head(`${retired!.prefix}master.m3u8`)).toBeNull();
    // The retired folder's offline file goes with it.
    expect(await r.store.head(`${retired!.prefix}${OFFLINE_FILE}`)).toBeNull();
    expect((await r.t.app.inject({ method: 'GET', url: done.hlsUrl! })).statusCode).toBe(404);
    expect((await r.t.app.inject({ method: 'GET', url: again.hlsUrl! })).statusCode).toBe(200);
  });

  it('a class packaged before offline files gets one at the next worker start, remuxed from its stored ladder', async () => {
    const video = await upload(r, owner.cookie, await clip('noaudio'));
    await waitFor(r, video.id, (v) => Boolean(v.previewUrl), 'ingested');
    const admin = adminActor((await registerOwner(r.t.app)).id);
    await r.lifecycle.transition(video.id, { to: 'processing', by: admin, notes: null });
    await r.store.put(mediaKeys.enhanced(video.id, 'old'), createReadStream(await clip('ladder')), {
      contentType: 'video/mp4',
    });
    await r.lifecycle.publishEnhanced(video.id, {
      by: admin,
      version: 'old',
      notes: null,
      at: new Date(),
    });
    await r.pipeline.jobs.package(video.id);
    const packaged = await waitFor(r, video.id, (v) => Boolean(v.hlsUrl), 'packaged');
    const made = (await r.store.head(offlineKey(packaged)))!;
    // As it was before this change: the ladder, no offline file.
    await r.store.delete(offlineKey(packaged));
    await r.t.database.db.update(videos).set({ offlineBytes: null }).where(eq(videos.id, video.id));

    const stop = await startAnotherWorker(r);
    try {
      const swept = await waitFor(r, video.id, (v) => v.offlineBytes !== null, 'offline file made');
      // The same ladder (nothing encoded again), now with its offline file, the same size as made
      // by packaging (the same rung remuxed).
      expect(swept.hlsUrl).toBe(packaged.hlsUrl);
      const stored = await r.store.head(offlineKey(swept));
      expect(stored?.size).toBe(swept.offlineBytes);
      expect(Math.abs(stored!.size - made.size)).toBeLessThan(2048);
      const events = await r.lifecycle.events(video.id);
      expect(events.filter((e) => e.action === 'packaged')).toHaveLength(1);
      const url = swept.hlsUrl!.replace('master.m3u8', OFFLINE_FILE);
      const res = await r.t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.length).toBe(swept.offlineBytes);
    } finally {
      await stop();
    }

    // Deleting the class deletes its offline file with the rest of its folder.
    const removed = await r.t.app.inject({
      method: 'DELETE',
      url: `/api/auth/videos/${video.id}`,
      headers: { cookie: owner.cookie },
    });
    expect(removed.statusCode).toBeLessThan(300);
    expect(await r.store.head(offlineKey(packaged))).toBeNull();
  });

  it('when the last attempt fails, the video is failed with a clear note', async () => {
    const video = await upload(r, owner.cookie, await clip('noaudio'));
    await waitFor(r, video.id, (v) => Boolean(v.previewUrl), 'ingested');
    const broken = ingestJob({
      lifecycle: r.lifecycle,
      store: r.store,
      tools: { ffmpeg: '/bin/false', ffprobe: 'ffprobe' },
      tempRoot: path.join(r.dataDir, 'tmp', 'media'),
      autoEnhance: false,
      jobs: r.pipeline.jobs,
      log: silentLog,
      now: () => new Date(),
    });
    const ctx = {
      jobId: 'x',
      attempt: 3,
      finalAttempt: true,
      signal: new AbortController().signal,
    };
    const error = await broken.run({ videoId: video.id }, ctx).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FfmpegError);
    await broken.onFinalFailure({ videoId: video.id }, error, { jobId: 'x', attempts: 3 });
    const row = (await r.lifecycle.find(video.id))!;
    expect(row.processingStatus).toBe('failed');
    expect(row.processingNotes).toBe(
      'Preparing the video for playback failed after 3 attempts (ffmpeg could not process the video). Please upload the video again.',
    );
    expect((await r.lifecycle.events(video.id)).at(-1)).toMatchObject({
      action: 'ingest_failed',
      fromStatus: 'uploaded',
      toStatus: 'failed',
    });
  });
});

/** A short 2160p clip with sound (testsrc2, ultrafast: the encode stays quick). */
async function uhdClip(dir: string): Promise<string> {
  const file = path.join(dir, 'uhd.mp4');
  await promisify(execFile)(FFMPEG, [
    ...['-hide_banner', '-loglevel', 'error', '-y'],
    ...['-f', 'lavfi', '-i', 'testsrc2=size=3840x2160:rate=25:duration=2'],
    ...['-f', 'lavfi', '-i', 'sine=f=440:d=2:sample_rate=48000,volume=-20dB'],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'],
    ...['-c:a', 'aac', '-b:a', '96k', '-shortest', file],
  ]);
  return file;
}

describe('Quality per plan: a 4K class through each plan (issue #18)', HEAVY, () => {
  let r: Rig;
  let owner: Awaited<ReturnType<typeof registerOwner>>;
  const master = async (url: string) => {
    const res = await r.t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    return res.body;
  };
  const rungs = (body: string) => variantsOf(body).map((v) => v.resolution);
  const changePlan = (planId: string) =>
    r.t.app.inject({
      method: 'PUT',
      url: '/api/auth/plan',
      headers: { cookie: owner.cookie },
      payload: { planId },
    });

  beforeAll(async () => {
    r = await rig({});
    // A new owner is on Spin Starter: Standard quality.
    owner = await registerOwner(r.t.app);
  }, 300_000);
  afterAll(() => r?.close());

  it('packages up to the plan at the time, and an upgrade re-packages from the kept file', async () => {
    const video = await upload(r, owner.cookie, await uhdClip(r.dataDir));
    const first = await waitFor(
      r,
      video.id,
      (v) => v.processingStatus === 'enhanced' && Boolean(v.hlsUrl),
      'enhanced and packaged',
    );
    expect(first).toMatchObject({ width: 3840, height: 2160 });
    // Spin Starter: the ladder tops at 720p, from a 4K source.
    const standard = await master(first.hlsUrl!);
    expect(rungs(standard)).toEqual(['1280x720', '854x480', '640x360']);
    expect(masterTop(standard)).toBe(720);

    // Power Cycle (HD): the upgrade queues a low-priority re-package; riders keep the 720p ladder
    // until the 1080p one is published, then the old one stays readable for its grace period.
    expect((await changePlan('power-cycle')).statusCode).toBe(200);
    const hd = await waitFor(r, video.id, (v) => v.hlsUrl !== first.hlsUrl, 're-packaged for HD');
    expect(hd.enhancedKey).toBe(first.enhancedKey);
    expect(rungs(await master(hd.hlsUrl!))).toEqual([
      '1920x1080',
      '1280x720',
      '854x480',
      '640x360',
    ]);
    expect(rungs(await master(first.hlsUrl!))).toEqual(['1280x720', '854x480', '640x360']);

    // Elite Studio (4K): the 2160p rung appears; it is the kept enhanced file's own video, copied.
    expect((await changePlan('elite-studio')).statusCode).toBe(200);
    const uhd = await waitFor(r, video.id, (v) => v.hlsUrl !== hd.hlsUrl, 're-packaged for 4K');
    const elite = await master(uhd.hlsUrl!);
    expect(rungs(elite)).toEqual(['3840x2160', '1920x1080', '1280x720', '854x480', '640x360']);
    expect(elite).toMatch(/RESOLUTION=3840x2160,CODECS="avc1\.[0-9a-f]{6},mp4a\.40\.2"/);
    const events = await r.lifecycle.events(video.id);
    expect(events.filter((e) => e.action === 'packaged').map((e) => e.notes)).toEqual([
      'Streaming ready: 720p, 480p, 360p.',
      'Streaming ready: 1080p, 720p, 480p, 360p.',
      'Streaming ready: 2160p, 1080p, 720p, 480p, 360p.',
    ]);
    const top = await r.t.app.inject({
      method: 'GET',
      url: uhd.hlsUrl!.replace('master.m3u8', 'v2160p/index.m3u8'),
    });
    expect(top.statusCode).toBe(200);
    // Both replaced ladders are still playable (riders who started them ride on).
    for (const old of [first, hd]) {
      expect((await r.t.app.inject({ method: 'GET', url: old.hlsUrl! })).statusCode).toBe(200);
    }

    // Back to Spin Starter: nothing is re-packaged; the master stops listing the taller rungs at
    // once, and an upgrade again finds the ladder already there (the job has nothing to add).
    expect((await changePlan('spin-starter')).statusCode).toBe(200);
    expect(rungs(await master(uhd.hlsUrl!))).toEqual(['1280x720', '854x480', '640x360']);
    expect((await changePlan('elite-studio')).statusCode).toBe(200);
    expect(rungs(await master(uhd.hlsUrl!))).toEqual(rungs(elite));
    await until(
      async () => {
        const [waiting] = (await r.pipeline.queue.depth()).filter(
          (d) => d.job === 'package' && d.count > 0,
        );
        return waiting ? null : true;
      },
      60_000,
      'the upgrade’s package job to finish',
    );
    expect((await r.lifecycle.find(video.id))!.hlsUrl).toBe(uhd.hlsUrl);
  });
});

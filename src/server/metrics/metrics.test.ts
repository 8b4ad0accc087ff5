/**
 * GET /metrics (issue 22 part 6, decision 0032): only on its own listener, never on the app's port;
 * the Prometheus text format with the app's metrics after a request, a beacon, an upload and a job;
 * labels bounded (unknown URLs and gym slugs add no series). PGlite, or PostgreSQL with DATABASE_URL.
 */
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLAYBACK_BEACON_PATH } from '@shared/playback';
import { buildApp } from '../app';
import { buildServices, type Services } from '../composition';
import { loadConfig } from '../config';
import { videos } from '../db/schema/videos';
import { mediaKeys, mediaUrls } from '../media/media-paths';
import { freshDatabase, registerOwner } from '../test/harness';
import { silentLog, until } from '../test/job-support';
import { uploadBytes } from '../test/upload-client';
import { isLoopback, startMetricsServer, type MetricsListener } from './metrics-server';

let database: Awaited<ReturnType<typeof freshDatabase>>;
let services: Services;
let app: FastifyInstance;
let listener: MetricsListener;
let dataDir: string;
let appBase: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'cadence-metrics-'));
  database = await freshDatabase();
  database.pool?.on('error', () => {});
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir });
  services = await buildServices({ config, database, log: silentLog, pipeline: true });
  app = await buildApp({ config, database, services, web: 'none', checkResponses: true });
  await app.listen({ port: 0, host: '127.0.0.1' });
  appBase = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  listener = await startMetricsServer(services.metrics, { port: 0, host: '127.0.0.1' }, silentLog);
}, 180_000);

afterAll(async () => {
  await listener?.close();
  await services?.pipeline?.stop();
  await app?.close();
  await services?.close();
  await database?.dispose();
  await rm(dataDir, { recursive: true, force: true });
});

const scrape = async (init?: RequestInit) => {
  const res = await fetch(`http://127.0.0.1:${listener.port}/metrics`, init);
  return { status: res.status, type: res.headers.get('content-type'), text: await res.text() };
};

/** The samples of one metric: `name{labels} value` lines, labels as written. */
function samples(text: string, name: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const line of text.split('\n')) {
    const match = /^([a-z_:]+)(\{[^}]*\})? (\S+)$/.exec(line);
    if (match?.[1] === name) out.set(match[2] ?? '', Number(match[3]));
  }
  return out;
}

const sample = (text: string, name: string, labels: string) =>
  samples(text, name).get(labels) ?? NaN;

describe('the metrics endpoint', () => {
  it('is not on the public port', async () => {
    for (const url of ['/metrics', '/api/metrics', '/metrics?x=1']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('cadence_');
    }
  });

  it('answers only GET and HEAD /metrics on its own listener', async () => {
    const base = `http://127.0.0.1:${listener.port}`;
    expect((await fetch(`${base}/`)).status).toBe(404);
    expect((await fetch(`${base}/api/health`)).status).toBe(404);
    const post = await fetch(`${base}/metrics`, { method: 'POST', body: 'x' });
    expect(post.status).toBe(405);
    const head = await fetch(`${base}/metrics`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
  });

  it('answers the Prometheus text format with the app metrics after a request, a beacon, an upload and a job', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);

    const owner = await registerOwner(app);
    const slug = `metrics-${Date.now().toString(36)}`;
    const onboard = await app.inject({
      method: 'POST',
      url: '/api/auth/complete-onboarding',
      headers: { cookie: owner.cookie },
      payload: { companyName: 'Spin Room', companyType: 'gym', companySlug: slug },
    });
    expect(onboard.statusCode).toBe(200);
    const videoId = randomUUID();
    await database.db.insert(videos).values({
      id: videoId,
      userId: owner.id,
      title: 'Hill Climb',
      originalFileName: 'hill.mp4',
      originalFileUrl: `/api/objects/uploads/${owner.id}/${videoId}`,
      fileSize: '1000',
      duration: '2700',
      processingStatus: 'enhanced',
      thumbnailUrl: mediaUrls.thumbnail(videoId),
    });
    // A rider's card still: kept in memory for the next riders.
    await services.store.put(mediaKeys.thumbnail(videoId), Readable.from([Buffer.alloc(2048, 1)]));
    const still = await app.inject({ method: 'GET', url: mediaUrls.thumbnail(videoId) });
    expect(still.statusCode).toBe(200);
    const beacon = await app.inject({
      method: 'POST',
      url: PLAYBACK_BEACON_PATH,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({
        sessionId: randomUUID(),
        viewerId: randomUUID(),
        videoId,
        gymSlug: slug,
        event: 'start',
        position: 0,
        playedSeconds: 0,
      }),
    });
    expect(beacon.statusCode).toBe(200);
    await uploadBytes(app, owner.cookie, Buffer.alloc(300_000, 7));
    // tus: the first 200,000 bytes of a 500,000-byte upload.
    const tusHeaders = { 'tus-resumable': '1.0.0', cookie: owner.cookie };
    const created = await fetch(`${appBase}/api/uploads`, {
      method: 'POST',
      headers: {
        ...tusHeaders,
        'upload-length': '500000',
        'upload-metadata': `filename ${btoa('class.mp4')},filetype ${btoa('video/mp4')}`,
      },
    });
    expect(created.status).toBe(201);
    const location = new URL(created.headers.get('location')!, appBase).toString();
    const patched = await fetch(location, {
      method: 'PATCH',
      headers: {
        ...tusHeaders,
        'upload-offset': '0',
        'content-type': 'application/offset+octet-stream',
      },
      body: new Uint8Array(200_000).fill(9),
    });
    expect(patched.status).toBe(204);

    // A job for a video that does not exist: queued, then run by the worker, which skips it.
    const pipeline = services.pipeline!;
    await pipeline.jobs.ingest(randomUUID());
    const queued = await scrape();
    expect(sample(queued.text, 'cadence_job_queue_depth', '{job="ingest",state="created"}')).toBe(
      1,
    );
    expect(
      sample(queued.text, 'cadence_job_queue_oldest_seconds', '{job="ingest",state="created"}'),
    ).toBeGreaterThanOrEqual(0);
    await pipeline.startWorker();
    const { status, type, text } = await until(
      async () => {
        const s = await scrape();
        const done = sample(
          s.text,
          'cadence_jobs_finished_total',
          '{job="ingest",outcome="completed"}',
        );
        return done === 1 ? s : null;
      },
      30_000,
      'the ingest job to complete',
    );

    expect(status).toBe(200);
    expect(type).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(text).toContain('# TYPE cadence_http_requests_total counter');
    expect(text).toContain('# TYPE cadence_http_request_duration_seconds histogram');
    expect(
      sample(
        text,
        'cadence_http_requests_total',
        '{route="/api/health",method="GET",status="200"}',
      ),
    ).toBe(1);
    expect(
      sample(
        text,
        'cadence_http_request_duration_seconds_count',
        '{route="/api/health",method="GET"}',
      ),
    ).toBe(1);
    expect(sample(text, 'cadence_playback_beacons_total', '')).toBe(1);
    expect(sample(text, 'cadence_upload_bytes_total', '{kind="put"}')).toBe(300_000);
    expect(sample(text, 'cadence_uploads_active', '{kind="put"}')).toBe(0);
    expect(sample(text, 'cadence_upload_bytes_total', '{kind="tus"}')).toBe(200_000);
    expect(sample(text, 'cadence_uploads_active', '{kind="tus"}')).toBe(0);
    expect(
      sample(text, 'cadence_job_duration_seconds_count', '{job="ingest",outcome="completed"}'),
    ).toBe(1);
    expect(sample(text, 'cadence_job_queue_depth', '{job="ingest",state="created"}')).toBe(0);
    const kind = database.kind;
    expect(sample(text, 'cadence_db_connections_max', `{database="${kind}"}`)).toBe(
      kind === 'postgres' ? 10 : 1,
    );
    expect(sample(text, 'cadence_db_connections', '{state="total"}')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'cadence_media_memory_bytes', '')).toBe(2048);
    for (const name of [
      'cadence_ffmpeg_media_seconds_total',
      'cadence_ffmpeg_wall_seconds_total',
      'process_cpu_seconds_total',
    ]) {
      expect(text).toContain(`# TYPE ${name} counter`);
    }
  }, 60_000);

  it('refuses a port in use with a line naming METRICS_PORT, and warns when served beyond loopback', async () => {
    await expect(
      startMetricsServer(services.metrics, { port: listener.port, host: '127.0.0.1' }, silentLog),
    ).rejects.toThrow(`METRICS_PORT ${listener.port} is in use on 127.0.0.1`);
    const warnings: string[] = [];
    const log = { ...silentLog, warn: (_: object, msg: string) => void warnings.push(msg) };
    const wide = await startMetricsServer(
      services.metrics,
      { port: 0, host: '0.0.0.0' },
      log as typeof silentLog,
    );
    await wide.close();
    expect(warnings).toEqual([expect.stringContaining('keep a firewall in front')]);
    expect(['127.0.0.1', '127.8.9.10', '::1', 'localhost'].every(isLoopback)).toBe(true);
    expect(['0.0.0.0', '::', '10.0.0.5', '127.0.0.1.example.com'].some(isLoopback)).toBe(false);
  });

  it('keeps labels bounded: unknown URLs and gym slugs add no series', async () => {
    // One of each first, so the series that may exist do.
    await app.inject({ method: 'GET', url: '/api/no-such-thing' });
    await app.inject({ method: 'GET', url: '/api/gym/no-such-gym' });
    const before = samples((await scrape()).text, 'cadence_http_requests_total');

    for (let i = 0; i < 40; i += 1) {
      const junk = randomUUID();
      await app.inject({ method: 'GET', url: `/api/${junk}/x?y=${junk}` });
      await app.inject({ method: 'GET', url: `/${junk}` });
      await app.inject({ method: 'GET', url: `/api/gym/gym-${junk}` });
    }
    const after = samples((await scrape()).text, 'cadence_http_requests_total');
    expect([...after.keys()].sort()).toEqual([...before.keys()].sort());
    expect(after.get('{route="unmatched",method="GET",status="404"}')).toBe(
      before.get('{route="unmatched",method="GET",status="404"}')! + 80,
    );
    expect([...after.keys()].some((k) => k.includes('no-such') || k.includes('gym-'))).toBe(false);
  });
});

/**
 * GET /api/gym/{slug} from the app against a bare node:http server answering the same JSON, in the
 * same run (issue #22 part 1, decision 0028): 50 keep-alive connections, requests/s and latency
 * percentiles, for the full answer and for the 304 (If-None-Match). The servers run in this thread
 * one after the other; the load comes from a worker thread. PGlite by default, PostgreSQL with
 * DATABASE_URL. BENCH_SECONDS (default 10) per run. Exit code 1 when a target is missed.
 */
import { randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import { Worker } from 'node:worker_threads';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { freshDatabase } from '../../src/server/test/harness';
import { videos } from '../../src/server/db/schema/videos';

const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP_SECONDS = 2;
const TARGET_RATIO = 0.5;
const TARGET_P99_MS = 25;

interface Result {
  requests: number;
  errors: number;
  perSecond: number;
  p50: number;
  p99: number;
}

/** The load: CONNECTIONS keep-alive loops, each sending its next request when the last ends. */
const LOADER = `
const http = require('node:http');
const { parentPort, workerData } = require('node:worker_threads');
const { url, headers, seconds, connections, expect } = workerData;
const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
const latencies = [];
let errors = 0;
const end = Date.now() + seconds * 1000;
function one() {
  return new Promise((resolve) => {
    const start = process.hrtime.bigint();
    const req = http.get(url, { agent, headers }, (res) => {
      res.on('data', () => {});
      res.on('end', () => {
        if (res.statusCode !== expect) errors++;
        latencies.push(Number(process.hrtime.bigint() - start) / 1e6);
        resolve();
      });
    });
    req.on('error', () => { errors++; resolve(); });
  });
}
async function loop() { while (Date.now() < end) await one(); }
Promise.all(Array.from({ length: connections }, loop)).then(() => {
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  parentPort.postMessage({ requests: latencies.length, errors, perSecond: latencies.length / seconds, p50: at(0.5), p99: at(0.99) });
});
`;

function load(url: string, headers: Record<string, string>, seconds: number, expect: number) {
  return new Promise<Result>((resolve, reject) => {
    const worker = new Worker(LOADER, {
      eval: true,
      workerData: { url, headers, seconds, connections: CONNECTIONS, expect },
    });
    worker.once('message', resolve);
    worker.once('error', reject);
  });
}

async function measure(url: string, headers: Record<string, string>, expect: number) {
  await load(url, headers, WARMUP_SECONDS, expect);
  return load(url, headers, SECONDS, expect);
}

async function main() {
  const databaseUrl = process.env.DATABASE_URL;
  // In-memory PGlite, or a database of its own on the server (dropped at the end).
  const database = await freshDatabase();
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    DATA_DIR: '/tmp/cadence-bench-public-gym',
  });
  const app = await buildApp({ config, database, web: 'none' });

  // A gym with twelve ready classes, as an owner makes one.
  const email = `bench-${randomUUID()}@example.com`;
  const reg = await app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: { email, password: 'correct horse battery', firstName: 'B', lastName: 'Ench' },
  });
  const cookie = String(reg.headers['set-cookie']).split(';')[0]!;
  const ownerId = reg.json().user.id as string;
  const slug = `bench-${Date.now().toString(36)}`;
  await app.inject({
    method: 'POST',
    url: '/api/auth/complete-onboarding',
    headers: { cookie },
    payload: { companyName: 'Bench Gym', companyType: 'gym', companySlug: slug },
  });
  for (let i = 0; i < 12; i++) {
    const id = randomUUID();
    await database.db.insert(videos).values({
      id,
      userId: ownerId,
      title: `Class ${i + 1}`,
      originalFileName: 'a.mp4',
      originalFileUrl: `/api/objects/uploads/${ownerId}/${id}`,
      fileSize: '1000',
      processingStatus: 'enhanced',
      duration: String(1800 + i * 60),
    });
  }

  await app.listen({ host: '127.0.0.1', port: 0 });
  const appUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/gym/${slug}`;
  const first = await fetch(appUrl);
  const body = await first.text();
  const etag = first.headers.get('etag')!;

  const bare = http.createServer((req, res) => {
    const headers = {
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'public, max-age=60',
      etag,
    };
    if (req.headers['if-none-match'] === etag) {
      res.writeHead(304, headers).end();
      return;
    }
    res.writeHead(200, { ...headers, 'content-length': Buffer.byteLength(body) }).end(body);
  });
  await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
  const bareUrl = `http://127.0.0.1:${(bare.address() as AddressInfo).port}/api/gym/${slug}`;

  const load1 = loadavg()[0]!;
  const rows: Array<{ path: string; bare: Result; app: Result }> = [];
  for (const [path, headers, status] of [
    ['200 (full answer)', {}, 200],
    ['304 (If-None-Match)', { 'if-none-match': etag }, 304],
  ] as const) {
    const bareResult = await measure(bareUrl, headers, status);
    const appResult = await measure(appUrl, headers, status);
    rows.push({ path, bare: bareResult, app: appResult });
  }
  const load2 = loadavg()[0]!;

  const db = databaseUrl ? 'PostgreSQL' : 'PGlite';
  console.log(
    `\n${db}, ${CONNECTIONS} connections, ${SECONDS} s per run, body ${body.length} B, Node ${process.version}, load average ${load1.toFixed(1)} -> ${load2.toFixed(1)}\n`,
  );
  console.log(
    '| path | bare req/s | app req/s | app vs. bare (>= 50%) | bare p99 | app p50 | app p99 (<= 25 ms) | errors | targets |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|');
  let ok = true;
  for (const { path, bare: b, app: a } of rows) {
    const ratio = a.perSecond / b.perSecond;
    const met = ratio >= TARGET_RATIO && a.p99 <= TARGET_P99_MS && a.errors === 0;
    ok &&= met;
    console.log(
      `| ${path} | ${b.perSecond.toFixed(0)} | ${a.perSecond.toFixed(0)} | ${(ratio * 100).toFixed(0)}% | ${b.p99.toFixed(1)} ms | ${a.p50.toFixed(1)} ms | ${a.p99.toFixed(1)} ms | ${a.errors + b.errors} | ${met ? 'met' : 'missed'} |`,
    );
  }
  await writeFile(
    new URL(`./results-${databaseUrl ? 'postgres' : 'pglite'}.json`, import.meta.url),
    `${JSON.stringify({ date: new Date().toISOString(), node: process.version, load: [load1, load2], connections: CONNECTIONS, seconds: SECONDS, rows }, null, 2)}\n`,
  );
  bare.close();
  await app.close();
  await database.dispose();
  process.exit(ok ? 0 : 1);
}

await main();

/**
 * bench/serve: HLS segments and posters served by the app against nginx serving the same files in
 * the same run, then 300 simulated riders through the app.
 *
 *   npm run bench:serve                                                  # PGlite
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:serve
 *   BENCH_SECONDS=8 BENCH_ROUNDS=2 BENCH_RIDERS=300 BENCH_RIDE_SECONDS=60 npm run bench:serve
 *
 * 1. Throughput at 100 keep-alive connections (BENCH_CONNECTIONS) for each kind of file: segments
 *    (fMP4 of three renditions, 0.3-2.4 MB), the poster (150 KB) and the thumbnail (25 KB). nginx
 *    (Debian's package; it and wrk, the load client, are installed with apt-get when missing)
 *    runs as a separate process with one worker, like the app's one Node process, on a free port
 *    with a temp config, serving the object directory the app serves from. A bare `node:http`
 *    server (bare-node.ts, one process) sends the same files from memory: the runtime's own rate
 *    on this machine, so a gap can be told apart as the app's or Node's. Rounds alternate nginx,
 *    Node and the app; the client is this wrk (one thread), the same for all. Target, for segments
 *    and posters (the issue's words): the app at least 80% of nginx's requests/s; the thumbnail's
 *    ratio is reported beside them, and for each kind Node's share of nginx and the app's of Node.
 * 2. Riders: BENCH_RIDERS riders start within the first 5 s and ride until BENCH_RIDE_SECONDS:
 *    each fetches the poster, the master and a rendition playlist and the init segment, three
 *    segments at once (the player's buffer), then one every 4 s (playback pace: 4 s segments), and
 *    posts a beacon at the start and every 15 s through the real beacon endpoint, each rider from
 *    its own address. Target: no error. Reports p50/p99 per kind of request.
 *
 * The exit code is 1 when a target is missed. Results: bench/serve/results-<pglite|postgres>.json.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { REFERENCE_FILES } from './reference-headers';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 100);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const RIDERS = Number(process.env.BENCH_RIDERS ?? 300);
const RIDE_SECONDS = Number(process.env.BENCH_RIDE_SECONDS ?? 60);
const TARGET_RATIO = 0.8;
const NGINX = '/usr/sbin/nginx';
const WRK = '/usr/bin/wrk';

const here = path.dirname(fileURLToPath(import.meta.url));
const VERSION = 'bench1';
const GYM = 'bench-spin';
/** Rendition name and segment size (4 s of fMP4 at roughly 0.6, 2.4 and 4.8 Mbit/s). */
const RENDITIONS = [
  ['v360p', 300_000],
  ['v720p', 1_200_000],
  ['v1080p', 2_400_000],
] as const;
const SEGMENTS = 24;
const SEGMENT_SECONDS = 4;
const STILLS = [
  ['poster.jpg', 150_000],
  ['thumbnail.jpg', 25_000],
] as const;

const segmentName = (i: number) => `seg_${String(i).padStart(4, '0')}.m4s`;

/** The files of one enhanced class, as the pipeline lays them out under videos/<id>/. */
async function writeClass(objects: string, videoId: string): Promise<void> {
  const root = path.join(objects, 'videos', videoId);
  const hls = path.join(root, 'hls', VERSION);
  for (const [name, size] of STILLS) {
    await mkdir(root, { recursive: true });
    await writeFile(path.join(root, name), randomBytes(size));
  }
  const master = ['#EXTM3U', '#EXT-X-VERSION:7'];
  for (const [name, size] of RENDITIONS) {
    await mkdir(path.join(hls, name), { recursive: true });
    await writeFile(path.join(hls, name, 'init.mp4'), randomBytes(900));
    const playlist = [
      '#EXTM3U',
      '#EXT-X-VERSION:7',
      `#EXT-X-TARGETDURATION:${SEGMENT_SECONDS}`,
      '#EXT-X-PLAYLIST-TYPE:VOD',
      '#EXT-X-MAP:URI="init.mp4"',
    ];
    for (let i = 0; i < SEGMENTS; i++) {
      await writeFile(path.join(hls, name, segmentName(i)), randomBytes(size));
      playlist.push(`#EXTINF:${SEGMENT_SECONDS}.000,`, segmentName(i));
    }
    playlist.push('#EXT-X-ENDLIST', '');
    await writeFile(path.join(hls, name, 'index.m3u8'), playlist.join('\n'));
    master.push(`#EXT-X-STREAM-INF:BANDWIDTH=${size * 2}`, `${name}/index.m3u8`);
  }
  await writeFile(path.join(hls, 'master.m3u8'), `${master.join('\n')}\n`);
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Debian's nginx and wrk, installed when missing. */
function ensureTools(): void {
  const missing = [
    [NGINX, 'nginx'],
    [WRK, 'wrk'],
  ].flatMap(([file, pkg]) => (existsSync(file!) ? [] : [pkg!]));
  if (missing.length === 0) return;
  console.log(`installing ${missing.join(', ')} (apt-get)`);
  execFileSync('apt-get', ['install', '-y', '--no-install-recommends', ...missing], {
    stdio: 'inherit',
  });
}

/** nginx as this user, one worker, on a free port, its config and temp files in `dir`. */
async function startNginx(dir: string, objects: string): Promise<{ port: number; stop(): void }> {
  const port = await freePort();
  const user = os.userInfo();
  const conf = `
${user.uid === 0 ? 'user root;' : ''}
worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 1000000;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  types { ${REFERENCE_FILES.map((f) => `${f.type} ${f.extension};`).join(' ')} }
  server {
    listen 127.0.0.1:${port};
    root ${objects};
${REFERENCE_FILES.map((f) => `    location ~ \\.${f.extension}$ { add_header Cache-Control "${f.cacheControl}"; }`).join('\n')}
  }
}
`;
  const confPath = path.join(dir, 'nginx.conf');
  await writeFile(confPath, conf);
  const child = spawn(NGINX, ['-c', confPath, '-p', dir, '-e', `${dir}/error.log`], {
    stdio: 'inherit',
  });
  await waitForPort(port);
  return { port, stop: () => child.kill('SIGQUIT') };
}

async function waitForPort(port: number): Promise<void> {
  for (let i = 0; i < 100; i++) {
    const up = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.end();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    if (up) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`nothing listens on ${port}`);
}

/** A server of this folder (`file`), run with tsx in its own process, that prints {"port": n}. */
async function startServer(
  file: string,
  env: Record<string, string>,
): Promise<{ port: number; child: ChildProcess }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, file)], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`${file} exited (${code})`)));
  });
  return { port: (JSON.parse(line) as { port: number }).port, child };
}

async function stopServer(server: { child: ChildProcess }): Promise<void> {
  server.child.kill('SIGTERM');
  await new Promise((r) => server.child.once('exit', r));
}

interface Answer {
  status: number;
  bytes: number;
  ms: number;
}

function request(
  agent: http.Agent,
  port: number,
  urlPath: string,
  options: { method?: string; headers?: http.OutgoingHttpHeaders; body?: string } = {},
): Promise<Answer> {
  const start = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path: urlPath,
        agent,
        method: options.method ?? 'GET',
        headers: options.headers,
      },
      (res) => {
        let bytes = 0;
        res.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
        });
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, bytes, ms: performance.now() - start }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

interface Load {
  requests: number;
  bytes: number;
  seconds: number;
  /** Connection, read, write and timeout errors, and answers other than 2xx/3xx. */
  errors: number;
  p50: number;
  p99: number;
}

/** wrk's per-run figures, printed as one JSON line by its `done` hook. */
const WRK_SCRIPT = `
local paths = {}
for line in io.lines(os.getenv("BENCH_PATHS")) do paths[#paths + 1] = line end
local i = 0
request = function()
  i = i + 1
  return wrk.format("GET", paths[(i % #paths) + 1])
end
done = function(s, latency)
  local e = s.errors
  io.write(string.format('{"requests":%d,"bytes":%d,"seconds":%f,"errors":%d,"p50":%f,"p99":%f}\\n',
    s.requests, s.bytes, s.duration / 1e6, e.connect + e.read + e.write + e.status + e.timeout,
    latency:percentile(50) / 1000, latency:percentile(99) / 1000))
end
`;

/**
 * CONNECTIONS keep-alive connections for `seconds`, each asking for the next path as soon as the
 * last answer ended: wrk (one thread, epoll), so the client costs little of the machine.
 */
async function load(dir: string, port: number, paths: string[], seconds: number): Promise<Load> {
  const list = path.join(dir, `paths-${port}.txt`);
  await writeFile(list, `${paths.join('\n')}\n`);
  const out = execFileSync(
    WRK,
    [
      '-t1',
      `-c${CONNECTIONS}`,
      `-d${seconds}s`,
      '--timeout',
      '30s',
      '-s',
      path.join(dir, 'paths.lua'),
      `http://127.0.0.1:${port}`,
    ],
    { env: { ...process.env, BENCH_PATHS: list }, encoding: 'utf8' },
  );
  const line = out.split('\n').find((l) => l.startsWith('{'));
  if (!line) throw new Error(`wrk said:\n${out}`);
  return JSON.parse(line) as Load;
}

interface Kind {
  name: string;
  /** Whether the issue's target (80% of nginx) applies; else the ratio is reported only. */
  targeted: boolean;
  /** The paths nginx and the bare Node server serve; the app's are under /media. */
  files: string[];
  app: string[];
}

interface Ports {
  nginx: number;
  node: number;
  app: number;
}

async function throughput(dir: string, kind: Kind, ports: Ports) {
  const servers = [
    ['nginx', ports.nginx, kind.files],
    ['node', ports.node, kind.files],
    ['app', ports.app, kind.app],
  ] as const;
  // Warm each (page cache, JIT, the app's database).
  for (const [, port, paths] of servers) await load(dir, port, paths, 1);
  const totals = { nginx: [] as Load[], node: [] as Load[], app: [] as Load[] };
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, port, paths] of servers)
      totals[name].push(await load(dir, port, paths, SECONDS));
  }
  /** The rounds together; latencies: the worst round's. */
  const sum = (loads: Load[]) => {
    const seconds = loads.reduce((s, l) => s + l.seconds, 0);
    return {
      requestsPerSecond: Math.round(loads.reduce((s, l) => s + l.requests, 0) / seconds),
      megabytesPerSecond: Math.round(loads.reduce((s, l) => s + l.bytes, 0) / seconds / 1e6),
      errors: loads.reduce((s, l) => s + l.errors, 0),
      p50: round2(Math.max(...loads.map((l) => l.p50))),
      p99: round2(Math.max(...loads.map((l) => l.p99))),
    };
  };
  const nginx = sum(totals.nginx);
  const node = sum(totals.node);
  const app = sum(totals.app);
  const ratio = round2(app.requestsPerSecond / nginx.requestsPerSecond);
  return {
    kind: kind.name,
    nginx,
    node,
    app,
    ratio,
    /** The runtime's own share of nginx's rate, and the app's of the runtime's. */
    nodeVsNginx: round2(node.requestsPerSecond / nginx.requestsPerSecond),
    appVsNode: round2(app.requestsPerSecond / node.requestsPerSecond),
    target: kind.targeted ? TARGET_RATIO : null,
    met: (!kind.targeted || ratio >= TARGET_RATIO) && app.errors === 0,
  };
}

const round2 = (n: number) => Math.round(n * 100) / 100;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The riders: the player's requests at playback pace, with beacons, for RIDE_SECONDS. */
async function ride(appPort: number, videoId: string) {
  const agent = new http.Agent({ keepAlive: true });
  const latencies: Record<string, number[]> = { playlist: [], segment: [], still: [], beacon: [] };
  const errors: string[] = [];
  const base = `/media/videos/${videoId}`;
  const end = performance.now() + RIDE_SECONDS * 1000;

  async function fetchOne(kind: string, urlPath: string, address: string, body?: object) {
    const answer = await request(agent, appPort, urlPath, {
      method: body ? 'POST' : 'GET',
      headers: {
        'x-forwarded-for': address,
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    }).catch((error: Error) => ({ status: 0, bytes: 0, ms: 0, error }));
    if (answer.status !== 200) errors.push(`${kind} ${urlPath}: ${answer.status}`);
    else latencies[kind]!.push(answer.ms);
  }

  async function rider(index: number) {
    await sleep(Math.random() * 5000);
    const address = `10.${(index >> 8) & 255}.${index & 255}.${1 + (index % 250)}`;
    const [rendition] = RENDITIONS[index % RENDITIONS.length]!;
    const hls = `${base}/hls/${VERSION}`;
    const beacon = (event: string, position: number) =>
      fetchOne('beacon', '/api/playback/beacon', address, {
        sessionId: sessionId,
        viewerId: `bench-rider-${index}`,
        videoId,
        gymSlug: GYM,
        event,
        position,
        playedSeconds: position,
      });
    const sessionId = randomUUID();
    await fetchOne('still', `${base}/poster.jpg`, address);
    await fetchOne('playlist', `${hls}/master.m3u8`, address);
    await fetchOne('playlist', `${hls}/${rendition}/index.m3u8`, address);
    await fetchOne('segment', `${hls}/${rendition}/init.mp4`, address);
    const started = performance.now();
    await beacon('start', 0);
    let segment = 0;
    let lastBeacon = started;
    // The player's buffer: three segments at once, then one per segment played.
    for (; segment < 3; segment++)
      await fetchOne('segment', `${hls}/${rendition}/${segmentName(segment)}`, address);
    while (performance.now() < end) {
      const played = (performance.now() - started) / 1000;
      if (performance.now() - lastBeacon >= 15_000) {
        lastBeacon = performance.now();
        await beacon('progress', Math.floor(played));
      }
      const due = started + (segment - 2) * SEGMENT_SECONDS * 1000;
      if (performance.now() >= due) {
        await fetchOne(
          'segment',
          `${hls}/${rendition}/${segmentName(segment % SEGMENTS)}`,
          address,
        );
        segment += 1;
      }
      await sleep(Math.max(0, Math.min(due, lastBeacon + 15_000) - performance.now()) + 1);
    }
  }

  await Promise.all(Array.from({ length: RIDERS }, (_, i) => rider(i)));
  agent.destroy();
  const summary = Object.fromEntries(
    Object.entries(latencies).map(([kind, values]) => [
      kind,
      {
        requests: values.length,
        p50: round2(percentile(values, 50)),
        p99: round2(percentile(values, 99)),
      },
    ]),
  );
  return {
    riders: RIDERS,
    seconds: RIDE_SECONDS,
    errors: errors.length,
    firstErrors: errors.slice(0, 5),
    latencies: summary,
  };
}

async function main() {
  const database = process.env.DATABASE_URL ? 'postgres' : 'pglite';
  const dir = await mkdtemp(path.join(os.tmpdir(), 'cadence-serve-bench-'));
  const objects = path.join(dir, 'data', 'objects');
  const videoId = randomUUID();
  let nginx: { port: number; stop(): void } | undefined;
  let node: { port: number; child: ChildProcess } | undefined;
  let app: { port: number; child: ChildProcess } | undefined;
  const loadBefore = os.loadavg();
  try {
    ensureTools();
    await writeClass(objects, videoId);
    await writeFile(path.join(dir, 'paths.lua'), WRK_SCRIPT);
    nginx = await startNginx(dir, objects);
    node = await startServer('bare-node.ts', { OBJECTS: objects });
    app = await startServer('server.ts', {
      DATA_DIR: path.join(dir, 'data'),
      VIDEO_ID: videoId,
      HLS_VERSION: VERSION,
      GYM_SLUG: GYM,
    });

    const segments = RENDITIONS.flatMap(([name]) =>
      Array.from({ length: SEGMENTS }, (_, i) => `hls/${VERSION}/${name}/${segmentName(i)}`),
    );
    const kinds: Kind[] = [
      { name: 'segments', targeted: true, files: segments },
      { name: 'posters', targeted: true, files: ['poster.jpg'] },
      // Not named by the target; reported beside it.
      { name: 'thumbnails', targeted: false, files: ['thumbnail.jpg'] },
    ].map(({ name, targeted, files }) => ({
      name,
      targeted,
      files: files.map((f) => `/videos/${videoId}/${f}`),
      app: files.map((f) => `/media/videos/${videoId}/${f}`),
    }));
    const results = [];
    for (const kind of kinds) {
      const result = await throughput(dir, kind, {
        nginx: nginx.port,
        node: node.port,
        app: app.port,
      });
      console.log(JSON.stringify(result));
      results.push(result);
    }
    nginx.stop();
    nginx = undefined;
    await stopServer(node);
    node = undefined;

    const riders = await ride(app.port, videoId);
    console.log(JSON.stringify(riders));
    const loadAfter = os.loadavg();
    const report = {
      at: new Date().toISOString(),
      node: process.version,
      cpus: os.cpus().length,
      database,
      connections: CONNECTIONS,
      seconds: SECONDS,
      rounds: ROUNDS,
      loadAverage: { before: loadBefore.map(round2), after: loadAfter.map(round2) },
      throughput: results,
      riders,
    };
    await writeFile(
      path.join(here, `results-${database}.json`),
      `${JSON.stringify(report, null, 2)}\n`,
    );
    const met = results.every((r) => r.met) && riders.errors === 0;
    console.log(met ? 'targets met' : 'target missed');
    process.exitCode = met ? 0 : 1;
  } finally {
    nginx?.stop();
    if (node) await stopServer(node);
    if (app) await stopServer(app);
    await rm(dir, { recursive: true, force: true });
  }
}

await main();

/**
 * The build `npm start` runs first (scripts/build.mjs, decision 0033): content-addressed folders
 * switched in atomically, reused when the sources have not changed, and a compiled server that
 * runs on plain Node and still stops gracefully.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { lstat, mkdir, mkdtemp, readdir, readlink, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer, ensureBuild, hashInputs } from '../../scripts/build.mjs';
import { buildApp } from './app';
import { loadConfig } from './config';
import { freshDatabase } from './test/harness';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const quiet = () => undefined;

/** A stand-in for Vite: the asset first, index.html last, optionally waiting in between. */
function fakeWebBuild(
  version: string,
  calls: string[],
  gate?: Promise<void>,
  entered?: () => void,
) {
  return async (out: string) => {
    calls.push(version);
    await mkdir(path.join(out, 'assets'), { recursive: true });
    await writeFile(path.join(out, 'assets', `app-${version}.js`), `console.log('${version}')`);
    entered?.();
    await gate;
    await writeFile(path.join(out, 'index.html'), `<!doctype html><p>${version}</p>`);
  };
}

/**
 * Another process reading dist/web/index.html in a tight loop until `stop` exists: how many reads
 * failed, and the distinct contents it saw.
 */
function startReader(
  file: string,
  stop: string,
): { done: Promise<{ misses: number; seen: string[] }> } {
  const code = `
    const fs = require('node:fs');
    const [file, stop] = process.argv.slice(1);
    const seen = new Set();
    let misses = 0, reads = 0;
    const pause = new Int32Array(new SharedArrayBuffer(4));
    while (!fs.existsSync(stop)) {
      try { seen.add(fs.readFileSync(file, 'utf8')); } catch { misses++; }
      reads++;
      Atomics.wait(pause, 0, 0, 1);
    }
    process.stdout.write(JSON.stringify({ misses, reads, seen: [...seen] }));`;
  const child = spawn(process.execPath, ['-e', code, file, stop], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const done = new Promise<{ misses: number; seen: string[] }>((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', () => resolve(JSON.parse(out) as { misses: number; seen: string[] }));
  });
  return { done };
}

describe('the content-addressed web build', () => {
  let root: string;
  let dist: string;
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  const apps: FastifyInstance[] = [];
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: '/tmp/cadence-test',
  });

  /** A server process starting now: it resolves dist/web once, as npm start does. */
  async function startServer(): Promise<FastifyInstance> {
    const app = await buildApp({
      config,
      database,
      web: 'static',
      webDist: path.join(dist, 'web'),
    });
    await app.ready();
    apps.push(app);
    return app;
  }
  const get = async (app: FastifyInstance, url: string) => {
    const res = await app.inject({ method: 'GET', url });
    return { status: res.statusCode, body: res.body };
  };
  const setSource = (version: string) => writeFile(path.join(root, 'src', 'page.txt'), version);
  const build = (version: string, calls: string[], keep?: number) =>
    ensureBuild({
      root,
      name: 'web',
      inputs: ['src'],
      build: fakeWebBuild(version, calls),
      keep,
      log: quiet,
    });

  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'cadence-build-'));
    dist = path.join(root, 'dist');
    await mkdir(path.join(root, 'src'));
    database = await freshDatabase();
  });

  afterAll(async () => {
    for (const app of apps) await app.close();
    await database.dispose();
    await rm(root, { recursive: true, force: true });
  });

  it('keeps serving the running build, whole, while the next one is built and switched in', async () => {
    const calls: string[] = [];
    await setSource('v1');
    const first = await build('v1', calls);
    expect(first.built).toBe(true);
    expect(await readlink(path.join(dist, 'web'))).toBe(`web-${first.hash}`);

    const stop = path.join(root, 'stop');
    const reader = startReader(path.join(dist, 'web', 'index.html'), stop);
    const running = await startServer();
    expect(await get(running, '/')).toEqual({ status: 200, body: '<!doctype html><p>v1</p>' });

    // The sources change and a second build starts; it stops halfway (its asset written, no index).
    await setSource('v2');
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let entered!: () => void;
    const halfway = new Promise<void>((resolve) => (entered = resolve));
    const second = ensureBuild({
      root,
      name: 'web',
      inputs: ['src'],
      build: fakeWebBuild('v2', calls, gate, entered),
      log: quiet,
    });
    await halfway;
    // A process started now gets the first build, whole; the running one is untouched.
    const startedMeanwhile = await startServer();
    for (const app of [running, startedMeanwhile]) {
      expect((await get(app, '/')).body).toBe('<!doctype html><p>v1</p>');
      expect((await get(app, '/gym-dashboard/videos')).body).toBe('<!doctype html><p>v1</p>');
      expect((await get(app, '/assets/app-v1.js')).status).toBe(200);
    }
    release();
    const next = await second;
    expect(next.built).toBe(true);
    expect(await readlink(path.join(dist, 'web'))).toBe(`web-${next.hash}`);

    // Until they restart, the earlier processes serve the first build (its assets included).
    expect((await get(running, '/')).body).toBe('<!doctype html><p>v1</p>');
    expect((await get(running, '/assets/app-v1.js')).status).toBe(200);
    const restarted = await startServer();
    expect((await get(restarted, '/')).body).toBe('<!doctype html><p>v2</p>');
    expect((await get(restarted, '/assets/app-v2.js')).status).toBe(200);

    await writeFile(stop, '');
    const seen = await reader.done;
    // Not one failed read of index.html, and never a half-built one: only the two whole builds.
    expect(seen.misses).toBe(0);
    expect(seen.seen.sort()).toEqual(['<!doctype html><p>v1</p>', '<!doctype html><p>v2</p>']);
    expect(calls).toEqual(['v1', 'v2']);
  });

  it('reuses an up-to-date build without building', async () => {
    await setSource('v2');
    const calls: string[] = [];
    const again = await build('v2', calls);
    expect(again).toMatchObject({ built: false, hash: await hashInputs(root, ['src']) });
    expect(calls).toEqual([]);
    // Going back to sources built before switches to that build, without building it again.
    await setSource('v1');
    expect(await build('v1', calls)).toMatchObject({ built: false });
    expect(calls).toEqual([]);
    expect((await get(await startServer(), '/')).body).toBe('<!doctype html><p>v1</p>');
  });

  it('builds once when two processes start on the same changed sources', async () => {
    await setSource('v3');
    const calls: string[] = [];
    const [a, b] = await Promise.all([build('v3', calls), build('v3', calls)]);
    expect(calls).toEqual(['v3']);
    expect(a.dir).toBe(b.dir);
    expect([a.built, b.built].sort()).toEqual([false, true]);
  });

  it('keeps the newest earlier builds and removes older ones', async () => {
    await setSource('v4');
    const current = await build('v4', [], 1);
    const builds = (await readdir(dist)).filter((e) => /^web-[0-9a-f]{16}$/.test(e)).sort();
    // v4 and the one before it (v3); v1 and v2 are gone. No unfinished folder or lock is left.
    expect(builds).toEqual([`web-${current.hash}`, `web-${await hashOf('v3')}`].sort());
    expect((await readdir(dist)).filter((e) => e.startsWith('.'))).toEqual([]);
  });

  async function hashOf(version: string): Promise<string> {
    const other = await mkdtemp(path.join(tmpdir(), 'cadence-build-hash-'));
    await mkdir(path.join(other, 'src'));
    await writeFile(path.join(other, 'src', 'page.txt'), version);
    const hash = await hashInputs(other, ['src']);
    await rm(other, { recursive: true, force: true });
    return hash;
  }

  it('sets aside a dist/web folder from before, without a moment with no dist/web afterwards', async () => {
    const legacyRoot = await mkdtemp(path.join(tmpdir(), 'cadence-build-legacy-'));
    await mkdir(path.join(legacyRoot, 'src'));
    await writeFile(path.join(legacyRoot, 'src', 'page.txt'), 'v1');
    await mkdir(path.join(legacyRoot, 'dist', 'web'), { recursive: true });
    await writeFile(path.join(legacyRoot, 'dist', 'web', 'index.html'), 'old');
    const result = await ensureBuild({
      root: legacyRoot,
      name: 'web',
      inputs: ['src'],
      build: fakeWebBuild('v1', []),
      log: quiet,
    });
    expect((await lstat(path.join(legacyRoot, 'dist', 'web'))).isSymbolicLink()).toBe(true);
    expect(await readlink(path.join(legacyRoot, 'dist', 'web'))).toBe(`web-${result.hash}`);
    expect(
      (await readdir(path.join(legacyRoot, 'dist'))).some((e) => e.startsWith('web-legacy-')),
    ).toBe(true);
    await rm(legacyRoot, { recursive: true, force: true });
  });
});

describe('the compiled server', () => {
  // Two levels below the root, as dist/server-<hash> is: it finds dist/web and node_modules.
  const out = path.join(ROOT, 'dist', `.test-server-${process.pid}`);
  let dataDir: string;

  beforeAll(async () => {
    await buildServer(out);
    dataDir = await mkdtemp(path.join(tmpdir(), 'cadence-compiled-'));
  }, 120_000);

  afterAll(async () => {
    await rm(out, { recursive: true, force: true });
    await rm(dataDir, { recursive: true, force: true });
  });

  function start(entry: string, env: Record<string, string>) {
    const { DATABASE_URL: _ignored, ...inherited } = process.env;
    const proc = spawn(process.execPath, ['--enable-source-maps', path.join(out, entry)], {
      cwd: ROOT,
      env: { ...inherited, NODE_ENV: 'production', LOG_LEVEL: 'info', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let log = '';
    proc.stdout!.on('data', (chunk: Buffer) => (log += chunk.toString()));
    proc.stderr!.on('data', (chunk: Buffer) => (log += chunk.toString()));
    const exited = new Promise<number | null>((resolve) =>
      proc.on('exit', (code) => resolve(code)),
    );
    // Generous: PGlite's first start and the migrations take a minute on a loaded 2-core machine.
    const waitFor = async (pattern: RegExp, timeoutMs = 240_000) => {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        const match = pattern.exec(log);
        if (match) return match;
        if (proc.exitCode !== null) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error(`never logged ${pattern}:\n${log}`);
    };
    return { proc, exited, waitFor, log: () => log };
  }

  it('is plain JavaScript for Node (no TypeScript loader) with its migrations beside it', () => {
    for (const entry of [
      'main.js',
      'worker.js',
      'admin-create.js',
      'migrations/meta/_journal.json',
    ]) {
      expect(existsSync(path.join(out, entry))).toBe(true);
    }
  });

  it('starts on plain node, answers, and stops gracefully on SIGTERM', async () => {
    const server = start('main.js', { DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1' });
    try {
      const [, url] = await server.waitFor(/Server listening at (http:\/\/127\.0\.0\.1:\d+)/);
      await server.waitFor(/cadence ready/);
      const health = await fetch(`${url}/api/health`);
      expect(await health.json()).toEqual({ status: 'ok' });
      server.proc.kill('SIGTERM');
      expect(await server.exited).toBe(0);
      expect(server.log()).toMatch(/"signal":"SIGTERM".*"msg":"shutting down"/);
    } finally {
      // Never left running into the next test (on a loaded machine it would slow that one down).
      server.proc.kill('SIGKILL');
    }
  }, 300_000);

  it('runs the worker entry too (which refuses the embedded database)', async () => {
    const worker = start('worker.js', { DATA_DIR: dataDir });
    expect(await worker.exited).toBe(1);
    expect(worker.log()).toContain('npm run worker needs DATABASE_URL');
  }, 180_000);
});

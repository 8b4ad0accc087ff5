/**
 * bench/start: how fast `npm start` is ready on an up-to-date build (decision 0033). Measured in the
 * same run, alternating, on one migrated DATA_DIR (PGlite):
 *   - the build check (`node scripts/build.mjs`, nothing to build) against a bare `node -e 0`;
 *   - launch to the first 200 of GET /api/health of the compiled server (`node dist/server/main.js`,
 *     what npm start runs) against the same server through tsx (what npm start ran before);
 *   - the whole `npm start` (check + compiled server) to its first 200.
 * What the build check saves is a full web build each start (its time is in `npm run build`'s log).
 *
 *   npm run bench:start        (BENCH_ROUNDS=3)
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const RESULTS = new URL('./results.json', import.meta.url);
const PORT = 5990;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const load = () =>
  loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');

function timedRun(command: string, args: string[]): number {
  const t0 = performance.now();
  const result = spawnSync(command, args, { cwd: ROOT, stdio: 'ignore' });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed`);
  return performance.now() - t0;
}

/** Milliseconds from launch to the first 200 of /api/health; then SIGTERM and wait for the exit. */
async function timeToReady(command: string, args: string[], dataDir: string): Promise<number> {
  const t0 = performance.now();
  const child = spawn(command, args, {
    cwd: ROOT,
    // Its own process group: `npm start` is npm, a shell and node.
    detached: true,
    stdio: 'ignore',
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
    },
  });
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  for (;;) {
    const ok = await fetch(`http://127.0.0.1:${PORT}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (child.exitCode !== null) throw new Error(`${command} ${args.join(' ')} exited early`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const ms = performance.now() - t0;
  process.kill(-child.pid!, 'SIGTERM');
  await exited;
  return ms;
}

async function main() {
  // Build once (when needed) before measuring.
  timedRun(process.execPath, ['scripts/build.mjs']);
  const dataDir = await mkdtemp(path.join(tmpdir(), 'cadence-bench-start-'));
  const tsx = path.join(ROOT, 'node_modules/.bin/tsx');
  try {
    // A first start migrates the fresh database; not measured.
    await timeToReady(process.execPath, ['dist/server/main.js'], dataDir);
    const rows = {
      check: [] as number[],
      bareNode: [] as number[],
      compiled: [] as number[],
      tsx: [] as number[],
      npmStart: [] as number[],
    };
    const loads: string[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      rows.bareNode.push(timedRun(process.execPath, ['-e', '0']));
      rows.check.push(timedRun(process.execPath, ['scripts/build.mjs']));
      rows.compiled.push(await timeToReady(process.execPath, ['dist/server/main.js'], dataDir));
      rows.tsx.push(await timeToReady(tsx, ['src/server/main.ts'], dataDir));
      rows.npmStart.push(await timeToReady('npm', ['start'], dataDir));
      loads.push(load());
    }
    const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
    const figures = {
      rounds: ROUNDS,
      load: loads,
      buildCheckMs: median(rows.check),
      bareNodeMs: median(rows.bareNode),
      compiledReadyMs: median(rows.compiled),
      tsxReadyMs: median(rows.tsx),
      npmStartReadyMs: median(rows.npmStart),
    };
    console.log(`load average (1, 5, 15 min) per round: ${loads.join(' | ')}`);
    console.log(
      `build check, up to date: ${s(figures.buildCheckMs)} (bare node -e 0: ${s(figures.bareNodeMs)}, ` +
        `${(figures.buildCheckMs / figures.bareNodeMs).toFixed(1)}x)`,
    );
    console.log(
      `compiled server ready: ${s(figures.compiledReadyMs)}; through tsx: ${s(figures.tsxReadyMs)} ` +
        `(compiled/tsx ${(figures.compiledReadyMs / figures.tsxReadyMs).toFixed(2)})`,
    );
    console.log(`npm start ready (up-to-date build): ${s(figures.npmStartReadyMs)}`);
    await writeFile(
      RESULTS,
      `${JSON.stringify({ ...figures, at: new Date().toISOString() }, null, 2)}\n`,
    );
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

/* global process, console, setTimeout, URL */
/**
 * `npm run build`, and the first step of `npm start` and `npm run worker` (decision 0033): builds
 * the web app (Vite) and the server (esbuild, plain JavaScript for Node) into content-addressed
 * folders, `dist/web-<hash>` and `dist/server-<hash>`, and switches `dist/web` and `dist/server`
 * to them atomically (a new symlink renamed over the old one). The hash covers the sources, the
 * configs and the lockfile, so an up-to-date build is reused at once; a build never writes into a
 * folder a server is serving, and a process started meanwhile still finds the previous build whole.
 *
 *   node scripts/build.mjs            # both, each only when its sources changed
 *   node scripts/build.mjs server     # the server only (npm run worker)
 *   WEB_OUT_DIR=/tmp/x node scripts/build.mjs web   # a one-off web build into /tmp/x (the benches)
 *
 * Plain JavaScript, so Node runs it without a TypeScript loader.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  cp,
  lstat,
  mkdir,
  readFile,
  readdir,
  readlink,
  rename,
  rm,
  stat,
  symlink,
  writeFile,
} from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Test files are no part of a build: editing one rebuilds nothing. */
const isTestFile = (file) => /\.test\.tsx?$/.test(file) || file.startsWith('src/server/test/');

/** The web app's Vite builds, in order, into one folder (the gym page's after the app's, decision 0017). */
export const WEB_CONFIGS = ['vite.config.ts', 'vite.gym.config.ts'];

/** What each build is made of (files and folders, relative to the root). */
export const INPUTS = {
  web: [
    'src/web',
    'src/shared',
    ...WEB_CONFIGS,
    'tsconfig.json',
    'package-lock.json',
    'scripts/build.mjs',
  ],
  server: ['src/server', 'src/shared', 'tsconfig.json', 'package-lock.json', 'scripts/build.mjs'],
};

/** How many earlier builds stay beside the current one, for processes still serving them. */
export const KEEP_PREVIOUS = 2;

async function filesUnder(root, entry) {
  const full = path.join(root, entry);
  const info = await lstat(full).catch(() => null);
  if (!info) return [];
  if (info.isFile()) return [entry];
  if (!info.isDirectory()) return [];
  const names = (await readdir(full)).sort();
  const nested = await Promise.all(names.map((name) => filesUnder(root, `${entry}/${name}`)));
  return nested.flat();
}

/** A hash of the inputs' paths and contents (16 hex characters). */
export async function hashInputs(root, inputs) {
  const hash = createHash('sha256');
  for (const entry of [...inputs].sort()) {
    for (const file of await filesUnder(root, entry)) {
      if (isTestFile(file)) continue;
      hash.update(`${file}\0`);
      hash.update(await readFile(path.join(root, file)));
      hash.update('\0');
    }
  }
  return hash.digest('hex').slice(0, 16);
}

const exists = (file) =>
  stat(file).then(
    () => true,
    () => false,
  );
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

/**
 * One builder at a time per kind, across processes: a folder made with mkdir (atomic), holding the
 * builder's pid; a lock whose process is gone is taken over.
 */
async function withLock(distDir, name, fn) {
  const lock = path.join(distDir, `.lock-${name}`);
  for (;;) {
    try {
      await mkdir(lock);
      break;
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
      const pid = Number(await readFile(path.join(lock, 'pid'), 'utf8').catch(() => ''));
      const age =
        Date.now() -
        (await stat(lock).then(
          (s) => s.mtimeMs,
          () => Date.now(),
        ));
      // No pid yet: its owner is writing it (give it a few seconds) or died right after mkdir.
      if ((pid && !alive(pid)) || (!pid && age > 5000))
        await rm(lock, { recursive: true, force: true });
      else await sleep(250);
    }
  }
  try {
    await writeFile(path.join(lock, 'pid'), String(process.pid));
    return await fn();
  } finally {
    await rm(lock, { recursive: true, force: true });
  }
}

async function currentTarget(link) {
  return readlink(link).catch(() => null);
}

/** Points `link` at `target` (a sibling folder's name) in one rename: never a moment without it. */
async function switchLink(distDir, name, target) {
  const link = path.join(distDir, name);
  const info = await lstat(link).catch(() => null);
  if (info && !info.isSymbolicLink()) {
    // A build from before this layout: a real folder, set aside (pruned with the old builds).
    await rename(link, path.join(distDir, `${name}-legacy-${Date.now()}`));
  }
  const fresh = path.join(distDir, `.link-${name}-${process.pid}`);
  await rm(fresh, { force: true });
  await symlink(target, fresh);
  await rename(fresh, link);
}

/** Removes all but the `keep` newest earlier builds, and unfinished ones whose builder is gone. */
async function prune(distDir, name, current, keep) {
  const entries = await readdir(distDir);
  const unfinished = new RegExp(`^\\.tmp-${name}-[0-9a-f]+-(\\d+)$`);
  for (const entry of entries) {
    const match = unfinished.exec(entry);
    if (match && !alive(Number(match[1]))) {
      await rm(path.join(distDir, entry), { recursive: true, force: true });
    }
  }
  const earlier = [];
  for (const entry of entries) {
    if (entry === current || !entry.startsWith(`${name}-`)) continue;
    const info = await lstat(path.join(distDir, entry));
    if (info.isDirectory()) earlier.push({ entry, mtime: info.mtimeMs });
  }
  earlier.sort((a, b) => b.mtime - a.mtime);
  for (const { entry } of earlier.slice(keep)) {
    await rm(path.join(distDir, entry), { recursive: true, force: true });
  }
}

/**
 * Makes `distDir/name` point at a complete build of `inputs`: reused when one with the same hash
 * exists, otherwise `build(folder)` writes a fresh folder that is renamed into place and switched
 * to. Returns the build's folder and whether it was built now.
 */
export async function ensureBuild({
  root = ROOT,
  distDir = path.join(root, 'dist'),
  name,
  inputs,
  build,
  keep = KEEP_PREVIOUS,
  log = (line) => console.error(line),
}) {
  const hash = await hashInputs(root, inputs);
  const target = `${name}-${hash}`;
  const dir = path.join(distDir, target);
  const link = path.join(distDir, name);
  const upToDate = async () => (await currentTarget(link)) === target && (await exists(dir));
  if (await upToDate()) {
    log(`${name}: up to date (dist/${target})`);
    return { dir, hash, built: false };
  }
  await mkdir(distDir, { recursive: true });
  return withLock(distDir, name, async () => {
    // Another process may have built it while this one waited.
    if (await upToDate()) {
      log(`${name}: up to date (dist/${target}, built by another process)`);
      return { dir, hash, built: false };
    }
    let built = false;
    if (!(await exists(dir))) {
      const started = Date.now();
      log(`${name}: building dist/${target} (sources changed or no build yet)`);
      const tmp = path.join(distDir, `.tmp-${name}-${hash}-${process.pid}`);
      await rm(tmp, { recursive: true, force: true });
      try {
        await build(tmp);
        await rename(tmp, dir);
      } catch (error) {
        await rm(tmp, { recursive: true, force: true });
        throw error;
      }
      built = true;
      log(`${name}: built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    }
    await switchLink(distDir, name, target);
    await prune(distDir, name, target, keep);
    return { dir, hash, built };
  });
}

function run(command, args, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: 'inherit',
    });
    child.on('error', reject);
    child.on('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`${args.join(' ')} failed (${signal ?? code})`)),
    );
  });
}

/** The web app and the public gym page (WEB_CONFIGS) into `outDir`. */
export async function buildWeb(outDir) {
  const vite = path.join(ROOT, 'node_modules/vite/bin/vite.js');
  for (const config of WEB_CONFIGS) {
    await run(process.execPath, [vite, 'build', '--config', config, '--logLevel', 'warn'], {
      WEB_OUT_DIR: outDir,
    });
  }
}

/** The server entries as bundled ES modules (packages stay in node_modules), with the migrations. */
export const SERVER_ENTRIES = {
  main: 'src/server/main.ts',
  worker: 'src/server/worker.ts',
  'admin-create': 'src/server/cli/admin-create.ts',
};

/**
 * Into `outDir`, which must sit two levels below the root as `src/server` does (dist/server-<hash>):
 * the code finds `dist/web` and its migrations relative to its own file.
 */
export async function buildServer(outDir) {
  const esbuild = await import('esbuild');
  await esbuild.build({
    absWorkingDir: ROOT,
    entryPoints: SERVER_ENTRIES,
    outdir: outDir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node22',
    packages: 'external',
    tsconfig: 'tsconfig.json',
    sourcemap: true,
    logLevel: 'warning',
  });
  await cp(path.join(ROOT, 'src/server/db/migrations'), path.join(outDir, 'migrations'), {
    recursive: true,
  });
}

async function main(kinds) {
  const wanted = kinds.length > 0 ? kinds : ['web', 'server'];
  for (const kind of wanted) {
    if (kind === 'web' && process.env.WEB_OUT_DIR) {
      await buildWeb(path.resolve(process.env.WEB_OUT_DIR));
    } else if (kind === 'web') {
      await ensureBuild({ name: 'web', inputs: INPUTS.web, build: buildWeb });
    } else if (kind === 'server') {
      await ensureBuild({ name: 'server', inputs: INPUTS.server, build: buildServer });
    } else {
      throw new Error(`unknown build "${kind}" (web or server)`);
    }
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main(process.argv.slice(2)).catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}

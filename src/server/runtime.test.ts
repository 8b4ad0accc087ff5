/**
 * The runtime Cadence runs on (docs/decisions/0018): on Linux x64 and arm64 `npm ci` installs the
 * pinned Node 24 into node_modules/.bin, and npm scripts (`npm start`, `npm test`, the workers they
 * spawn through tsx) run on it; every npm script first refuses a Node older than 22.12.
 */
import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { MINIMUM_NODE, unsupportedNode } from '../../scripts/require-node.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const run = promisify(execFile);
const pkg = JSON.parse(readFileSync(`${ROOT}package.json`, 'utf8')) as {
  engines: { node: string };
  optionalDependencies: Record<string, string>;
};
const bundledPackage = `node-${process.platform}-${process.arch}`;
const bundled = pkg.optionalDependencies[bundledPackage];

/** What `process.version` says in the environment npm gives its scripts (PATH with node_modules/.bin first). */
async function versionInNpmScripts(command: string, args: string[]): Promise<string> {
  const { stdout } = await run('npm', ['exec', '--offline', '--', command, ...args], {
    cwd: ROOT,
    env: { ...process.env, npm_config_update_notifier: 'false' },
  });
  return stdout.trim();
}

describe.runIf(bundled)('the bundled runtime', () => {
  it('is the pinned Node 24 LTS and is installed', () => {
    expect(bundled).toMatch(/^24\.\d{1,3}\.\d{1,3}$/);
    expect(existsSync(`${ROOT}node_modules/${bundledPackage}/bin/node`)).toBe(true);
  });

  it('is the node of npm scripts, for node itself and for tsx (npm start, workers)', async () => {
    expect(await versionInNpmScripts('node', ['-p', 'process.version'])).toBe(`v${bundled}`);
    expect(
      await versionInNpmScripts('tsx', ['-e', 'console.log(process.version, process.execPath)']),
    ).toBe(`v${bundled} ${ROOT}node_modules/${bundledPackage}/bin/node`);
  });
});

describe('the Node.js version check every npm script runs first', () => {
  it('refuses Node 20 and 22 before 22.12 with a clear message', () => {
    expect(unsupportedNode('20.20.2', '/usr/bin/node')).toBe(
      'Cadence needs Node.js 22.12 or later (24 LTS recommended), but this is Node.js 20.20.2 ' +
        '(/usr/bin/node). On Linux x64 and arm64 `npm ci` links Node.js 24 as ' +
        'node_modules/.bin/node; elsewhere install Node.js 24 or 22 and run the command again.',
    );
    expect(unsupportedNode('22.11.0', 'node')).toMatch(/^Cadence needs Node\.js 22\.12 or later/);
    expect(unsupportedNode('not a version', 'node')).toMatch(/this is Node\.js not a version/);
  });

  it('accepts 22.12 and later, matching engines in package.json', () => {
    for (const version of ['22.12.0', '22.23.3', '24.0.0', '24.21.0', '26.1.0']) {
      expect(unsupportedNode(version, 'node')).toBeNull();
    }
    expect(pkg.engines.node).toBe(`>=${MINIMUM_NODE.major}.${MINIMUM_NODE.minor}`);
  });

  it('passes on the node running these tests (exit 0, nothing printed)', async () => {
    const { stdout, stderr } = await run(process.execPath, ['scripts/require-node.mjs'], {
      cwd: ROOT,
    });
    expect(stdout + stderr).toBe('');
  });
});

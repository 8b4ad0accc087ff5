import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The source files the public gym build (vite.gym.config.ts, entry src/web/gym-main.tsx) reaches,
 * found by following its imports, for eslint.config.js: static ones and import() (the class player
 * and the toaster load on demand, but they are the gym build's too). Type-only imports are erased
 * by the build and not followed.
 */

const ENTRY = 'src/web/gym-main.tsx';
const TOASTER = 'src/web/components/ui/toaster.tsx';
const ALIASES = { '@shared/': 'src/shared/', '@web/': 'src/web/' };
const EXTENSIONS = ['.ts', '.tsx', '/index.ts', '/index.tsx'];

// `import x from 'm'`, `import 'm'`, `export { x } from 'm'`; not `import type` / `export type`.
const STATIC_IMPORT = /^\s*(?:import|export)(?!\s+type\s)(?:[^'";]*?\sfrom)?\s*['"]([^'"]+)['"]/gm;
const DYNAMIC_IMPORT = /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

/** A module specifier as a repository file, or null for a package or a non-source file. */
function resolve(from, specifier) {
  let base;
  const alias = Object.keys(ALIASES).find((prefix) => specifier.startsWith(prefix));
  if (alias) base = ALIASES[alias] + specifier.slice(alias.length);
  else if (specifier.startsWith('.')) base = path.join(path.dirname(from), specifier);
  else return null;
  if (/\.tsx?$/.test(base) && existsSync(base)) return base;
  const found = EXTENSIONS.map((ext) => base + ext).find((file) => existsSync(file));
  return found ? found.split(path.sep).join('/') : null;
}

function importsOf(file, pattern) {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(pattern)].map((m) => resolve(file, m[1])).filter(Boolean);
}

/** The files reachable from `starts`, through static and dynamic imports, not entering `skip`. */
function reachable(starts, skip = new Set()) {
  const seen = new Set(starts);
  const queue = [...starts];
  while (queue.length > 0) {
    const file = queue.shift();
    for (const dep of [...importsOf(file, STATIC_IMPORT), ...importsOf(file, DYNAMIC_IMPORT)]) {
      if (!seen.has(dep) && !skip.has(dep)) {
        seen.add(dep);
        queue.push(dep);
      }
    }
  }
  return [...seen].sort();
}

/** Every source file reachable from the gym build's entry. */
export function gymBuildFiles() {
  return reachable([ENTRY]);
}

/**
 * The toaster's own chunk: the files of the gym build that only the dynamic import of the toaster
 * (gym-main.tsx) reaches, so they load with the first toast, not with the page. None when a file of
 * the build imports the toaster statically (then it is in the page's bundle).
 */
export function gymToasterChunk() {
  const files = gymBuildFiles();
  if (files.some((file) => importsOf(file, STATIC_IMPORT).includes(TOASTER))) return [];
  const withoutToaster = new Set(reachable([ENTRY], new Set([TOASTER])));
  return files.filter((file) => !withoutToaster.has(file));
}

/** The shared contracts that import zod (at run time, so a gym file may import their types only). */
export function zodContracts() {
  return readdirSync('src/shared')
    .filter((name) => /\.contract\.ts$/.test(name))
    .filter((name) => /from\s+['"]zod['"]/.test(readFileSync(`src/shared/${name}`, 'utf8')))
    .map((name) => `@shared/${name.replace(/\.ts$/, '')}`);
}

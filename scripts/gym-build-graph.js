import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The source files the public gym build (vite.gym.config.ts, entry src/web/gym-main.tsx) reaches,
 * found by following its imports, for eslint.config.js: static ones and import() (the class player
 * and the toaster load on demand, but they are the gym build's too). Type-only imports are erased
 * by the build and not followed.
 */

const ENTRY = 'src/web/gym-main.tsx';
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

/** Every source file reachable from the gym build's entry. */
export function gymBuildFiles() {
  const seen = new Set([ENTRY]);
  const queue = [ENTRY];
  while (queue.length > 0) {
    const file = queue.shift();
    for (const dep of [...importsOf(file, STATIC_IMPORT), ...importsOf(file, DYNAMIC_IMPORT)]) {
      if (!seen.has(dep)) {
        seen.add(dep);
        queue.push(dep);
      }
    }
  }
  return [...seen].sort();
}

/** The shared contracts that import zod (at run time, so a gym file may import their types only). */
export function zodContracts() {
  return readdirSync('src/shared')
    .filter((name) => /\.contract\.ts$/.test(name))
    .filter((name) => /from\s+['"]zod['"]/.test(readFileSync(`src/shared/${name}`, 'utf8')))
    .map((name) => `@shared/${name.replace(/\.ts$/, '')}`);
}

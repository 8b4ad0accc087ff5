import { writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

const dir = (p: string) => fileURLToPath(new URL(p, import.meta.url));

/** Real-ffmpeg pipeline tests: their own project, run after the unit tests (one file at a time) by `npm test`. */
const MEDIA_SUITE = [
  'src/server/media/media.integration.test.ts',
  'src/server/jobs/media-pipeline.test.ts',
  'src/server/jobs/crash-resume.test.ts',
];

/**
 * Browser tests that measure time (classes starting on the server's clock, screens in step within
 * half a second): run one at a time after the others, never beside another browser test.
 */
const TIMED_E2E = ['e2e/ride-together.e2e.ts', 'e2e/studio-screen.e2e.ts'];

/** What both browser-test projects share: each file its own app and Chromium, modules per worker. */
const BROWSER_TESTS = {
  environment: 'node',
  isolate: false,
  testTimeout: 120_000,
  hookTimeout: 120_000,
} as const;

/**
 * Writes a .br and a .gz next to each built text file; the server sends them to browsers that
 * accept them (@fastify/static `preCompressed`), so nothing is compressed per request.
 */
function precompress(): Plugin {
  return {
    name: 'cadence-precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const writes: Promise<void>[] = [];
      for (const [fileName, item] of Object.entries(bundle)) {
        if (!/\.(js|css|html|svg)$/.test(fileName)) continue;
        const data = Buffer.from(item.type === 'chunk' ? item.code : item.source);
        if (data.length < 1024) continue;
        const file = path.join(options.dir ?? '', fileName);
        const brotli = brotliCompressSync(data, {
          params: { [constants.BROTLI_PARAM_QUALITY]: 11 },
        });
        writes.push(
          writeFile(`${file}.br`, brotli),
          writeFile(`${file}.gz`, gzipSync(data, { level: 9 })),
        );
      }
      await Promise.all(writes);
    },
  };
}

/** Where index.html takes the landing page rendered at build time. */
const LANDING_SLOT = '<!--landing-first-paint-->';

/**
 * Renders the landing page to HTML at build time (`features/landing/landing-markup.tsx`, through
 * Vite's SSR loader) into index.html's slot: a signed-out visitor's first paint needs no script.
 * Decision 0030. The public gym build's gym.html has no slot.
 */
function landingFirstPaint(): Plugin {
  return {
    name: 'cadence-landing-first-paint',
    apply: 'build',
    transformIndexHtml: {
      order: 'pre',
      async handler(html) {
        if (!html.includes(LANDING_SLOT)) return html;
        const { createServer } = await import('vite');
        const server = await createServer({
          configFile: dir('./vite.config.ts'),
          server: { middlewareMode: true, hmr: false, ws: false },
          appType: 'custom',
          logLevel: 'error',
          optimizeDeps: { noDiscovery: true, include: [] },
        });
        try {
          const { renderLandingMarkup } = (await server.ssrLoadModule(
            '/features/landing/landing-markup.tsx',
          )) as { renderLandingMarkup: () => string };
          return html.replace(LANDING_SLOT, () => renderLandingMarkup());
        } finally {
          await server.close();
        }
      },
    },
  };
}

/** Where index.html takes the critical CSS (gym.html has no slot: its build is untouched). */
const CRITICAL_SLOT = '<!--critical-css-->';

/** Classes set on <html> by public/theme-init.js before the first paint, never in the markup. */
const ROOT_CLASSES = ['dark', 'landing-first-paint'];

const decodeEntities = (text: string) =>
  text.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (_, entity: string) => {
    if (entity[0] === '#')
      return String.fromCodePoint(
        entity[1] === 'x' || entity[1] === 'X'
          ? parseInt(entity.slice(2), 16)
          : parseInt(entity.slice(1), 10),
      );
    return { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }[entity.toLowerCase()] ?? '';
  });

/** The class names a page's markup uses. */
function classesIn(html: string): Set<string> {
  const used = new Set(ROOT_CLASSES);
  for (const [, value] of html.matchAll(/\sclass="([^"]*)"/g)) {
    for (const name of decodeEntities(value!).split(/\s+/)) if (name) used.add(name);
  }
  return used;
}

/** Splits at `separator` outside parentheses, brackets and strings. */
function splitTopLevel(text: string, separator: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quote = '';
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '\\') i++;
    else if (quote) quote = c === quote ? '' : quote;
    else if (c === '"' || c === "'") quote = c;
    else if (c === '(' || c === '[') depth++;
    else if (c === ')' || c === ']') depth--;
    else if (c === separator && depth === 0) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts;
}

/** A selector without its `:not(...)` parts (a class there is one an element must not have). */
function withoutNot(selector: string): string {
  let out = '';
  for (let i = 0; i < selector.length; i++) {
    if (selector.startsWith(':not(', i)) {
      let depth = 0;
      for (i += 4; i < selector.length; i++) {
        if (selector[i] === '\\') i++;
        else if (selector[i] === '(') depth++;
        else if (selector[i] === ')' && --depth === 0) break;
      }
      continue;
    }
    if (selector[i] === '\\') out += selector[i++]!;
    out += selector[i]!;
  }
  return out;
}

const unescapeCss = (name: string) =>
  name
    .replace(/\\([0-9a-fA-F]{1,6})\s?/g, (_, hex: string) =>
      String.fromCodePoint(parseInt(hex, 16)),
    )
    .replace(/\\(.)/g, '$1');

/** Whether a rule's selector list may match in markup using only `used` classes. */
function selectorMayMatch(selectors: string, used: Set<string>): boolean {
  return splitTopLevel(selectors, ',').some((selector) => {
    for (const [, name] of withoutNot(selector).matchAll(
      /\.((?:\\[0-9a-fA-F]{1,6}\s?|\\.|[\w-])+)/g,
    ))
      if (!used.has(unescapeCss(name!))) return false;
    return true;
  });
}

/** At-rules whose blocks hold rules (pruned inside); any other (@property, @keyframes) stays whole. */
const GROUPING_AT_RULES = new Set(['media', 'supports', 'layer', 'container', 'starting-style']);

/**
 * The rules of a (minified, flat) stylesheet that may apply to markup using only the `used`
 * classes: a rule is kept when one of its selectors names no other class. Rules without classes
 * (the base layer, :root's variables), @property and @keyframes stay, and so does the order of
 * the layers. Over-inclusive by design (pseudo-classes and structure are not looked at).
 */
function criticalRules(css: string, used: Set<string>): string {
  const text = css.replace(/\/\*[\s\S]*?\*\//g, '');
  let i = 0;
  /** Up to (not past) the first of `stops` outside strings and parentheses. */
  const readUntil = (stops: string) => {
    const start = i;
    let depth = 0;
    let quote = '';
    for (; i < text.length; i++) {
      const c = text[i]!;
      if (c === '\\') i++;
      else if (quote) quote = c === quote ? '' : quote;
      else if (c === '"' || c === "'") quote = c;
      else if (c === '(') depth++;
      else if (c === ')') depth--;
      else if (depth === 0 && stops.includes(c)) break;
    }
    return text.slice(start, i);
  };
  /** A block's content from after its `{` to its `}` (consumed), untouched. */
  const rawBlock = () => {
    let body = '';
    for (;;) {
      body += readUntil('{}');
      if (i >= text.length) return body;
      if (text[i++] === '}') return body;
      body += `{${rawBlock()}}`;
    }
  };
  const rules = (): string => {
    let out = '';
    while (i < text.length) {
      const prelude = readUntil('{};').trim();
      const c = text[i++];
      if (c === undefined || c === '}') return out + prelude;
      if (c === ';') {
        out += `${prelude};`;
        continue;
      }
      const atRule = /^@([\w-]+)/.exec(prelude)?.[1];
      if (atRule && GROUPING_AT_RULES.has(atRule)) {
        const inner = rules();
        if (inner || atRule === 'layer') out += `${prelude}{${inner}}`;
      } else {
        const body = rawBlock();
        if (atRule || selectorMayMatch(prelude, used)) out += `${prelude}{${body}}`;
      }
    }
    return out;
  };
  return rules();
}

/**
 * Inlines into index.html the rules of the app's stylesheet that its own markup (the landing page
 * painted at build time, the loading screen) uses, in place of the stylesheet link: the first
 * paint waits for no stylesheet. The whole stylesheet comes with the app's script (start-app.tsx
 * imports it; Vite loads it before running the chunk). Decision 0039.
 */
function criticalCss(): Plugin {
  return {
    name: 'cadence-critical-css',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        if (!html.includes(CRITICAL_SLOT) || !ctx.bundle) return html;
        const sheets = new Set<string>();
        for (const item of Object.values(ctx.bundle)) {
          if (item.type === 'chunk' && item.facadeModuleId?.endsWith('/start-app.tsx'))
            item.viteMetadata?.importedCss.forEach((file) => sheets.add(file));
        }
        if (sheets.size === 0) throw new Error('criticalCss: start-app.tsx imports no stylesheet');
        const css = [...sheets]
          .map((file) => {
            const asset = ctx.bundle![file];
            return asset?.type === 'asset' ? String(asset.source) : '';
          })
          .join('');
        const critical = criticalRules(css, classesIn(html)).replace(/<\/style/gi, '<\\/style');
        return html.replace(CRITICAL_SLOT, () => `<style>${critical}</style>`);
      },
    },
  };
}

export default defineConfig({
  root: dir('./src/web'),
  publicDir: dir('./src/web/public'),
  plugins: [react(), tailwindcss(), landingFirstPaint(), criticalCss(), precompress()],
  resolve: {
    alias: {
      '@shared': dir('./src/shared'),
      '@server': dir('./src/server'),
      '@web': dir('./src/web'),
    },
  },
  build: {
    // WEB_OUT_DIR: set by scripts/build.mjs (`npm run build`, decision 0033) and by the e2e
    // harness and benches. A bare `vite build` goes to its own folder, never into the live build
    // that dist/web points at (it empties its folder first).
    outDir: process.env.WEB_OUT_DIR ?? dir('./dist/vite-build'),
    emptyOutDir: true,
  },
  test: {
    root: dir('.'),
    // vitest's default on 2 cores is one worker; the unit files mostly wait on PGlite or PostgreSQL,
    // so two at once halve the run (media and the timed browser tests take one file at a time).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts'],
          exclude: MEDIA_SUITE,
          environment: 'node',
          // Each test file makes its own app and database; the modules they import (the app, zod
          // contracts, drizzle) are loaded once per worker instead of once per file (15 min → 5).
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'media',
          include: MEDIA_SUITE,
          environment: 'node',
          testTimeout: 300_000,
          hookTimeout: 300_000,
          fileParallelism: false,
        },
      },
      {
        extends: true,
        test: {
          ...BROWSER_TESTS,
          name: 'e2e',
          include: ['e2e/**/*.e2e.ts'],
          exclude: TIMED_E2E,
          // Two journeys at once (each its own app, database and Chromium): a browser test waits
          // on pages, videos and ffmpeg as much as it computes, so 2 cores run two in about 3/4 of
          // the time of one after the other.
          fileParallelism: true,
        },
      },
      {
        extends: true,
        test: {
          ...BROWSER_TESTS,
          name: 'e2e-timed',
          include: TIMED_E2E,
          fileParallelism: false,
          // After the other journeys, alone on the machine: what they measure is time.
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});

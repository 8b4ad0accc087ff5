import { writeFile } from 'node:fs/promises';
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

export default defineConfig({
  root: dir('./src/web'),
  publicDir: dir('./src/web/public'),
  plugins: [react(), tailwindcss(), landingFirstPaint(), precompress()],
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
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts'],
          exclude: MEDIA_SUITE,
          environment: 'node',
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
          name: 'e2e',
          include: ['e2e/**/*.e2e.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});

import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const dir = (p: string) => fileURLToPath(new URL(p, import.meta.url));

/** Real-ffmpeg pipeline tests: their own project, run after the unit tests (one file at a time) by `npm test`. */
const MEDIA_SUITE = [
  'src/server/media/media.integration.test.ts',
  'src/server/jobs/media-pipeline.test.ts',
  'src/server/jobs/crash-resume.test.ts',
];

export default defineConfig({
  root: dir('./src/web'),
  publicDir: dir('./src/web/public'),
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: {
      '@shared': dir('./src/shared'),
      '@server': dir('./src/server'),
      '@web': dir('./src/web'),
    },
  },
  build: {
    outDir: dir('./dist/web'),
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

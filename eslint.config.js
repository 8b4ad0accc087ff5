import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import regexp from 'eslint-plugin-regexp';
import tseslint from 'typescript-eslint';
import { gymBuildFiles, gymToasterChunk, zodContracts } from './scripts/gym-build-graph.js';

/** Web features stay apart: each may import shared pieces, never another feature. */
const featureZones = readdirSync('src/web/features', { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => ({
    target: `./src/web/features/${d.name}`,
    from: './src/web/features',
    except: [`./${d.name}`],
    message: 'Web features do not import each other: move shared pieces to components/ or lib/.',
  }));

/**
 * Server modules meet through services (issue 14): a file in modules/<a> never imports another
 * module's repository. composition.ts, which wires them, and src/server/test/ are outside modules/.
 */
const serverModules = readdirSync('src/server/modules', { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
const moduleZones = serverModules.map((name) => ({
  target: `./src/server/modules/${name}`,
  from: serverModules
    .filter((other) => other !== name)
    .map((other) => `./src/server/modules/${other}/**/*.repository.ts`),
  message: "A module uses another module's service, never its repository.",
}));

/**
 * The public gym build (vite.gym.config.ts) stays small for riders' tablets (decisions 0016, 0017):
 * no zod in any file it reaches (a contract that imports zod may give it types only) and no Radix in
 * any file it reaches, with one exception: the toaster's own chunk (the files only gym-main.tsx's
 * dynamic import of components/ui/toaster reaches), whose Radix Toast loads with the first toast,
 * not with the page. Imported statically anywhere in the gym build, the toaster loses the exception.
 */
const GYM_TOASTER_CHUNK = gymToasterChunk();
const noZodInGymBuild = [
  { name: 'zod', message: 'The public gym build carries no zod (decision 0017).' },
  ...zodContracts().map((name) => ({
    name,
    allowTypeImports: true,
    message: 'This contract imports zod: the public gym build may import its types only.',
  })),
];
const noRadix = 'The public gym build carries no Radix component (decision 0017).';

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'data/**',
      'node_modules/**',
      'src/server/db/migrations/**',
      'src/web/public/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...featureZones,
            ...moduleZones,
            {
              target: './src/server/**/*.routes.ts',
              from: ['./src/server/db/**', './src/server/**/*.repository.ts'],
              message: 'Routes receive services: no database, no repository.',
            },
            { target: './src/shared', from: './src/server', message: 'shared/ is isomorphic.' },
            { target: './src/shared', from: './src/web', message: 'shared/ is isomorphic.' },
            {
              target: './src/web',
              from: './src/server',
              message: 'The web never imports the server.',
            },
            {
              target: './src/server',
              from: './src/web',
              message: 'The server never imports the web.',
            },
          ],
        },
      ],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  // Regular expressions see request, file and header input: no super-linear backtracking (ReDoS).
  { ...regexp.configs['flat/recommended'], files: ['src/**/*.{ts,tsx,js}'] },
  {
    files: ['src/**/*.{ts,tsx,js}'],
    rules: {
      'regexp/no-super-linear-backtracking': ['error', { report: 'potential' }],
      'regexp/no-super-linear-move': 'error',
    },
  },
  {
    files: gymBuildFiles(),
    ignores: GYM_TOASTER_CHUNK,
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [...noZodInGymBuild, { name: 'radix-ui', message: noRadix }],
          patterns: [{ group: ['@radix-ui/*'], message: noRadix }],
        },
      ],
    },
  },
  ...(GYM_TOASTER_CHUNK.length > 0
    ? [
        {
          files: GYM_TOASTER_CHUNK,
          rules: {
            '@typescript-eslint/no-restricted-imports': ['error', { paths: noZodInGymBuild }],
          },
        },
      ]
    : []),
  {
    files: ['src/web/public/**/*.js'],
    languageOptions: { globals: { localStorage: 'readonly', document: 'readonly' } },
  },
);

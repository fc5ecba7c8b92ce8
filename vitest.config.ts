import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';
import { pathAliases } from './vite.config';

/**
 * Every API test file runs twice: on in-memory PGlite and on PostgreSQL (TEST_DATABASE_URL).
 * Without TEST_DATABASE_URL the PostgreSQL project is left out, and says so.
 */
const pgUrl = process.env.TEST_DATABASE_URL;
if (!pgUrl) console.warn('TEST_DATABASE_URL is not set: API tests run on PGlite only.');

/**
 * API test files share their worker's modules (`isolate: false`): each starts its own app on its
 * own database, and loading the whole server again for every file took a quarter of the suite's
 * time on Node 20 and two fifths on Node 24. A file that replaces a module
 * (`vi.mock`, `vi.doMock`) needs the modules loaded afresh around it, so it runs alone in its own
 * process, in the `-mocks` twin of its project.
 */
const root = path.dirname(fileURLToPath(import.meta.url));
const apiFiles = fs
  .readdirSync(path.join(root, 'server'), { recursive: true, encoding: 'utf8' })
  .filter((f) => f.endsWith('.api.test.ts'))
  .map((f) => `server/${f.split(path.sep).join('/')}`);
const mocking = apiFiles.filter((f) => /\bvi\.(mock|doMock)\(/.test(fs.readFileSync(path.join(root, f), 'utf8')));

/** The API suite on one database: the files that share modules, and those that mock one. */
const apiProjects = (db: 'pglite' | 'postgres') => [
  {
    extends: true as const,
    test: {
      name: `api-${db}`,
      include: ['server/**/*.api.test.ts'],
      exclude: [...configDefaults.exclude, ...mocking],
      isolate: false,
      env: { TALES_TEST_DB: db },
    },
  },
  ...(mocking.length ? [{ extends: true as const, test: { name: `api-${db}-mocks`, include: mocking, env: { TALES_TEST_DB: db } } }] : []),
];

export default defineConfig({
  resolve: { alias: pathAliases },
  test: {
    // Vitest's default is one worker less than the cores: one on a 2-core machine, which ran the
    // API suite one file at a time. Its files wait on PostgreSQL, Redis and their own servers as
    // much as they compute, so one more worker than cores keeps every core busy.
    maxWorkers: os.availableParallelism() + 1,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true as const,
        test: { name: 'unit', include: ['common/**/*.test.ts', 'web/src/**/*.test.{ts,tsx}', 'server/**/*.unit.test.ts'] },
      },
      ...apiProjects('pglite'),
      ...(pgUrl ? apiProjects('postgres') : []),
    ],
  },
});

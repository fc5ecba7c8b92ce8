import os from 'node:os';
import { defineConfig } from 'vitest/config';
import { pathAliases } from './vite.config';

/**
 * Every API test file runs twice: on in-memory PGlite and on PostgreSQL (TEST_DATABASE_URL).
 * Without TEST_DATABASE_URL the PostgreSQL project is left out, and says so.
 */
const pgUrl = process.env.TEST_DATABASE_URL;
if (!pgUrl) console.warn('TEST_DATABASE_URL is not set: API tests run on PGlite only.');

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
      { extends: true as const, test: { name: 'api-pglite', include: ['server/**/*.api.test.ts'], env: { TALES_TEST_DB: 'pglite' } } },
      ...(pgUrl
        ? [
            {
              extends: true as const,
              test: { name: 'api-postgres', include: ['server/**/*.api.test.ts'], env: { TALES_TEST_DB: 'postgres' } },
            },
          ]
        : []),
    ],
  },
});

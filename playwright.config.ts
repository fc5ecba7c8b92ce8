import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import { chromiumUse } from './e2e/browser';
import { SERVER_NODE_FLAGS } from './server/node-flags';

/**
 * End-to-end tests drive the built app (`npm run build` first) served by the real server on a
 * fresh data folder. The folder is made once in the main process and handed to workers through
 * the environment, so specs can read the mails the server writes there.
 */
const PORT = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://127.0.0.1:${PORT}`;
process.env.TALES_E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'tales-e2e-'));
const dataDir = process.env.TALES_E2E_DATA_DIR;

/**
 * Every spec runs under the Content-Security-Policy guard: it takes `test` and `expect` from
 * e2e/fixtures.ts, which fails a test on any violation. One that took them straight from
 * Playwright would go unguarded, so the run refuses to start.
 */
const e2eDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'e2e');
for (const file of fs.readdirSync(e2eDir).filter((f) => f.endsWith('.spec.ts'))) {
  const source = fs.readFileSync(path.join(e2eDir, file), 'utf8');
  const unguarded = /import\s*\{[^}]*\b(test|expect)\b[^}]*\}\s*from\s*'@playwright\/test'/.test(source);
  if (unguarded || !source.includes("from './fixtures'")) {
    throw new Error(`e2e/${file} must import test and expect from './fixtures' (the CSP violation guard), not '@playwright/test'`);
  }
}

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  fullyParallel: false,
  workers: 2,
  retries: 0,
  // a test's whole time, room for a machine at half its usual speed (the assertions keep their own 7 s)
  timeout: 60_000,
  expect: { timeout: 7_000 },
  forbidOnly: !!process.env.CI,
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : [['list']],
  globalTeardown: './e2e/global-teardown.ts',
  use: {
    ...chromiumUse,
    baseURL,
  },
  projects: [
    // The first account of a fresh installation becomes admin: that spec must register before any other.
    { name: 'first-user', testMatch: /first-user\.spec\.ts$/ },
    { name: 'screens', testIgnore: /first-user\.spec\.ts$/, dependencies: ['first-user'] },
  ],
  webServer: {
    command: ['node', ...SERVER_NODE_FLAGS, 'dist/server/main.js'].join(' '),
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      COOKIE_SECURE: '0',
      // every spec registers its own users from one address
      RATE_REGISTER_PER_IP: '1000',
      RATE_LOGIN_PER_IP: '1000',
      RATE_RESET_PER_IP: '1000',
    },
  },
});

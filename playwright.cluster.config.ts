import { defineConfig } from '@playwright/test';
import { chromiumUse } from './e2e/browser';

/**
 * The cluster suite: Chromium against the reference deployment started by `npm run cluster`
 * (HAProxy in front of two app servers on PostgreSQL, Redis and an S3-compatible store), on a
 * fresh database. CLUSTER_NODE runs the app servers on another Node (CI: Node 24).
 */
const PORT = Number(process.env.CLUSTER_E2E_PORT ?? 3500);
const baseURL = `http://127.0.0.1:${PORT}`;

export default defineConfig({
  testDir: 'e2e-cluster',
  outputDir: 'test-results/cluster',
  fullyParallel: false,
  // one worker: a test kills a server, the others must not be mid-flight then
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 7_000 },
  forbidOnly: !!process.env.CI,
  reporter: [['list']],
  use: {
    ...chromiumUse,
    baseURL,
  },
  webServer: {
    command: 'npm run cluster -- --fresh',
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
    // the cluster script stops its children on SIGTERM
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
    env: {
      CLUSTER_PORT: String(PORT),
      CLUSTER_DATABASE_URL: process.env.CLUSTER_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/tales_cluster_e2e',
      // caches kept half a minute: only the event relay can make a write on one server show on
      // the other "at once", as the tests expect (with the 1 s default a poll could wait it out)
      CLUSTER_APP_FEED_CACHE_MS: '30000',
      CLUSTER_APP_SESSION_CACHE_MS: '30000',
      // every test registers its own users from one address
      CLUSTER_APP_RATE_REGISTER_PER_IP: '1000',
      CLUSTER_APP_RATE_LOGIN_PER_IP: '1000',
    },
  },
});

import type { PlaywrightTestConfig } from '@playwright/test';

/** How every suite drives Chromium: the system browser (never a download), on this machine's closed network. */
export const chromiumUse: NonNullable<PlaywrightTestConfig['use']> = {
  locale: 'en-US',
  // A failed test keeps its trace: actions, DOM snapshots, network and console. Not a screencast:
  // its frames kept Chromium's GPU and browser processes busy through every test, passed or not
  // (files.spec.ts: 65 s of their CPU with it, 23 s without), on a machine whose two cores the
  // suite already fills. The failure's own screenshot is still taken.
  trace: { mode: 'retain-on-failure', screenshots: false, snapshots: true, sources: true },
  screenshot: 'only-on-failure',
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  },
};

import type { PlaywrightTestConfig } from '@playwright/test';

/** How every suite drives Chromium: the system browser (never a download), on this machine's closed network. */
export const chromiumUse: NonNullable<PlaywrightTestConfig['use']> = {
  locale: 'en-US',
  trace: 'retain-on-failure',
  screenshot: 'only-on-failure',
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  },
};

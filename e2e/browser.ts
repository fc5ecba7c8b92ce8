import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { PlaywrightTestConfig } from '@playwright/test';

/**
 * Chromium preloads its omnibox popup for every window (every Playwright context): a WebUI page in
 * a renderer of its own, and another for its AI-mode variant. Headless, nobody opens them, yet on
 * this suite's two cores they cost a third of Chromium's CPU per context (ten contexts: 9.2–10.4 s
 * of CPU with them, 6.0–7.4 s without). Chromium heeds only the last --disable-features it is
 * given, so ours carries Playwright's own list as well, read from the installed Playwright; should
 * Playwright keep it elsewhere one day, the run stops here rather than drop it unseen.
 */
function disabledFeatures(): string {
  const require = createRequire(import.meta.url);
  const bundle = path.join(path.dirname(require.resolve('playwright-core/package.json')), 'lib', 'coreBundle.js');
  const list = /disabledFeatures = \[([\s\S]*?)\]\.filter\(Boolean\)/.exec(fs.readFileSync(bundle, 'utf8'))?.[1];
  const playwrights = [...(list ?? '').matchAll(/"([A-Za-z0-9]+)"/g)].map((m) => m[1]);
  if (!playwrights.length)
    throw new Error(`Playwright's disabled Chromium features were not found in ${bundle}: e2e/browser.ts must carry them with its own`);
  return `--disable-features=${[...playwrights, 'WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'].join(',')}`;
}

/** How every suite drives Chromium: the system browser (never a download), on this machine's closed network. */
export const chromiumUse: NonNullable<PlaywrightTestConfig['use']> = {
  locale: 'en-US',
  // A failed test keeps its trace: actions with their timings, console and sources, and the
  // failure's own screenshot. Not a screencast: its frames kept Chromium's GPU and browser
  // processes busy through every test, passed or not (files.spec.ts: 65 s of their CPU with it,
  // 23 s without), on a machine whose two cores the suite already fills. Not the DOM snapshot
  // before and after every action either (nor the network log, which Playwright records only
  // with them), unless E2E_TRACE_SNAPSHOTS=1 asks (to look into a failure): taken for every test,
  // passed or not, they were a tenth of the suite's CPU (first-user, accessibility and admin:
  // 444-482 s of the machine's CPU and 308-330 s with them, 398-433 s and 283-303 s without).
  trace: { mode: 'retain-on-failure', screenshots: false, snapshots: process.env.E2E_TRACE_SNAPSHOTS === '1', sources: true },
  screenshot: 'only-on-failure',
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', disabledFeatures()],
  },
};

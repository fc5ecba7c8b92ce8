/**
 * Web weight: the JavaScript and CSS a browser really downloads to show each screen, measured by
 * opening the screen in the system Chromium against the production build and summing the files it
 * fetched (sizes from dist/web, gzip level 6 as a web server would send them). Also says whether
 * the editor and map chunks were among them.
 *
 *   npm run build && npm run bench:web              # on the PostgreSQL database tales_bench_10k
 *   npm run bench:web -- --pg postgres://...  |  --pglite ./data-bench
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import type { Tale } from '../common/schemas/tale';
import { ROOT, call, parseTarget, signIn, startApp } from './lib';

const { values } = parseArgs({
  options: { pg: { type: 'string' }, pglite: { type: 'string' }, port: { type: 'string', default: '3430' } },
});
const target = values.pg || values.pglite ? parseTarget(values) : { pg: 'postgres://postgres@127.0.0.1:5432/tales_bench_10k' };
const WEB = path.join(ROOT, 'dist/web');
const BAR_KB = 150;

interface Weight {
  route: string;
  who: string;
  jsFiles: number;
  js: number;
  jsGz: number;
  cssFiles: number;
  css: number;
  cssGz: number;
  /** What the server really sends a browser that takes brotli: the build's .br copies. */
  br: number;
  editor: boolean;
  map: boolean;
  files: { file: string; gzip: number }[];
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

async function main() {
  const app = await startApp(target, Number(values.port));
  const weights: Weight[] = [];
  const browser = await chromium
    .launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
    })
    .catch(async (e) => {
      await app.stop();
      throw e;
    });
  try {
    const feed = await call<{ tale: Tale[] }>(app.url, '/api/tale/feed/10/1');
    const tale = feed.data.tale.find((t) => !t.is_sticked) ?? feed.data.tale[0];
    const [reader] = await signIn(app.url, 1);
    const routes: { route: string; who: 'visitor' | 'reader' }[] = [
      { route: '/', who: 'visitor' },
      { route: `/?txt=${encodeURIComponent('#travel')}`, who: 'visitor' },
      { route: `/tale/upsert/${tale.id}`, who: 'visitor' },
      { route: `/auth/profile/${tale.owner_id}`, who: 'visitor' },
      { route: '/auth/login', who: 'visitor' },
      { route: '/', who: 'reader' },
      { route: '/notification', who: 'reader' },
      { route: '/tale/upsert', who: 'reader' },
    ];
    for (const { route, who } of routes) {
      // A fresh context per screen: an empty cache, as for a first visit.
      const context = await browser.newContext();
      if (who === 'reader') {
        await context.addCookies([{ name: 'tales_session', value: reader.token, url: app.url }]);
      }
      const page = await context.newPage();
      const files = new Set<string>();
      page.on('response', (r) => {
        const u = new URL(r.url());
        if (u.origin === app.url && /\.(js|css)$/.test(u.pathname)) files.add(u.pathname);
      });
      await page.goto(`${app.url}${route}`, { waitUntil: 'networkidle' });
      await context.close();
      const w: Weight = {
        route,
        who,
        jsFiles: 0,
        js: 0,
        jsGz: 0,
        cssFiles: 0,
        css: 0,
        cssGz: 0,
        br: 0,
        editor: false,
        map: false,
        files: [],
      };
      for (const f of files) {
        const body = fs.readFileSync(path.join(WEB, f));
        const gz = gzipSync(body, { level: 6 }).length;
        w.files.push({ file: f, gzip: gz });
        const br = path.join(WEB, `${f}.br`);
        w.br += fs.existsSync(br) ? fs.statSync(br).size : gz;
        if (f.endsWith('.js')) {
          w.jsFiles++;
          w.js += body.length;
          w.jsGz += gz;
        } else {
          w.cssFiles++;
          w.css += body.length;
          w.cssGz += gz;
        }
        if (/RichTextEditor|tiptap|prosemirror/i.test(f)) w.editor = true;
        if (/TaleMap|leaflet/i.test(f)) w.map = true;
      }
      weights.push(w);
      process.stderr.write(`  ${who} ${route}: JS ${kb(w.jsGz)} gzip in ${w.jsFiles} files, CSS ${kb(w.cssGz)} gzip\n`);
    }
  } finally {
    await browser.close();
    await app.stop();
  }
  const feedJs = weights[0].jsGz;
  const out = [
    '## Web weight: what a first visit downloads, per screen (gzip level 6; raw in brackets)',
    '',
    '| screen | as | JS files | JS gzip (raw) | CSS gzip (raw) | JS + CSS as sent (brotli) | editor loaded | map loaded |',
    '|---|---|---:|---:|---:|---:|:-:|:-:|',
    ...weights.map(
      (w) =>
        `| \`${w.route}\` | ${w.who} | ${w.jsFiles} | ${kb(w.jsGz)} (${kb(w.js)}) | ${kb(w.cssGz)} (${kb(w.css)}) | ${kb(w.br)} | ${w.editor ? 'yes' : 'no'} | ${w.map ? 'yes' : 'no'} |`,
    ),
    '',
    `Feed route JavaScript: ${kb(feedJs)} gzip, ${feedJs <= BAR_KB * 1024 ? 'under' : 'OVER'} the ${BAR_KB} KB bar.`,
    '',
  ].join('\n');
  const dir = path.join(ROOT, 'bench/results');
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'web-weight.md'), out);
  fs.writeFileSync(path.join(dir, 'web-weight.json'), JSON.stringify(weights, null, 2));
  console.log(out);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});

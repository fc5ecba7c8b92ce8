/**
 * Lighthouse (performance, accessibility, best practices, SEO) of the feed and of a tale page, run by the npm package with the system
 * Chromium against the production build. Lighthouse is fetched by npx when run, not installed:
 * it is large and only this script needs it.
 *
 *   npm run build && npm run bench:lighthouse                 # on tales_bench_10k
 *   npm run bench:lighthouse -- --pg postgres://... | --pglite DIR
 *
 * Each page is run with Lighthouse's default mobile profile (simulated slow 4G, 4x CPU slowdown)
 * and with its desktop preset, twice: straight from the Node server (which sends files
 * uncompressed) and through a small gzip proxy standing for the reverse proxy (nginx, a CDN) a
 * public site sits behind. The command each run uses is printed and kept in the results.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { parseArgs, promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Tale } from '../common/schemas/tale';
import { ROOT, call, parseTarget, startApp } from './lib';

const { values } = parseArgs({
  options: { pg: { type: 'string' }, pglite: { type: 'string' }, port: { type: 'string', default: '3440' } },
});
const target = values.pg || values.pglite ? parseTarget(values) : { pg: 'postgres://postgres@127.0.0.1:5432/tales_bench_10k' };
const CHROME = process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

interface Audit {
  page: string;
  via: string;
  profile: string;
  score: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  si: number;
  bytes: number;
  command: string;
}

/** What a reverse proxy does for text: gzip (level 6) when the browser accepts it. */
function gzipProxy(upstream: string, port: number): Promise<http.Server> {
  const up = new URL(upstream);
  const server = http.createServer((req, res) => {
    const forward = http.request(
      { host: up.hostname, port: up.port, path: req.url, method: req.method, headers: { ...req.headers, 'accept-encoding': 'identity' } },
      (answer) => {
        const type = String(answer.headers['content-type'] ?? '');
        const gzip = /gzip/.test(String(req.headers['accept-encoding'] ?? '')) && /text|javascript|json|css|svg|xml/.test(type);
        const headers = { ...answer.headers };
        if (gzip) {
          delete headers['content-length'];
          headers['content-encoding'] = 'gzip';
          headers.vary = 'accept-encoding';
        }
        res.writeHead(answer.statusCode ?? 502, headers);
        (gzip ? answer.pipe(zlib.createGzip({ level: 6 })) : answer).pipe(res);
      },
    );
    forward.on('error', () => res.destroy());
    req.pipe(forward);
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}

async function lighthouse(url: string, via: string, profile: 'mobile' | 'desktop', out: string): Promise<Audit> {
  const args = [
    '-y',
    'lighthouse@12',
    url,
    '--only-categories=performance,accessibility,best-practices,seo',
    '--output=json',
    `--output-path=${out}`,
    '--quiet',
    '--chrome-flags=--headless --no-sandbox --disable-gpu --disable-background-networking --disable-component-update',
    ...(profile === 'desktop' ? ['--preset=desktop'] : []),
  ];
  // Lighthouse now and then loses the trace of a load ("NO_NAVSTART") and asks to be run again:
  // it is, up to three times, and the attempt that succeeded is the one reported.
  for (let attempt = 1; ; attempt++) {
    try {
      await promisify(execFile)('npx', args, { env: { ...process.env, CHROME_PATH: CHROME } });
      break;
    } catch (e) {
      if (attempt >= 3 || !/NO_NAVSTART|run Lighthouse again/.test(String((e as { stderr?: string }).stderr ?? e))) throw e;
      console.log(`  ${url} ${profile} via ${via}: Lighthouse lost the trace, running it again (attempt ${attempt + 1})`);
    }
  }
  const r = JSON.parse(fs.readFileSync(out, 'utf8'));
  const n = (id: string) => Number(r.audits[id]?.numericValue ?? Number.NaN);
  return {
    page: url,
    via,
    profile,
    score: Math.round(r.categories.performance.score * 100),
    accessibility: Math.round(r.categories.accessibility.score * 100),
    bestPractices: Math.round(r.categories['best-practices'].score * 100),
    seo: Math.round(r.categories.seo.score * 100),
    fcp: n('first-contentful-paint'),
    lcp: n('largest-contentful-paint'),
    tbt: n('total-blocking-time'),
    cls: n('cumulative-layout-shift'),
    si: n('speed-index'),
    bytes: n('total-byte-weight'),
    command: `CHROME_PATH=${CHROME} npx ${args.map((a) => (/\s/.test(a) ? `'${a}'` : a)).join(' ')}`,
  };
}

async function main() {
  const app = await startApp(target, Number(values.port));
  const audits: Audit[] = [];
  const dir = path.join(ROOT, 'bench/results');
  fs.mkdirSync(dir, { recursive: true });
  try {
    const feed = await call<{ tale: Tale[] }>(app.url, '/api/tale/feed/10/1');
    const tale = feed.data.tale.find((t) => !t.is_sticked) ?? feed.data.tale[0];
    const proxy = await gzipProxy(app.url, Number(values.port) + 1);
    try {
      for (const via of ['node', 'gzip proxy']) {
        const base = via === 'node' ? app.url : `http://127.0.0.1:${Number(values.port) + 1}`;
        for (const p of [
          { name: 'feed', path: '/' },
          { name: 'tale', path: `/tale/upsert/${tale.id}` },
        ]) {
          for (const profile of ['mobile', 'desktop'] as const) {
            const file = path.join(dir, `lighthouse-${p.name}-${profile}-${via === 'node' ? 'direct' : 'gzip'}.json`);
            const a = await lighthouse(`${base}${p.path}`, via, profile, file);
            audits.push(a);
            process.stderr.write(
              `  ${p.name} ${profile} via ${via}: performance ${a.score}, accessibility ${a.accessibility}, best practices ${a.bestPractices}, SEO ${a.seo}\n`,
            );
          }
        }
      }
    } finally {
      proxy.close();
    }
  } finally {
    await app.stop();
  }
  const s = (x: number) => `${(x / 1000).toFixed(2)} s`;
  const out = [
    '## Lighthouse 12 (system Chromium, headless)',
    '',
    '| page | served by | profile | performance | accessibility | best practices | SEO | FCP | LCP | TBT | CLS | Speed Index | bytes |',
    '|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...audits.map(
      (a) =>
        `| ${a.page.replace(/^https?:\/\/[^/]+/, '')} | ${a.via} | ${a.profile} | **${a.score}** | ${a.accessibility} | ${a.bestPractices} | ${a.seo} | ${s(a.fcp)} | ${s(a.lcp)} | ${Math.round(a.tbt)} ms | ${a.cls.toFixed(3)} | ${s(a.si)} | ${(a.bytes / 1024).toFixed(0)} KB |`,
    ),
    '',
    'Commands:',
    '',
    ...audits.map((a) => `    ${a.command}`),
    '',
  ].join('\n');
  fs.writeFileSync(path.join(dir, 'lighthouse.md'), out);
  console.log(out);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});

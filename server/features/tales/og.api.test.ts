import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tale } from '../../../common/schemas/tale';
import { type TestApp, registered, startApp, writeTale } from '../../test/harness';

let app: TestApp;
let webDir: string;
beforeAll(async () => {
  webDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tales-web-'));
  await fs.writeFile(
    path.join(webDir, 'index.html'),
    '<!doctype html><html><head><title>Tales</title>\n    <meta content="Short stories, site words." name="description" /></head><body><div id="root"></div></body></html>',
  );
  app = await startApp({
    WEB_DIR: webDir,
    PUBLIC_URL: 'https://tales.example.org',
    MAP_TILE_ATTRIBUTION: '</script><script>alert(1)</script>',
  });
});
afterAll(async () => {
  await app?.close();
  await fs.rm(webDir, { recursive: true, force: true });
});

async function page(p: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${app.url}${p}`, { headers: { 'user-agent': 'TelegramBot (like TwitterBot)', ...headers } });
  return { status: res.status, type: res.headers.get('content-type'), html: await res.text() };
}
const meta = (html: string, prop: string) => new RegExp(`<meta (?:property|name)="${prop}" content="([^"]*)"`).exec(html)?.[1];

describe('site config', () => {
  it('hands the web app its runtime settings in the page, unable to break out of the script', async () => {
    const r = await page('/tale/feed');
    const json = /<script id="tales-config" type="application\/json">(.*?)<\/script>/.exec(r.html)?.[1];
    expect(json).toBeTruthy();
    const cfg = JSON.parse(json as string);
    expect(cfg).toMatchObject({
      publicUrl: 'https://tales.example.org',
      apiPrefix: '/api',
      map: { tileUrl: expect.stringContaining('{z}') },
    });
    expect(cfg.map.tileAttribution).toBe('</script><script>alert(1)</script>');
    expect(r.html).not.toContain('<script>alert(1)');
  });
});

describe('Open Graph', () => {
  it('renders the tale title, description, image and address into the page for a shared link', async () => {
    const u = await registered(app);
    const d = await u.get<Tale>('/tale/upsert');
    const long = 'Сказка о рыбаке и рыбке. '.repeat(20);
    const t = (
      await u.post<Tale>('/tale/upsert', {
        id: d.body.data.id,
        header: 'The "Fisherman" & <the> Fish',
        body: `<p>${long}</p><p><img src="/files/aa/fish.png"></p>`,
        router_alias: 'fisherman',
      })
    ).body.data;
    for (const p of [`/tale/upsert/${t.id}`, '/fisherman']) {
      const r = await page(p);
      expect(r.status).toBe(200);
      expect(r.type).toContain('text/html');
      expect(meta(r.html, 'og:title')).toBe('The &quot;Fisherman&quot; &amp; Fish');
      expect(meta(r.html, 'og:description')?.startsWith('Сказка о рыбаке и рыбке.')).toBe(true);
      expect(meta(r.html, 'og:description')?.length).toBeLessThanOrEqual(201);
      expect(meta(r.html, 'og:image')).toBe('https://tales.example.org/files/aa/fish.png');
      expect(meta(r.html, 'og:url')).toBe('https://tales.example.org/fisherman');
      expect(meta(r.html, 'twitter:card')).toBe('summary_large_image');
      // one description, the tale's: the site's own gave way
      expect(r.html.match(/name="description"/g)).toHaveLength(1);
      expect(r.html).not.toContain('site words');
      expect(meta(r.html, 'description')?.startsWith('Сказка о рыбаке и рыбке.')).toBe(true);
      expect(r.html).toContain('<title>The &quot;Fisherman&quot; &amp; Fish · Tales</title>');
      expect(r.html).toContain('<div id="root"></div>');
    }
  });

  it('gives search engines the tale as a schema.org Article (JSON-LD) in the first HTML, unable to break out of its script', async () => {
    const u = await registered(app);
    await u.post('/auth/profile', { id: u.id, firstname: 'Анна', lastname: 'Reed', form_id: 'profile' });
    // the body's text holds what would close the script: written as text, it is kept as text
    const body = '<p>Morning &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; "river".</p><p><img src="/files/aa/dawn.png"></p>';
    const t = await writeTale(u, { header: 'Dawn & "quotes"', body, lang: 'ru' });
    expect(t.body_txt).toContain('</script><script>alert(1)</script>');
    const r = await page(`/tale/upsert/${t.id}`);
    const scripts = [...r.html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((m) => m[1]);
    expect(scripts).toHaveLength(1);
    expect(r.html).not.toContain('<script>alert(1)');
    const article = JSON.parse(scripts[0]);
    expect(article).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Article',
      headline: t.header,
      description: 'Morning </script><script>alert(1)</script> & "river".',
      url: `https://tales.example.org/tale/upsert/${t.id}`,
      mainEntityOfPage: { '@type': 'WebPage', '@id': `https://tales.example.org/tale/upsert/${t.id}` },
      datePublished: new Date(t.publish_at * 1000).toISOString(),
      dateModified: new Date(Math.max(t.updated_at, t.publish_at) * 1000).toISOString(),
      author: { '@type': 'Person', name: 'Анна Reed', url: `https://tales.example.org/auth/profile/${u.id}` },
      image: ['https://tales.example.org/files/aa/dawn.png'],
      publisher: { '@type': 'Organization', name: 'Tales', logo: { '@type': 'ImageObject', url: 'https://tales.example.org/favicon.svg' } },
      inLanguage: 'ru',
    });
    // a nameless author is called as everywhere else; a tale not for children says so and shows nothing of itself
    const nameless = await registered(app);
    const adult = await writeTale(nameless, {
      header: 'Night',
      body: '<p>grown-up words</p><img src="/files/aa/n.png">',
      is_adult_denied: 1,
    });
    const ld = JSON.parse(
      /<script type="application\/ld\+json">(.*?)<\/script>/.exec((await page(`/tale/upsert/${adult.id}`)).html)?.[1] ?? '{}',
    );
    expect(ld.author.name).toBe(`User #${nameless.id}`);
    expect(ld.isFamilyFriendly).toBe(false);
    expect(ld.description).toBeUndefined();
    expect(ld.image).toBeUndefined();
  });

  it('describes nothing a visitor may not see, and serves other app routes the plain page', async () => {
    const u = await registered(app);
    const d = await u.get<Tale>('/tale/upsert');
    await u.post('/tale/upsert', { id: d.body.data.id, header: 'Secret draft', body: '<p>hidden words</p>', is_draft: 1 });
    const r = await page(`/tale/upsert/${d.body.data.id}`);
    expect(r.status).toBe(200);
    expect(r.html).not.toContain('Secret draft');
    expect(meta(r.html, 'og:title')).toBeUndefined();
    const feed = await page('/tale/feed?txt=x');
    expect(feed.html).toContain('<title>Tales</title>');
    // the site's own description, written in any attribute order, stays where no tale has one
    for (const plain of [feed.html, r.html]) {
      expect(plain.match(/name="description"/g)).toHaveLength(1);
      expect(plain).toContain('Short stories, site words.');
    }
  });

  it("keeps the site's description on a tale that has none to give (one not for children)", async () => {
    const u = await registered(app);
    const d = await u.get<Tale>('/tale/upsert');
    await u.post('/tale/upsert', { id: d.body.data.id, header: 'Grown-up tale', body: '<p>words for adults</p>', is_adult_denied: 1 });
    const r = await page(`/tale/upsert/${d.body.data.id}`);
    expect(meta(r.html, 'og:title')).toBe('Grown-up tale');
    expect(r.html).not.toContain('words for adults');
    expect(r.html.match(/name="description"/g)).toHaveLength(1);
    expect(r.html).toContain('Short stories, site words.');
    const unknown = await page('/no-such-alias');
    expect(unknown.status).toBe(200);
    expect(unknown.html).toContain('<div id="root"></div>');
  });
});

describe('author text in the page', () => {
  it("keeps $ patterns of a header and body as they are (no $& $' $` $$ $1 substitution)", async () => {
    const u = await registered(app);
    const d = await u.get<Tale>('/tale/upsert');
    const header = "Price $& $' $` $$ $1 $0 end";
    const t = (await u.post<Tale>('/tale/upsert', { id: d.body.data.id, header, body: "<p>Costs $5 $& $' $` $$ $1 only</p>" })).body.data;
    const r = await page(`/tale/upsert/${t.id}`);
    const escaped = 'Price $&amp; $&#39; $` $$ $1 $0 end';
    expect(meta(r.html, 'og:title')).toBe(escaped);
    expect(meta(r.html, 'twitter:title')).toBe(escaped);
    expect(meta(r.html, 'og:description')).toBe('Costs $5 $&amp; $&#39; $` $$ $1 only');
    expect(r.html).toContain(`<title>${escaped} · Tales</title>`);
    // The page is still one page: nothing of it was copied into the head.
    for (const once of ['<!doctype html>', '<head>', '</head>', '<div id="root"></div>', '<body>', '</html>']) {
      expect(r.html.split(once).length - 1).toBe(1);
    }
  });
});

describe('the site address without PUBLIC_URL', () => {
  let bare: TestApp;
  beforeAll(async () => {
    bare = await startApp({ WEB_DIR: webDir, CORS_ORIGINS: 'https://app.example.org' });
  });
  afterAll(async () => bare?.close());

  /** A page asked with a Host header of the caller's choice (fetch would not send one). */
  function pageWithHost(p: string, host: string): Promise<string> {
    const { port } = new URL(bare.url);
    return new Promise((resolve, reject) => {
      const req = http.request({ host: '127.0.0.1', port, path: p, headers: { host, 'user-agent': 'TelegramBot' } }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (body += c));
        res.on('end', () => resolve(body));
      });
      req.on('error', reject);
      req.end();
    });
  }

  it('never names a Host the configuration does not list', async () => {
    const u = await registered(bare);
    const d = await u.get<Tale>('/tale/upsert');
    const t = (
      await u.post<Tale>('/tale/upsert', { id: d.body.data.id, header: 'Hosted', body: '<p>x</p><p><img src="/files/aa/b.png"></p>' })
    ).body.data;
    const p = `/tale/upsert/${t.id}`;
    for (const host of ['evil.example', 'evil.example:8080', 'localhost:1@evil.example', 'app.example.org.evil.example']) {
      const html = await pageWithHost(p, host);
      expect(meta(html, 'og:title')).toBe('Hosted');
      expect(html).not.toContain('evil.example');
      expect(meta(html, 'og:url')).toBe(`http://localhost:3000${p}`);
      expect(html).toContain(`<link rel="canonical" href="http://localhost:3000${p}">`);
      expect(meta(html, 'og:image')).toBe('http://localhost:3000/files/aa/b.png');
    }
    // A listed origin is used as listed; a developer's own machine as asked.
    expect(meta(await pageWithHost(p, 'app.example.org'), 'og:url')).toBe(`https://app.example.org${p}`);
    expect(meta(await pageWithHost(p, 'localhost:5173'), 'og:url')).toBe(`http://localhost:5173${p}`);
    expect(meta(await pageWithHost(p, '127.0.0.1:8080'), 'og:url')).toBe(`http://127.0.0.1:8080${p}`);
  });
});

import http from 'node:http';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, startApp } from '../test/harness';

let app: TestApp;
let webDir: string;
const script = `console.log(${JSON.stringify('tales '.repeat(800))});\n`;
beforeAll(async () => {
  webDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tales-web-'));
  await fs.mkdir(path.join(webDir, 'assets'));
  await fs.writeFile(path.join(webDir, 'index.html'), '<!doctype html><html><head><title>Tales</title></head><body></body></html>');
  await fs.writeFile(path.join(webDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  // As the build writes them (vite.config.ts): the file and its brotli and gzip copies.
  await fs.writeFile(path.join(webDir, 'assets/index-abc123.js'), script);
  await fs.writeFile(path.join(webDir, 'assets/index-abc123.js.br'), zlib.brotliCompressSync(script));
  await fs.writeFile(path.join(webDir, 'assets/index-abc123.js.gz'), zlib.gzipSync(script));
  app = await startApp({ WEB_DIR: webDir, CORS_ORIGINS: 'https://client.example.org' });
});
afterAll(async () => {
  await app?.close();
  await fs.rm(webDir, { recursive: true, force: true });
});

const get = (p: string, headers: Record<string, string>) => fetch(`${app.url}${p}`, { headers });

describe('the built web app', () => {
  it('sends the brotli copy of an asset to a browser that takes it, cached for a year', async () => {
    const res = await get('/assets/index-abc123.js', { 'accept-encoding': 'gzip, deflate, br', origin: 'https://client.example.org' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('content-type')).toMatch(/^(application|text)\/javascript/);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    // Caches must keep one copy per encoding, and CORS's own Vary stays.
    const vary = (res.headers.get('vary') ?? '').toLowerCase();
    expect(vary).toContain('accept-encoding');
    expect(vary).toContain('origin');
    expect(await res.text()).toBe(script);
  });

  it('sends gzip where brotli is not accepted, and the file itself where neither is', async () => {
    const gz = await get('/assets/index-abc123.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(await gz.text()).toBe(script);
    const plain = await get('/assets/index-abc123.js', { 'accept-encoding': 'identity' });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(Number(plain.headers.get('content-length'))).toBe(Buffer.byteLength(script));
    expect(await plain.text()).toBe(script);
  });

  it('tells crawlers in robots.txt to keep out of the API and the notifications, and nothing else, and where the sitemap is', async () => {
    const res = await get('/robots.txt', {});
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    expect((await res.text()).split('\n')).toEqual([
      'User-agent: *',
      'Disallow: /api/',
      'Disallow: /notification$',
      'Disallow: /notification?',
      '',
      `Sitemap: ${app.url}/sitemap.xml`,
      '',
    ]);
    // a Host nobody configured never gets into what crawlers keep
    const spoofed = await new Promise<string>((resolve, reject) => {
      const u = new URL(app.url);
      http
        .get({ host: u.hostname, port: u.port, path: '/robots.txt', headers: { host: 'evil.example' } }, (res) => {
          let body = '';
          res.on('data', (c) => (body += c));
          res.on('end', () => resolve(body));
        })
        .on('error', reject);
    });
    expect(spoofed).toContain(`Sitemap: http://localhost:${app.deps.config.PORT}/sitemap.xml`);
    expect(spoofed).not.toContain('evil.example');
  });

  it('asks browsers to check files without a content hash, and pages, every time', async () => {
    const icon = await get('/favicon.svg', {});
    expect(icon.status).toBe(200);
    expect(icon.headers.get('cache-control')).toBe('no-cache');
    const page = await get('/tale/feed', {});
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.headers.get('cache-control')).toBe('no-cache');
    expect(await page.text()).toContain('<title>Tales</title>');
  });

  it('answers an unknown asset and an unknown API call with 404, not the page', async () => {
    const asset = await get('/assets/missing-000.js', {});
    expect(asset.status).toBe(404);
    const call = await get('/api/no/such/call', {});
    expect(call.status).toBe(404);
    expect((await call.json()).meta.alina_response_success).toBe(0);
  });
});

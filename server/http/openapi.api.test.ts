import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allEndpoints } from '../../common/api';
import { openApiPath } from '../../common/api/endpoint';
import { type TestApp, startApp } from '../test/harness';

/** The API's documentation: the OpenAPI document made from the declarations, and the page made from it. */

let app: TestApp;
beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => app?.close());

type Doc = {
  openapi: string;
  servers: { url: string }[];
  paths: Record<string, Record<string, { operationId: string; summary: string; 'x-access': string }>>;
};

const getDocument = async (base: string, prefix = '/api') => {
  const res = await fetch(`${base}${prefix}/openapi.json`);
  return { res, doc: (await res.json()) as Doc };
};

/** `METHOD path` of every operation in a document, with the prefix its server names. */
const operationsOf = (doc: Doc) =>
  Object.entries(doc.paths).flatMap(([path, item]) => Object.keys(item).map((m) => `${m.toUpperCase()} ${doc.servers[0].url}${path}`));

describe('the OpenAPI document', () => {
  it('is served as JSON and is a valid OpenAPI 3.1 document', async () => {
    const { res, doc } = await getDocument(app.url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(doc.openapi).toBe('3.1.0');
    const verdict = await new Validator().validate(doc as unknown as Parameters<Validator['validate']>[0]);
    expect(verdict.errors ?? []).toEqual([]);
    expect(verdict.valid).toBe(true);
  });

  it('has every route the server registers under the API prefix, with its method, and nothing else', async () => {
    const { doc } = await getDocument(app.url);
    const prefix = app.config.API_PREFIX;
    const registered = app.routes
      .filter((r) => r.url.startsWith(`${prefix}/`))
      .map((r) => `${r.method} ${prefix}${openApiPath(r.url.slice(prefix.length))}`)
      .sort();
    expect(registered.length).toBe(allEndpoints.length);
    expect(operationsOf(doc).sort()).toEqual(registered);
  });

  it('names each operation once, with a summary and who may call it', async () => {
    const { doc } = await getDocument(app.url);
    const operations = Object.values(doc.paths).flatMap((item) => Object.values(item));
    const ids = operations.map((op) => op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const op of operations) {
      expect(op.summary, op.operationId).toBeTruthy();
      expect(['anyone', 'user', 'staff', 'admin'], op.operationId).toContain(op['x-access']);
    }
  });

  it('follows the configured API prefix', async () => {
    const other = await startApp({ API_PREFIX: '/v1' });
    try {
      const { res, doc } = await getDocument(other.url, '/v1');
      expect(res.status).toBe(200);
      expect(doc.servers).toEqual([expect.objectContaining({ url: '/v1' })]);
      expect(operationsOf(doc)).toContain('GET /v1/tale/feed/{pageSize}/{page}');
      expect((await fetch(`${other.url}/api/openapi.json`)).status).toBe(404);
      const page = await (await fetch(`${other.url}/v1/docs`)).text();
      expect(page).toContain('href="/v1/openapi.json"');
    } finally {
      await other.close();
    }
  });
});

describe('the reference page', () => {
  it('is HTML that names every endpoint, under the site’s policy and with no script', async () => {
    const res = await fetch(`${app.url}/api/docs`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    const page = await res.text();
    expect(page).not.toMatch(/<script/i);
    for (const e of allEndpoints) {
      expect(page, `${e.method} ${e.path}`).toContain(`<code>${openApiPath(e.path)}</code>`);
      expect(page).toContain(`id="${e.tag}.${e.name}"`);
    }
    // the named schemas are there to follow links to
    for (const name of ['Tale', 'CurrentUser', 'Message', 'Refusal', 'File']) expect(page).toContain(`id="schema-${name}"`);
  });

  it('is a read like any other: another method gets 405 with the envelope, a write needs nothing it lacks', async () => {
    const post = await fetch(`${app.url}/api/docs`, { method: 'POST', headers: { 'x-requested-with': 'X' } });
    expect(post.status).toBe(405);
    expect(((await post.json()) as { meta: { alina_response_success: number } }).meta.alina_response_success).toBe(0);
    const head = await fetch(`${app.url}/api/openapi.json?isAjax=1`, { method: 'HEAD' });
    expect(head.status).toBe(200);
  });
});

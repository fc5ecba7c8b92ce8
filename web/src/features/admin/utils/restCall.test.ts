import { describe, expect, it } from 'vitest';
import { newRow } from './keyValue';
import { buildRestRequest, formatBody, type RestCallInput } from './restCall';

const base: RestCallInput = {
  url: '/api/admintests/TestPost',
  method: 'POST',
  mode: 'cors',
  credentials: 'include',
  enctype: 'json',
  query: [newRow('isAjax', '1')],
  bodyMode: 'rows',
  bodyRows: [newRow('form_id', 'test'), newRow('tag', 'a'), newRow('tag', 'b'), newRow('', 'ignored')],
  rawBody: '',
  headers: [newRow('x-requested-with', 'XMLHttpRequest')],
  cookies: [newRow('theme', 'dark mode')],
  file: null,
};

describe('buildRestRequest', () => {
  it('builds a JSON call with query, headers and cookies', () => {
    const r = buildRestRequest(base, 'http://localhost:3000/RestCall');
    if (!r.ok) throw new Error(r.problem);
    expect(r.request.url).toBe('http://localhost:3000/api/admintests/TestPost?isAjax=1');
    expect(JSON.parse(String(r.request.init.body))).toEqual({ form_id: 'test', tag: ['a', 'b'] });
    const headers = r.request.init.headers as Headers;
    expect(headers.get('content-type')).toBe('application/json');
    expect(headers.get('x-requested-with')).toBe('XMLHttpRequest');
    expect(r.request.cookies).toEqual(['theme=dark%20mode; path=/']);
    expect(r.request.init).toMatchObject({ method: 'POST', mode: 'cors', credentials: 'include' });
  });

  it('encodes the body as chosen', () => {
    const urlenc = buildRestRequest({ ...base, enctype: 'urlencoded' }, 'http://x/');
    expect(urlenc.ok && String(urlenc.request.init.body)).toBe('form_id=test&tag=a&tag=b');
    const multi = buildRestRequest({ ...base, enctype: 'multipart', file: new File(['hi'], 'a.txt', { type: 'text/plain' }) }, 'http://x/');
    const form = multi.ok ? (multi.request.init.body as FormData) : null;
    expect(form?.getAll('tag')).toEqual(['a', 'b']);
    const file = form?.get('userfile');
    expect(file instanceof File ? file.name : null).toBe('a.txt');
    const raw = buildRestRequest({ ...base, enctype: 'raw', bodyMode: 'raw', rawBody: 'hello' }, 'http://x/');
    expect(raw.ok && raw.request.init.body).toBe('hello');
  });

  it('sends no body with GET and refuses bad input', () => {
    const get = buildRestRequest({ ...base, method: 'GET' }, 'http://x/');
    expect(get.ok && get.request.init.body).toBeUndefined();
    expect(buildRestRequest({ ...base, url: 'ftp://x/' }, 'http://x/')).toEqual({ ok: false, problem: 'badUrl' });
    expect(buildRestRequest({ ...base, headers: [newRow('bad header', 'x')] }, 'http://x/')).toEqual({ ok: false, problem: 'badHeader' });
  });
});

describe('formatBody', () => {
  it('pretty-prints JSON and leaves other text alone', () => {
    expect(formatBody('{"a":1}', 'application/json')).toEqual({ text: '{\n  "a": 1\n}', json: true });
    expect(formatBody('<p>hi</p>', 'text/html')).toEqual({ text: '<p>hi</p>', json: false });
  });
});

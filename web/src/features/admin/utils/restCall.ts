import { filledRows, type KeyValueRow } from './keyValue';

export const REST_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'] as const;
export const REST_MODES = ['cors', 'no-cors', 'same-origin'] as const;
export const REST_CREDENTIALS = ['omit', 'same-origin', 'include'] as const;
export const REST_ENCTYPES = ['json', 'multipart', 'urlencoded', 'raw'] as const;
export type RestEnctype = (typeof REST_ENCTYPES)[number];

export interface RestCallInput {
  url: string;
  method: (typeof REST_METHODS)[number];
  mode: (typeof REST_MODES)[number];
  credentials: (typeof REST_CREDENTIALS)[number];
  enctype: RestEnctype;
  query: KeyValueRow[];
  /** 'rows' sends the body rows in the chosen encoding; 'raw' sends the text as it is. */
  bodyMode: 'rows' | 'raw';
  bodyRows: KeyValueRow[];
  rawBody: string;
  headers: KeyValueRow[];
  cookies: KeyValueRow[];
  /** Sent as the field 'userfile' (multipart) or as the whole body (raw). */
  file: File | null;
}

export interface BuiltRequest {
  url: string;
  init: RequestInit;
  /** document.cookie assignments to make before the call: a page may not send a Cookie header itself. */
  cookies: string[];
}

export type BuildResult = { ok: true; request: BuiltRequest } | { ok: false; problem: 'badUrl' | 'badHeader' };

export const hasBody = (method: string) => method !== 'GET' && method !== 'HEAD';
/** Multipart and url-encoded bodies are made of rows; a raw text makes sense only for JSON and text. */
export const allowsRawBody = (enctype: RestEnctype) => enctype === 'json' || enctype === 'raw';

function rowsToJson(rows: { key: string; value: string }[]): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const { key, value } of rows) {
    const prev = out[key];
    out[key] = prev === undefined ? value : Array.isArray(prev) ? [...prev, value] : [prev, value];
  }
  return out;
}

/** Turns the tester's form into a fetch call; `base` resolves relative addresses (the page's origin). */
export function buildRestRequest(input: RestCallInput, base: string): BuildResult {
  let url: URL;
  try {
    url = new URL(input.url.trim(), base);
  } catch {
    return { ok: false, problem: 'badUrl' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { ok: false, problem: 'badUrl' };
  for (const { key, value } of filledRows(input.query)) url.searchParams.append(key, value);

  const headers = new Headers();
  try {
    for (const { key, value } of filledRows(input.headers)) headers.append(key, value);
  } catch {
    return { ok: false, problem: 'badHeader' };
  }

  const init: RequestInit = { method: input.method, mode: input.mode, credentials: input.credentials, headers };
  if (hasBody(input.method)) {
    const rows = filledRows(input.bodyRows);
    const raw = input.bodyMode === 'raw' && allowsRawBody(input.enctype);
    switch (input.enctype) {
      case 'json':
        if (!headers.has('content-type')) headers.set('content-type', 'application/json');
        init.body = raw ? input.rawBody : JSON.stringify(rowsToJson(rows));
        break;
      case 'multipart': {
        const form = new FormData();
        for (const { key, value } of rows) form.append(key, value);
        if (input.file) form.append('userfile', input.file, input.file.name);
        // the browser writes the content-type with the boundary
        headers.delete('content-type');
        init.body = form;
        break;
      }
      case 'urlencoded':
        init.body = new URLSearchParams(rows.map(({ key, value }) => [key, value]));
        break;
      case 'raw':
        if (!headers.has('content-type')) headers.set('content-type', input.file?.type || 'text/plain;charset=UTF-8');
        init.body = input.file ?? (raw ? input.rawBody : rows.map(({ key, value }) => `${key}=${value}`).join('\n'));
        break;
    }
  }
  const cookies = filledRows(input.cookies).map(({ key, value }) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}; path=/`);
  return { ok: true, request: { url: url.href, init, cookies } };
}

/** A JSON body pretty-printed; any other text as it came. */
export function formatBody(text: string, contentType: string | null): { text: string; json: boolean } {
  const looksJson = /json/i.test(contentType ?? '') || /^\s*[[{]/.test(text);
  if (looksJson) {
    try {
      return { text: JSON.stringify(JSON.parse(text), null, 2), json: true };
    } catch {
      // not JSON after all
    }
  }
  return { text, json: false };
}

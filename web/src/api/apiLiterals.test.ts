import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { calls } from '@common/api/calls';

/**
 * The web makes every request from a declared call (web/src/api/call.ts): no API path and no form
 * id is spelt out anywhere else, and apiFetch is called only by the client itself.
 */
const WEB = join(import.meta.dirname, '..');
const CLIENT = new Set(['api/client.ts', 'api/call.ts']);

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sources(path);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [path] : [];
  });
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** The first segment of every declared path (`/like`, `/FileUpload` …), opening a string literal. */
const segments = [...new Set(Object.values(calls).flatMap((area) => Object.values(area).map((c) => c.path.split('/')[1])))];
const PATH_LITERAL = new RegExp(`['"\`]/(?:${segments.map(escapeRegExp).join('|')})(?=[/'"\`?])`);
const FORM_ID_LITERAL = /form_id['"]?\s*[:,]\s*['"`]/;
const API_FETCH = /\bapiFetch\s*(?:<[^>]*>)?\(/;

/** The lines of a source that spell out a request instead of taking it from a call. */
function offences(file: string, text: string): string[] {
  const rules: [string, RegExp][] = [
    ['API path literal', PATH_LITERAL],
    ['form id literal', FORM_ID_LITERAL],
    ...(CLIENT.has(file) ? [] : [['apiFetch call', API_FETCH] as [string, RegExp]]),
  ];
  return text
    .split('\n')
    .flatMap((line, i) => rules.filter(([, re]) => re.test(line)).map(([what]) => `${file}:${i + 1} ${what}: ${line.trim()}`));
}

describe('requests come from the declared calls', () => {
  it('no source in web/src spells out an API path, a form id or an apiFetch call', () => {
    const found = sources(WEB).flatMap((path) => {
      const file = relative(WEB, path).split('\\').join('/');
      return offences(file, readFileSync(path, 'utf8'));
    });
    expect(found).toEqual([]);
  });

  it('catches each of them', () => {
    expect(offences('features/x/api/a.ts', "apiFetch<LikeAnswer>('/like/process', { body: { form_id: 'actionProcess' } })")).toHaveLength(
      3,
    );
    expect(offences('features/x/api/b.ts', 'fetch(`/tale/delete/` + id)')).toHaveLength(1);
    expect(offences('features/x/api/c.ts', "body.append('form_id', 'actionIndex')")).toHaveLength(1);
    expect(offences('api/call.ts', 'return apiFetch(path, req);')).toEqual([]);
  });
});

import { findJsonProblem, type JsonProblem } from './jsonCheck';

export interface JsonReplaceOptions {
  search: string;
  replace: string;
  inKeys: boolean;
  inValues: boolean;
  caseSensitive: boolean;
  /** Spaces per level, or 'tab'; 0 gives one line. */
  indent: number | 'tab';
}

export type JsonReplaceResult =
  | { ok: true; output: string; replacements: number; mergedKeys: number }
  | { ok: false; problem: JsonProblem };

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Validates a JSON text, replaces `search` in object keys and/or string values (numbers and
 * booleans are left alone), and pretty-prints the result. Runs entirely in the browser.
 */
export function jsonSearchReplace(text: string, opts: JsonReplaceOptions): JsonReplaceResult {
  const problem = findJsonProblem(text);
  if (problem) return { ok: false, problem };
  const parsed = JSON.parse(text) as Json;
  let replacements = 0;
  let mergedKeys = 0;
  const re = opts.search ? new RegExp(escapeRegExp(opts.search), opts.caseSensitive ? 'g' : 'gi') : null;
  const swap = (s: string): string =>
    re
      ? s.replace(re, () => {
          replacements++;
          return opts.replace;
        })
      : s;

  const walk = (v: Json): Json => {
    if (Array.isArray(v)) return v.map(walk);
    if (v !== null && typeof v === 'object') {
      const out: { [key: string]: Json } = {};
      for (const [k, child] of Object.entries(v)) {
        const key = opts.inKeys ? swap(k) : k;
        if (Object.hasOwn(out, key)) mergedKeys++;
        out[key] = walk(child);
      }
      return out;
    }
    if (typeof v === 'string' && opts.inValues) return swap(v);
    return v;
  };

  const result = re && (opts.inKeys || opts.inValues) ? walk(parsed) : parsed;
  const space = opts.indent === 'tab' ? '\t' : opts.indent;
  return { ok: true, output: JSON.stringify(result, null, space), replacements, mergedKeys };
}

import { describe, expect, it } from 'vitest';
import { findJsonProblem } from './jsonCheck';
import { jsonSearchReplace } from './jsonSearchReplace';

const base = { search: '', replace: '', inKeys: true, inValues: true, caseSensitive: true, indent: 2 as const };

describe('findJsonProblem', () => {
  it('accepts valid JSON', () => {
    for (const t of ['{}', '[]', '1', '-0.5e3', '"a\\u00e9"', ' {"a": [1, true, null, {"b": "c"}]} '])
      expect(findJsonProblem(t)).toBeNull();
  });
  it('gives line and column of the first error', () => {
    expect(findJsonProblem('{\n  "a": 1,\n  "b": }')).toMatchObject({ reason: 'unexpectedChar', line: 3, column: 8, found: '}' });
    expect(findJsonProblem('{"a": 1')).toMatchObject({ reason: 'unexpectedEnd', line: 1, column: 8 });
    expect(findJsonProblem('[1,]')).toMatchObject({ reason: 'unexpectedChar', column: 4 });
    expect(findJsonProblem('{} x')).toMatchObject({ reason: 'trailing', column: 4 });
    expect(findJsonProblem('  ')).toMatchObject({ reason: 'empty' });
    expect(findJsonProblem("{'a':1}")).toMatchObject({ reason: 'unexpectedChar', column: 2 });
    expect(findJsonProblem('01')).toMatchObject({ reason: 'trailing' });
  });
});

describe('jsonSearchReplace', () => {
  const text = '{"Name":"name","list":["a name","NAME"],"n":1,"nested":{"name":2}}';
  it('replaces in keys and values and counts', () => {
    const r = jsonSearchReplace(text, { ...base, search: 'name', replace: 'title' });
    expect(r.ok && JSON.parse(r.output)).toEqual({ Name: 'title', list: ['a title', 'NAME'], n: 1, nested: { title: 2 } });
    expect(r.ok && r.replacements).toBe(3);
  });
  it('honours the keys, values and case options', () => {
    const keysOnly = jsonSearchReplace(text, { ...base, search: 'name', replace: 'x', inValues: false, caseSensitive: false });
    expect(keysOnly.ok && JSON.parse(keysOnly.output)).toEqual({ x: 'name', list: ['a name', 'NAME'], n: 1, nested: { x: 2 } });
    const valuesOnly = jsonSearchReplace(text, { ...base, search: 'NAME', replace: '$&', inKeys: false, caseSensitive: false });
    expect(valuesOnly.ok && JSON.parse(valuesOnly.output).list).toEqual(['a $&', '$&']);
    expect(valuesOnly.ok && valuesOnly.replacements).toBe(3);
  });
  it('pretty-prints with the chosen indent and reports problems', () => {
    const r = jsonSearchReplace('[1,{"a":2}]', { ...base, indent: 4 });
    expect(r.ok && r.output).toBe('[\n    1,\n    {\n        "a": 2\n    }\n]');
    expect(jsonSearchReplace('[1,{"a":2}]', { ...base, indent: 0 })).toMatchObject({ output: '[1,{"a":2}]' });
    expect(jsonSearchReplace('[1,', base).ok).toBe(false);
  });
});

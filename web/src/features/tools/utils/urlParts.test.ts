import { describe, expect, it } from 'vitest';
import { buildUrl, parseUrl } from './urlParts';

describe('parseUrl', () => {
  it('splits every part and keeps repeated keys, decoded', () => {
    const r = parseUrl('https://ann:s%20cret@example.com:8443/a%20b/c?x=1&tag=a&tag=b%26c&q=hello+world#sec%202');
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.parts).toMatchObject({
      protocol: 'https:',
      username: 'ann',
      password: 's cret',
      hostname: 'example.com',
      port: '8443',
      pathname: '/a b/c',
      fragment: 'sec 2',
      hasAuthority: true,
    });
    expect(r.parts.params).toEqual([
      { key: 'x', value: '1' },
      { key: 'tag', value: 'a' },
      { key: 'tag', value: 'b&c' },
      { key: 'q', value: 'hello world' },
    ]);
  });

  it('explains what is wrong', () => {
    expect(parseUrl('  ')).toEqual({ ok: false, problem: 'empty' });
    expect(parseUrl('example.com/path')).toEqual({ ok: false, problem: 'noScheme' });
    expect(parseUrl('http://example.com:99999/')).toEqual({ ok: false, problem: 'badPort' });
    expect(parseUrl('http://exa mple.com/')).toEqual({ ok: false, problem: 'spaceInHost' });
  });

  it('parses URLs without an authority', () => {
    const r = parseUrl('mailto:ann@example.com?subject=Hi');
    expect(r.ok && r.parts.hasAuthority).toBe(false);
  });
});

describe('buildUrl', () => {
  it('round-trips a parsed URL', () => {
    const src = 'https://ann:pw@example.com:8443/a/b?x=1&tag=a&tag=b%26c#top';
    const r = parseUrl(src);
    if (!r.ok) throw new Error('parse failed');
    expect(buildUrl(r.parts)).toEqual({ ok: true, url: src });
  });

  it('builds from edited parts, encoding what needs it', () => {
    const r = parseUrl('http://example.com/');
    if (!r.ok) throw new Error('parse failed');
    const built = buildUrl({
      ...r.parts,
      pathname: 'docs/a b',
      params: [
        { key: 'q', value: 'a&b c' },
        { key: 'q', value: 'ü' },
      ],
      fragment: 'end',
    });
    expect(built).toEqual({ ok: true, url: 'http://example.com/docs/a%20b?q=a%26b+c&q=%C3%BC#end' });
  });

  it('refuses a bad port', () => {
    const r = parseUrl('http://example.com/');
    if (!r.ok) throw new Error('parse failed');
    expect(buildUrl({ ...r.parts, port: 'abc' })).toEqual({ ok: false, problem: 'badPort' });
  });
});

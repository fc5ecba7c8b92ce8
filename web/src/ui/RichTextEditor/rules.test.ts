import { describe, expect, it } from 'vitest';
import {
  checkImageUrl,
  checkLinkUrl,
  classifyMediaUrl,
  isAllowedLinkHref,
  nextIndent,
  normalizeColor,
  normalizeFontSize,
  normalizeIndent,
  normalizeTextAlign,
  parseIndent,
  readStyleProperty,
} from './rules';

describe('classifyMediaUrl', () => {
  it('takes video extensions mp4, mpa, ogv, ogg, webm', () => {
    for (const ext of ['mp4', 'mpa', 'ogv', 'ogg', 'webm', 'MP4']) {
      expect(classifyMediaUrl(`https://cdn.example.com/clip.${ext}`)).toEqual({
        ok: true,
        value: { kind: 'video', src: `https://cdn.example.com/clip.${ext}` },
      });
    }
  });

  it('takes audio extensions mp3, wav, ape, flac', () => {
    for (const ext of ['mp3', 'wav', 'ape', 'flac']) {
      expect(classifyMediaUrl(`http://example.com/a/song.${ext}`)).toMatchObject({ ok: true, value: { kind: 'audio' } });
    }
  });

  it('looks at the path, not the query or fragment', () => {
    expect(classifyMediaUrl('https://x.org/v.webm?t=10#start')).toMatchObject({ ok: true, value: { kind: 'video' } });
    expect(classifyMediaUrl('https://x.org/page?file=v.mp4')).toEqual({ ok: false, problem: 'mediaUnsupported' });
  });

  it('accepts our own paths and trims spaces', () => {
    expect(classifyMediaUrl('  /files/7/talk.mp3 ')).toEqual({ ok: true, value: { kind: 'audio', src: '/files/7/talk.mp3' } });
  });

  it('reports an empty URL', () => {
    expect(classifyMediaUrl('   ')).toEqual({ ok: false, problem: 'urlEmpty' });
  });

  it('refuses other extensions, schemes and protocol-relative hosts', () => {
    for (const url of [
      'https://x.org/v.avi',
      'https://x.org/mp4',
      'javascript:alert(1)//a.mp4',
      'data:video/mp4;base64,AA.mp4',
      '//evil.org/a.mp4',
      'ftp://x.org/a.mp3',
    ]) {
      expect(classifyMediaUrl(url)).toEqual({ ok: false, problem: 'mediaUnsupported' });
    }
  });
});

describe('checkLinkUrl', () => {
  it('keeps http, https and mailto', () => {
    expect(checkLinkUrl('https://example.com/a?b=1')).toEqual({ ok: true, value: 'https://example.com/a?b=1' });
    expect(checkLinkUrl('HTTP://example.com')).toEqual({ ok: true, value: 'HTTP://example.com' });
    expect(checkLinkUrl('mailto:someone@example.com?subject=Hi')).toEqual({ ok: true, value: 'mailto:someone@example.com?subject=Hi' });
  });

  it('adds https to a bare host and mailto to a bare address', () => {
    expect(checkLinkUrl('example.com/page')).toEqual({ ok: true, value: 'https://example.com/page' });
    expect(checkLinkUrl('localhost:3000/x')).toEqual({ ok: true, value: 'https://localhost:3000/x' });
    expect(checkLinkUrl('me@example.com')).toEqual({ ok: true, value: 'mailto:me@example.com' });
  });

  it('refuses script and other schemes, also when split by control characters', () => {
    for (const url of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      'java\nscript:alert(1)',
      ' \tjavascript:void(0)',
      'data:text/html,<b>',
      'vbscript:x',
      'file:///etc/passwd',
      'ftp://x.org',
      'mailto:nobody',
      'https://',
      'just words',
    ]) {
      expect(checkLinkUrl(url)).toEqual({ ok: false, problem: 'linkUnsupported' });
    }
  });

  it('reports an empty URL', () => {
    expect(checkLinkUrl('')).toEqual({ ok: false, problem: 'urlEmpty' });
  });

  it('guards hrefs of pasted links', () => {
    expect(isAllowedLinkHref('https://a.b')).toBe(true);
    expect(isAllowedLinkHref('mailto:a@b.c')).toBe(true);
    expect(isAllowedLinkHref('javascript:alert(1)')).toBe(false);
    expect(isAllowedLinkHref('/relative')).toBe(false);
  });
});

describe('checkImageUrl', () => {
  it('takes http(s) and our own paths only', () => {
    expect(checkImageUrl('https://x.org/a.png')).toEqual({ ok: true, value: 'https://x.org/a.png' });
    expect(checkImageUrl('/files/1/a.png')).toEqual({ ok: true, value: '/files/1/a.png' });
    expect(checkImageUrl('')).toEqual({ ok: false, problem: 'urlEmpty' });
    expect(checkImageUrl('data:image/png;base64,AAAA')).toEqual({ ok: false, problem: 'imageUnsupported' });
    expect(checkImageUrl('//evil.org/a.png')).toEqual({ ok: false, problem: 'imageUnsupported' });
    expect(checkImageUrl('/elsewhere/a.png')).toEqual({ ok: false, problem: 'imageUnsupported' });
  });
});

describe('indent maths', () => {
  it('steps by 10% between 0 and 80%', () => {
    expect(nextIndent(0, 1)).toBe(10);
    expect(nextIndent(70, 1)).toBe(80);
    expect(nextIndent(80, 1)).toBe(80);
    expect(nextIndent(10, -1)).toBe(0);
    expect(nextIndent(0, -1)).toBe(0);
  });

  it('normalises odd values onto the scale', () => {
    expect(normalizeIndent(14)).toBe(10);
    expect(normalizeIndent(15)).toBe(20);
    expect(normalizeIndent(500)).toBe(80);
    expect(normalizeIndent(-5)).toBe(0);
    expect(normalizeIndent(Number.NaN)).toBe(0);
  });

  it('parses percent values only', () => {
    expect(parseIndent('30%')).toBe(30);
    expect(parseIndent(' 20 % ')).toBe(0);
    expect(parseIndent('40px')).toBe(0);
    expect(parseIndent(null)).toBe(0);
  });
});

describe('style values', () => {
  it('normalises colours to lower-case hex', () => {
    expect(normalizeColor('#FF0000')).toBe('#ff0000');
    expect(normalizeColor('#abc')).toBe('#abc');
    expect(normalizeColor('rgb(255, 0, 16)')).toBe('#ff0010');
    expect(normalizeColor('rgba(0, 0, 0, 0)')).toBeNull();
    expect(normalizeColor('red; background: url(x)')).toBeNull();
    expect(normalizeColor('rgb(300, 0, 0)')).toBeNull();
  });

  it('keeps font sizes of 8 to 72 px', () => {
    expect(normalizeFontSize('18px')).toBe('18px');
    expect(normalizeFontSize('7px')).toBeNull();
    expect(normalizeFontSize('2em')).toBeNull();
  });

  it('keeps non-default alignments', () => {
    expect(normalizeTextAlign('CENTER')).toBe('center');
    expect(normalizeTextAlign('left')).toBeNull();
    expect(normalizeTextAlign('start')).toBeNull();
  });

  it('reads a property from raw style text', () => {
    expect(readStyleProperty('color: #FF0000; background-color:#00ff00', 'background-color')).toBe('#00ff00');
    expect(readStyleProperty('color: red', 'font-size')).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { excerpt } from '@common/models/tale';
import { FEED_WHOLE_TEXT, isTeased, readingMinutes } from './reading';

describe('readingMinutes', () => {
  it('is the words at 200 a minute, rounded, never under one', () => {
    expect(readingMinutes('')).toBe(1);
    expect(readingMinutes('one two three')).toBe(1);
    expect(readingMinutes(Array(299).fill('w').join(' '))).toBe(1);
    expect(readingMinutes(Array(300).fill('w').join(' '))).toBe(2);
    expect(readingMinutes(Array(1000).fill('слово').join('\n\t '))).toBe(5);
  });
});

describe('isTeased', () => {
  it('teases a tale with an image or a text longer than a card shows whole', () => {
    expect(isTeased('short', null)).toBe(false);
    expect(isTeased('x'.repeat(FEED_WHOLE_TEXT), null)).toBe(false);
    expect(isTeased('x'.repeat(FEED_WHOLE_TEXT + 1), null)).toBe(true);
    expect(isTeased(`  ${'x'.repeat(FEED_WHOLE_TEXT)}  `, null)).toBe(false);
    expect(isTeased('', { src: '/a.png', alt: '' })).toBe(true);
  });
});

describe('excerpt', () => {
  it('cuts at a word and drops a stop or comma before the ellipsis', () => {
    const text = Array.from({ length: 30 }, (_, i) => `Sentence ${i} of it.`).join(' ');
    const cut = excerpt(text, 100);
    expect(cut.endsWith('…')).toBe(true);
    expect(cut).not.toMatch(/[.,]…$/);
    expect(text.startsWith(cut.slice(0, -1))).toBe(true);
    expect(excerpt('Short, whole.', 100)).toBe('Short, whole.');
  });
});

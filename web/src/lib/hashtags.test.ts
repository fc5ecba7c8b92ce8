import { describe, expect, it } from 'vitest';
import { splitHashtags } from './hashtags';

describe('splitHashtags', () => {
  it('finds Latin and Cyrillic hashtags with digits and hyphens', () => {
    expect(splitHashtags('Hello #world and #мир-2 today')).toEqual([
      { text: 'Hello ' },
      { tag: 'world', text: '#world' },
      { text: ' and ' },
      { tag: 'мир-2', text: '#мир-2' },
      { text: ' today' },
    ]);
  });

  it('needs a letter or underscore after #', () => {
    expect(splitHashtags('issue #12 and #_x')).toEqual([{ text: 'issue #12 and ' }, { tag: '_x', text: '#_x' }]);
  });

  it('ignores # glued to a word (anchors, C#)', () => {
    expect(splitHashtags('page#top C#')).toEqual([{ text: 'page#top C#' }]);
  });

  it('takes a tag at the very start and in parentheses', () => {
    expect(splitHashtags('#start (#inner)')).toEqual([
      { tag: 'start', text: '#start' },
      { text: ' (' },
      { tag: 'inner', text: '#inner' },
      { text: ')' },
    ]);
  });
});

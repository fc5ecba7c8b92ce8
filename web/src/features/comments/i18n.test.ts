import type { i18n as I18n } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { catalogueSection, testI18n } from '@/i18n/testI18n';

const commentsStrings = catalogueSection('comments.');

let i18n: I18n;
beforeAll(async () => {
  i18n = await testI18n();
});

const count = (lng: string, key: string, n: number) => i18n.getFixedT(lng)(`comments.${key}`, { count: n });

describe('comment counts in Russian (CLDR one / few / many)', () => {
  it.each([
    [0, '0 комментариев'],
    [1, '1 комментарий'],
    [2, '2 комментария'],
    [4, '4 комментария'],
    [5, '5 комментариев'],
    [11, '11 комментариев'],
    [12, '12 комментариев'],
    [14, '14 комментариев'],
    [20, '20 комментариев'],
    [21, '21 комментарий'],
    [22, '22 комментария'],
    [25, '25 комментариев'],
    [101, '101 комментарий'],
    [111, '111 комментариев'],
    [1004, '1004 комментария'],
  ])('%i → %s', (n, text) => {
    expect(count('ru', 'comments', n)).toBe(text);
  });

  it.each([
    [1, '1 ответ'],
    [3, '3 ответа'],
    [7, '7 ответов'],
    [21, '21 ответ'],
    [111, '111 ответов'],
  ])('replies: %i → %s', (n, text) => {
    expect(count('ru', 'replies', n)).toBe(text);
  });

  it('English has one and other', () => {
    expect(count('en', 'comments', 1)).toBe('1 comment');
    expect(count('en', 'comments', 2)).toBe('2 comments');
    expect(count('en', 'comments', 21)).toBe('21 comments');
    expect(count('en', 'replies', 1)).toBe('1 reply');
  });

  it('both languages hold the same keys (Russian adds its plural forms)', () => {
    const base = (o: object) => [...new Set(Object.keys(o).map((k) => k.replace(/_(one|few|many|other)$/, '')))].sort();
    expect(base(commentsStrings.ru)).toEqual(base(commentsStrings.en));
    for (const k of ['comments', 'replies'])
      for (const f of ['one', 'few', 'many', 'other']) expect(commentsStrings.ru).toHaveProperty(`${k}_${f}`);
  });
});

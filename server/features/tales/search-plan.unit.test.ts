import { describe, expect, it } from 'vitest';
import { sortedShares, wordShare } from './search-plan';

/** What a prefix's share is by definition: the shares of every listed word it begins, summed. */
const byDefinition = (words: Map<string, number>, prefix: string) =>
  Math.min(
    1,
    [...words].filter(([w]) => w.startsWith(prefix)).reduce((sum, [, share]) => sum + share, 0),
  );

describe("a search word's share of the tales (search-plan.ts)", () => {
  const words = new Map<string, number>([
    ['the', 0.9],
    ['them', 0.05],
    ['then', 0.04],
    ['theme', 0.01],
    ['th', 0.2],
    ['tha', 0.001],
    ['a', 0.3],
    ['zebra', 0.0001],
    ['лес', 0.02],
    ['лесник', 0.003],
    ['лето', 0.01],
    ['ёж', 0.002],
    ['e\u0301', 0.004],
    ['😀x', 0.0002],
  ]);
  const f = { words, sorted: sortedShares(words) };

  it('sums every listed word a prefix begins, the word itself included, and nothing else', () => {
    for (const prefix of ['t', 'th', 'the', 'them', 'theme', 'themes', 'a', 'z', 'zz', 'л', 'лес', 'лет', 'ё', 'e', '😀', 'x', '', 'ы']) {
      expect(wordShare(f, prefix, true)).toBeCloseTo(byDefinition(words, prefix), 12);
    }
    expect(wordShare(f, 'the', true)).toBe(1); // 0.9 + 0.05 + 0.04 + 0.01, at most every tale
  });

  it('takes a whole word as listed, and an unlisted one as in no tale', () => {
    expect(wordShare(f, 'them', false)).toBe(0.05);
    expect(wordShare(f, 'thems', false)).toBe(0);
    expect(wordShare(f, 'лес', false)).toBe(0.02);
  });

  it('agrees with the definition on many random lists', () => {
    const letters = 'abtheлесё😀';
    let seed = 7;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    const pick = (n: number) =>
      Array.from({ length: 1 + Math.floor(random() * n) }, () => [...letters][Math.floor(random() * [...letters].length)]).join('');
    for (let round = 0; round < 50; round++) {
      const list = new Map<string, number>();
      for (let i = 0; i < 40; i++) list.set(pick(4), random() / 20);
      const g = { words: list, sorted: sortedShares(list) };
      for (let i = 0; i < 20; i++) {
        const prefix = pick(3);
        expect(wordShare(g, prefix, true)).toBeCloseTo(byDefinition(list, prefix), 12);
      }
    }
  });
});

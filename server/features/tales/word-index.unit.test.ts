import { describe, expect, it } from 'vitest';
import { seededInts as random } from '../../test/random';
import { type IndexQuery, type IndexReader, type IndexedTale, WordIndex } from './word-index';

const VOCABULARY = ['лес', 'лесной', 'лето', 'берег', 'sea', 'seal', 'season', 'sun', 'сон', 'сова', 'a', 'ab', 'abc', '2024', '1.5'];
const TAGS = ['весна', 'sea', 'sea-life', 'art'];

/** What the database's search answers: every term in the tale, the reader's rules, the feed's order. */
function expected(tales: Map<number, IndexedTale>, q: IndexQuery, reader: IndexReader): number[] {
  return [...tales.values()]
    .filter((t) => !(t.members && !reader.signedIn) && t.publishAt <= reader.now)
    .filter((t) => q.words.every((w, i) => (i === q.words.length - 1 ? t.words.some((x) => x.startsWith(w)) : t.words.includes(w))))
    .filter((t) => q.tags.every((tag) => t.tags.includes(tag)))
    .sort((a, b) => b.sticky - a.sticky || b.publishAt - a.publishAt || b.id - a.id)
    .map((t) => t.id);
}

function pageOf(index: WordIndex, q: IndexQuery, reader: IndexReader, offset: number, limit: number) {
  const found = index.matches(q, reader);
  return { total: found.length, ids: index.page(found, offset, limit) };
}

describe('the word index', () => {
  it('finds what a brute-force search finds, in feed order, through puts, rewrites, removals and compaction', () => {
    for (const seed of [1, 2, 3, 4, 5]) {
      const next = random(seed);
      // odd seeds keep a prefix's words merged from two words on (VOCABULARY's prefixes begin few)
      const index = seed % 2 ? new WordIndex(2, 0) : new WordIndex();
      const model = new Map<number, IndexedTale>();
      const pick = <T>(a: readonly T[]) => a[next(a.length)];
      for (let step = 0; step < 30_000; step++) {
        const id = 1 + next(3_000);
        if (next(5) === 0) {
          index.remove(id);
          model.delete(id);
        } else {
          const tale: IndexedTale = {
            id,
            owner: 1 + next(20),
            sticky: next(40) === 0 ? 1 : 0,
            // few distinct times, so ties fall to the id
            publishAt: 1_000 + next(50),
            members: next(4) === 0,
            words: [...new Set(Array.from({ length: 1 + next(5) }, () => pick(VOCABULARY)))],
            tags: [...new Set(Array.from({ length: next(3) }, () => pick(TAGS)))],
          };
          index.put(tale);
          model.set(id, tale);
        }
        if (step % 1_000 === 999) {
          expect(index.size).toBe(model.size);
          for (let k = 0; k < 40; k++) {
            const words = Array.from({ length: next(3) }, () => pick(VOCABULARY)).map((w, i, all) =>
              i === all.length - 1 ? w.slice(0, 1 + next(w.length)) : w,
            );
            const tags = Array.from({ length: words.length ? next(2) : 1 + next(2) }, () => pick(TAGS));
            const reader = { signedIn: next(2) === 0, now: 1_000 + next(60) };
            const want = expected(model, { words, tags }, reader);
            const offset = pick([0, 0, 10, 100, 1_000]);
            const limit = pick([1, 10, 100]);
            expect(
              pageOf(index, { words, tags }, reader, offset, limit),
              JSON.stringify({ seed, step, words, tags, reader, offset }),
            ).toEqual({
              total: want.length,
              ids: want.slice(offset, offset + limit),
            });
          }
        }
      }
    }
  });

  it('pages a large match set the same way whether it sorts them all or keeps the first ones', () => {
    const index = new WordIndex();
    const next = random(9);
    const tales: IndexedTale[] = [];
    for (let id = 1; id <= 20_000; id++) {
      // mostly in publication order, some backdated or scheduled, a few sticky
      const publishAt = next(10) === 0 ? next(30_000) : id + next(3);
      const tale = { id, owner: 1, sticky: next(500) === 0 ? 1 : 0, publishAt, members: false, words: ['the'], tags: [] };
      tales.push(tale);
      index.put(tale);
    }
    const order = tales
      .filter((t) => t.publishAt <= 25_000)
      .sort((a, b) => b.sticky - a.sticky || b.publishAt - a.publishAt || b.id - a.id)
      .map((t) => t.id);
    const reader = { signedIn: false, now: 25_000 };
    for (const [offset, limit] of [
      [0, 10],
      [10, 10],
      [500, 10],
      [990, 10],
      [5_000, 100],
      [order.length - 5, 10],
    ]) {
      expect(pageOf(index, { words: ['th'], tags: [] }, reader, offset, limit)).toEqual({
        total: order.length,
        ids: order.slice(offset, offset + limit),
      });
    }
  });

  it('shows and orders tales at any time the database can hold: before 1970, after 2106, beyond the year 9999, in parts of a second', () => {
    // times around where the index's quick checks stop holding them exactly (2^32 s, 2^41 s)
    const TIMES = [
      -5,
      0,
      999,
      1_000,
      1_000.5,
      2 ** 32 - 2,
      2 ** 32 - 1,
      2 ** 32,
      5e9,
      253_402_300_799,
      2 ** 41 - 1,
      2 ** 41,
      2 ** 41 + 1,
      2 ** 42,
      2 ** 50,
    ];
    const NOWS = [0, 999.5, 1_000, 2 ** 32 - 2, 2 ** 32 - 1, 2 ** 32, 6e9, 2 ** 41, 2 ** 42, 2 ** 51];
    for (const seed of [1, 2, 3]) {
      const next = random(seed);
      const index = new WordIndex();
      const model = new Map<number, IndexedTale>();
      for (let step = 0; step < 3_000; step++) {
        const id = 1 + next(600);
        if (next(6) === 0) {
          index.remove(id);
          model.delete(id);
          continue;
        }
        const publishAt = TIMES[next(TIMES.length)];
        const tale = { id, owner: 1, sticky: next(8) === 0 ? 1 : 0, publishAt, members: next(3) === 0, words: ['sea'], tags: [] };
        index.put(tale);
        model.set(id, tale);
      }
      for (const now of NOWS) {
        for (const signedIn of [false, true]) {
          const reader = { signedIn, now };
          const want = expected(model, { words: ['se'], tags: [] }, reader);
          // a page's first ones kept in one pass (a small page of many), and all sorted (a deep page)
          for (const [offset, limit] of [
            [0, 1],
            [0, 10],
            [10, 10],
            [want.length - 3, 10],
          ]) {
            expect(
              pageOf(index, { words: ['se'], tags: [] }, reader, Math.max(0, offset), limit),
              JSON.stringify({ seed, reader, offset }),
            ).toEqual({
              total: want.length,
              ids: want.slice(Math.max(0, offset), Math.max(0, offset) + limit),
            });
          }
        }
      }
    }
  });

  it('shows a tale scheduled for later from its time on, as the clock moves, through rewrites, removals and compaction', () => {
    for (const seed of [1, 2, 3]) {
      const next = random(seed);
      const index = new WordIndex();
      const model = new Map<number, IndexedTale>();
      let clock = 1_000;
      for (let step = 0; step < 40_000; step++) {
        clock += next(3);
        const id = 1 + next(3_000);
        if (next(5) === 0) {
          index.remove(id);
          model.delete(id);
        } else {
          // published a while ago, just now, or scheduled for a little or a long while later
          const publishAt = clock + [-next(100), 0, 1 + next(5), 1 + next(300)][next(4)];
          const tale = { id, owner: 1, sticky: next(50) === 0 ? 1 : 0, publishAt, members: next(3) === 0, words: ['tide'], tags: [] };
          index.put(tale);
          model.set(id, tale);
        }
        if (step % 400 === 399) {
          // readers now, and one whose clock is a little or a long way behind
          for (const now of [clock, clock, clock - next(3), clock - 50]) {
            for (const signedIn of [false, true]) {
              const reader = { signedIn, now };
              const want = expected(model, { words: ['tide'], tags: [] }, reader);
              for (const [offset, limit] of [
                [0, 10],
                [want.length - 5, 10],
              ]) {
                const at = Math.max(0, offset);
                expect(pageOf(index, { words: ['ti'], tags: [] }, reader, at, limit), JSON.stringify({ seed, step, reader, at })).toEqual({
                  total: want.length,
                  ids: want.slice(at, at + limit),
                });
              }
            }
          }
        }
      }
    }
  });

  it('finds nothing for a word nobody wrote, and a removed tale never again', () => {
    const index = new WordIndex();
    index.put({ id: 7, owner: 1, sticky: 0, publishAt: 1, members: false, words: ['lantern'], tags: ['glow'] });
    const reader = { signedIn: true, now: 10 };
    expect(pageOf(index, { words: ['zqxv'], tags: [] }, reader, 0, 10)).toEqual({ total: 0, ids: [] });
    expect(pageOf(index, { words: ['lantern'], tags: ['nope'] }, reader, 0, 10)).toEqual({ total: 0, ids: [] });
    expect(pageOf(index, { words: ['lan'], tags: ['glow'] }, reader, 0, 10)).toEqual({ total: 1, ids: [7] });
    index.put({ id: 7, owner: 1, sticky: 0, publishAt: 1, members: false, words: ['candle'], tags: [] });
    expect(pageOf(index, { words: ['lantern'], tags: [] }, reader, 0, 10)).toEqual({ total: 0, ids: [] });
    expect(pageOf(index, { words: ['cand'], tags: [] }, reader, 0, 10)).toEqual({ total: 1, ids: [7] });
    index.remove(7);
    expect(pageOf(index, { words: ['cand'], tags: [] }, reader, 0, 10)).toEqual({ total: 0, ids: [] });
    expect(index.talesOf(1)).toEqual([]);
  });
});

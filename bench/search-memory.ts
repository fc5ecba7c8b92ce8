/**
 * The memory search alone (SEARCH_ENGINE=memory), without HTTP: how long the index takes to read
 * at start, what it holds, and what one search costs in this process, for the bench's fresh
 * two-word, no-match and common searches.
 *
 *   npx tsx bench/search-memory.ts [postgres://postgres@127.0.0.1:5432/tales_bench_1m]
 */
import { performance } from 'node:perf_hooks';
import { openDatabase } from '../server/db/client';
import { createEventBus } from '../server/events';
import { createMemorySearch, searchInMemory } from '../server/features/tales/memory-search';
import { parseSearch } from '../server/features/tales/search';
import { freshSearches, noMatchSearches, SEARCH_WORDS } from './scenarios';

const url = process.argv[2] ?? 'postgres://postgres@127.0.0.1:5432/tales_bench_1m';
const log = { info: (o: unknown, m: string) => console.log(m, o), warn: console.warn, error: console.error } as never;

async function main() {
  const database = await openDatabase({ url, pgliteDir: '' });
  const heapBefore = process.memoryUsage().heapUsed;
  const started = performance.now();
  const engine = createMemorySearch({ db: database.db, events: createEventBus(), log });
  await engine.whenReady();
  global.gc?.();
  const index = engine.index()!;
  console.log(
    `read ${index.size.toLocaleString()} tales in ${((performance.now() - started) / 1000).toFixed(1)} s; heap +${Math.round((process.memoryUsage().heapUsed - heapBefore) / 2 ** 20)} MB, rss ${Math.round(process.memoryUsage().rss / 2 ** 20)} MB`,
  );
  const now = Math.floor(Date.now() / 1000);
  const run = (name: string, texts: string[], page = 1) => {
    const times: number[] = [];
    let found = 0;
    for (const txt of texts) {
      const terms = parseSearch(txt)!;
      const t0 = performance.now();
      const r = searchInMemory(index, terms, { signedIn: false, now }, () => ({ offset: (page - 1) * 10, limit: 10 }));
      times.push(performance.now() - t0);
      found += r.total;
    }
    times.sort((a, b) => a - b);
    const q = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))].toFixed(3);
    const mean = times.reduce((a, b) => a + b, 0) / times.length;
    console.log(
      `${name}: ${texts.length} searches, mean ${mean.toFixed(3)} ms, p50 ${q(0.5)} ms, p95 ${q(0.95)} ms, p99 ${q(0.99)} ms, max ${q(1)} ms; mean matches ${Math.round(found / texts.length)}`,
    );
  };
  for (let round = 0; round < 2; round++) {
    run('fresh two words', freshSearches(30_000));
    run('no match', noMatchSearches(30_000));
    run('common words, page 1', SEARCH_WORDS);
    run('common words, page 100', SEARCH_WORDS, 100);
  }
  engine.close();
  await database.close();
}
void main();

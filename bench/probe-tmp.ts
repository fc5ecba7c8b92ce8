import { startApp } from './lib';
import { freshSearches } from './scenarios';
const app = await startApp({ pg: process.argv[2] }, 3900);
const qs = freshSearches(400).slice(100);
const times: { q: string; ms: number; total: number }[] = [];
for (const q of qs.slice(0, 20)) await fetch(`${app.url}/api/tale/feed/10/1?txt=${encodeURIComponent(q + 'x')}`);
for (const q of qs) {
  const t = performance.now();
  const r = await fetch(`${app.url}/api/tale/feed/10/1?txt=${encodeURIComponent(q)}`);
  const body = await r.json();
  times.push({ q, ms: performance.now() - t, total: body.meta?.tale?.rowsTotal ?? -1 });
}
const sorted = [...times].sort((a, b) => a.ms - b.ms);
const p = (x: number) => sorted[Math.floor(x * (sorted.length - 1))].ms.toFixed(1);
console.log(
  'p50',
  p(0.5),
  'p90',
  p(0.9),
  'p95',
  p(0.95),
  'p99',
  p(0.99),
  'mean',
  (times.reduce((a, b) => a + b.ms, 0) / times.length).toFixed(1),
);
for (const t of sorted.slice(-25)) console.log(t.ms.toFixed(1), t.total, t.q);
const buckets = new Map<string, number[]>();
for (const t of times) {
  const k = t.total >= 1000 ? '>=1000' : t.total >= 100 ? '100-999' : t.total > 0 ? '1-99' : '0';
  (buckets.get(k) ?? buckets.set(k, []).get(k)!).push(t.ms);
}
for (const [k, v] of buckets) console.log(k, v.length, 'mean', (v.reduce((a, b) => a + b, 0) / v.length).toFixed(1));
await app.stop();

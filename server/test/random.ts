/**
 * A seeded generator for tests (mulberry32): the same seed gives the same sequence, so a failure
 * can be replayed. `next(n)` is a whole number from 0 to n - 1.
 */
export function seededInts(seed: number): (n: number) => number {
  let x = seed;
  return (n: number) => {
    x = (x + 0x6d2b79f5) | 0;
    let t = Math.imul(x ^ (x >>> 15), 1 | x);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * n);
  };
}

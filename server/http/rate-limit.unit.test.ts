import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { MemoryRateLimiter, type RateLimiter, RedisRateLimiter } from './rate-limit';

/** Both drivers keep the same fixed-window counts; Redis is the one several app servers share. */
const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const drivers: [string, () => RateLimiter][] = [
  ['memory', () => new MemoryRateLimiter()],
  ['redis', () => new RedisRateLimiter(redisUrl, { prefix: `tales:test:${randomBytes(4).toString('hex')}:` })],
];

describe.each(drivers)('%s rate limiter', (_name, make) => {
  const limiter = make();
  afterAll(() => limiter.close());

  it('counts hits in a window, peeks without counting, and clears', async () => {
    expect(await limiter.peek('k')).toEqual({ count: 0, resetIn: 0 });
    await limiter.hit('k', 60);
    const second = await limiter.hit('k', 60);
    expect(second.count).toBe(2);
    expect(second.resetIn).toBeGreaterThan(0);
    expect(second.resetIn).toBeLessThanOrEqual(60);
    expect((await limiter.peek('k')).count).toBe(2);
    await limiter.clear('k');
    expect((await limiter.peek('k')).count).toBe(0);
  });

  it('starts a new window when the old one has passed', async () => {
    await limiter.hit('short', 1);
    await new Promise((r) => setTimeout(r, 1100));
    expect((await limiter.hit('short', 1)).count).toBe(1);
  });

  it('gives back a reserved attempt, never below zero and without creating the key', async () => {
    await limiter.hit('r', 60);
    await limiter.hit('r', 60);
    await limiter.release('r');
    expect((await limiter.peek('r')).count).toBe(1);
    await limiter.release('r');
    await limiter.release('r');
    expect((await limiter.peek('r')).count).toBe(0);
    await limiter.release('never-hit');
    expect(await limiter.peek('never-hit')).toEqual({ count: 0, resetIn: 0 });
  });

  it('keeps keys apart', async () => {
    await limiter.hit('a', 60);
    expect((await limiter.peek('b')).count).toBe(0);
  });
});

describe('two app servers on one Redis', () => {
  it('share one count', async () => {
    const prefix = `tales:test:${randomBytes(4).toString('hex')}:`;
    const one = new RedisRateLimiter(redisUrl, { prefix });
    const two = new RedisRateLimiter(redisUrl, { prefix });
    await one.hit('login:mail:x', 60);
    await two.hit('login:mail:x', 60);
    expect((await one.peek('login:mail:x')).count).toBe(2);
    await one.close();
    await two.close();
  });
});

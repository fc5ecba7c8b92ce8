import { Redis } from 'ioredis';

/**
 * Fixed-window counters for rate limits. In-process by default; in Redis when REDIS_URL is set,
 * so several app servers share one count.
 */
export interface RateLimiter {
  /** Adds one to `key`'s window and returns the new count and seconds until the window resets. */
  hit(key: string, windowSeconds: number): Promise<{ count: number; resetIn: number }>;
  /** The current count without adding to it. */
  peek(key: string): Promise<{ count: number; resetIn: number }>;
  clear(key: string): Promise<void>;
  close(): Promise<void>;
}

export class MemoryRateLimiter implements RateLimiter {
  private windows = new Map<string, { count: number; resetAt: number }>();
  private sweeper: NodeJS.Timeout;

  constructor() {
    this.sweeper = setInterval(() => this.sweep(), 60_000);
    this.sweeper.unref();
  }

  private sweep() {
    const now = Date.now();
    for (const [k, w] of this.windows) if (w.resetAt <= now) this.windows.delete(k);
  }

  async hit(key: string, windowSeconds: number) {
    const now = Date.now();
    let w = this.windows.get(key);
    if (!w || w.resetAt <= now) {
      w = { count: 0, resetAt: now + windowSeconds * 1000 };
      this.windows.set(key, w);
    }
    w.count += 1;
    return { count: w.count, resetIn: Math.ceil((w.resetAt - now) / 1000) };
  }

  async peek(key: string) {
    const now = Date.now();
    const w = this.windows.get(key);
    if (!w || w.resetAt <= now) return { count: 0, resetIn: 0 };
    return { count: w.count, resetIn: Math.ceil((w.resetAt - now) / 1000) };
  }

  async clear(key: string) {
    this.windows.delete(key);
  }

  async close() {
    clearInterval(this.sweeper);
  }
}

export class RedisRateLimiter implements RateLimiter {
  private redis: Redis;

  constructor(
    url: string,
    private prefix = 'tales:rl:',
  ) {
    this.redis = new Redis(url, { maxRetriesPerRequest: 2, lazyConnect: false });
  }

  async hit(key: string, windowSeconds: number) {
    const k = this.prefix + key;
    const res = await this.redis.multi().incr(k).expire(k, windowSeconds, 'NX').ttl(k).exec();
    const count = Number(res?.[0]?.[1] ?? 1);
    const ttl = Number(res?.[2]?.[1] ?? windowSeconds);
    return { count, resetIn: ttl > 0 ? ttl : windowSeconds };
  }

  async peek(key: string) {
    const k = this.prefix + key;
    const res = await this.redis.multi().get(k).ttl(k).exec();
    const count = Number(res?.[0]?.[1] ?? 0);
    const ttl = Number(res?.[1]?.[1] ?? 0);
    return { count, resetIn: ttl > 0 ? ttl : 0 };
  }

  async clear(key: string) {
    await this.redis.del(this.prefix + key);
  }

  async close() {
    await this.redis.quit();
  }
}

export function createRateLimiter(redisUrl: string): RateLimiter {
  return redisUrl ? new RedisRateLimiter(redisUrl) : new MemoryRateLimiter();
}

import { Redis } from 'ioredis';
import { MSG, danger } from '../../common/messages';
import { AppError } from './errors';

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
  /** Gives back one attempt `hit` reserved (a login that turned out right); never below 0. */
  release(key: string): Promise<void>;
  /** Whether the store answers (always true in memory); /healthz reports it. */
  ping(): Promise<boolean>;
  readonly kind: 'memory' | 'redis';
  close(): Promise<void>;
}

/** Decrements a window's count atomically, never below zero and never creating the key. */
const RELEASE_SCRIPT = "local v = tonumber(redis.call('GET', KEYS[1])) if v and v > 0 then return redis.call('DECR', KEYS[1]) end return 0";

/** How long a rate-limited call waits for Redis before it answers 503. */
const REDIS_COMMAND_TIMEOUT_MS = 800;

/** The shared counters could not be read: the call answers 503 rather than being let through unlimited. */
export const limiterUnavailable = () => new AppError(503, [danger(MSG.serviceUnavailable)], { 'retry-after': '5' });

export class MemoryRateLimiter implements RateLimiter {
  readonly kind = 'memory';
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

  async release(key: string) {
    const w = this.windows.get(key);
    if (w && w.count > 0) w.count -= 1;
  }

  async ping() {
    return true;
  }

  async close() {
    clearInterval(this.sweeper);
  }
}

export interface RedisLimiterOptions {
  prefix?: string;
  /** Told once when Redis goes away and once when it is back (not at every reconnection attempt). */
  onDown?: (error: Error) => void;
  onUp?: () => void;
}

/**
 * Counters in Redis, shared by every app server. While Redis is away, ioredis reconnects by itself
 * (backing off up to 2 s) and a call waits at most REDIS_COMMAND_TIMEOUT_MS before it answers 503.
 */
export class RedisRateLimiter implements RateLimiter {
  readonly kind = 'redis';
  private redis: Redis;
  private prefix: string;
  private down = false;

  constructor(url: string, opts: RedisLimiterOptions = {}) {
    this.prefix = opts.prefix ?? 'tales:rl:';
    this.redis = new Redis(url, {
      maxRetriesPerRequest: 1,
      commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
      connectTimeout: 2_000,
      retryStrategy: (times) => Math.min(times * 100, 2_000),
      lazyConnect: false,
    });
    // Without a listener an 'error' event ends the process; with one, ioredis keeps reconnecting.
    this.redis.on('error', (error: Error) => {
      if (this.down) return;
      this.down = true;
      opts.onDown?.(error);
    });
    this.redis.on('ready', () => {
      if (!this.down) return;
      this.down = false;
      opts.onUp?.();
    });
  }

  private async run<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch {
      throw limiterUnavailable();
    }
  }

  async hit(key: string, windowSeconds: number) {
    const k = this.prefix + key;
    const res = await this.run(() => this.redis.multi().incr(k).expire(k, windowSeconds, 'NX').ttl(k).exec());
    const count = Number(res?.[0]?.[1] ?? 1);
    const ttl = Number(res?.[2]?.[1] ?? windowSeconds);
    return { count, resetIn: ttl > 0 ? ttl : windowSeconds };
  }

  async peek(key: string) {
    const k = this.prefix + key;
    const res = await this.run(() => this.redis.multi().get(k).ttl(k).exec());
    const count = Number(res?.[0]?.[1] ?? 0);
    const ttl = Number(res?.[1]?.[1] ?? 0);
    return { count, resetIn: ttl > 0 ? ttl : 0 };
  }

  async clear(key: string) {
    await this.run(() => this.redis.del(this.prefix + key));
  }

  async release(key: string) {
    await this.run(() => this.redis.eval(RELEASE_SCRIPT, 1, this.prefix + key));
  }

  async ping() {
    try {
      return (await this.redis.ping()) === 'PONG';
    } catch {
      return false;
    }
  }

  async close() {
    // quit() waits for an answer that never comes while Redis is away.
    if (this.redis.status === 'ready') await this.redis.quit().catch(() => this.redis.disconnect());
    else this.redis.disconnect();
  }
}

export function createRateLimiter(redisUrl: string, opts: RedisLimiterOptions = {}): RateLimiter {
  return redisUrl ? new RedisRateLimiter(redisUrl, opts) : new MemoryRateLimiter();
}

import { afterEach, describe, expect, it, vi } from 'vitest';
import { SessionCache } from './caches';
import type { ResolvedSession } from './features/auth/sessions';

let nextUser = 1000;
function session(userId: number, count = 0): ResolvedSession {
  return {
    session: { id: userId, userId, createdAt: 0, token: `t${userId}` },
    user: { id: userId } as ResolvedSession['user'],
    roles: [],
    count,
  };
}
/** A loader that counts its calls and answers what `value` holds at the time. */
function loader(value: () => ResolvedSession | null) {
  const fn = vi.fn(async () => value());
  return fn;
}

afterEach(() => vi.useRealTimers());

describe('session cache', () => {
  it('answers a token from memory within its time, then asks again', async () => {
    vi.useFakeTimers();
    const id = nextUser++;
    const cache = new SessionCache(1000);
    const load = loader(() => session(id));
    await cache.resolve('a', load);
    await cache.resolve('a', load);
    expect(load).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1001);
    await cache.resolve('a', load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('asks again at once after the user changed', async () => {
    const id = nextUser++;
    const cache = new SessionCache(60_000);
    let count = 1;
    const load = loader(() => session(id, count));
    expect((await cache.resolve('a', load))?.count).toBe(1);
    count = 2;
    cache.userChanged(id);
    expect((await cache.resolve('a', load))?.count).toBe(2);
    // Another user's change leaves this entry alone.
    cache.userChanged(nextUser++);
    await cache.resolve('a', load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('drops every entry when everyone changed', async () => {
    const a = nextUser++;
    const b = nextUser++;
    const cache = new SessionCache(60_000);
    const loadA = loader(() => session(a));
    const loadB = loader(() => session(b));
    await cache.resolve('a', loadA);
    await cache.resolve('b', loadB);
    cache.everyoneChanged();
    await cache.resolve('a', loadA);
    await cache.resolve('b', loadB);
    expect(loadA).toHaveBeenCalledTimes(2);
    expect(loadB).toHaveBeenCalledTimes(2);
  });

  it('does not keep what a load read before a change committed during it', async () => {
    const id = nextUser++;
    const cache = new SessionCache(60_000);
    let release: (v: ResolvedSession) => void = () => {};
    // The load has read the old row; the change commits before it answers.
    const slow = cache.resolve('a', () => new Promise<ResolvedSession>((r) => (release = r)));
    cache.userChanged(id);
    release(session(id, 1));
    expect((await slow)?.count).toBe(1);
    const load = loader(() => session(id, 2));
    expect((await cache.resolve('a', load))?.count).toBe(2);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('never keeps an unknown token, and keeps nothing when turned off', async () => {
    const cache = new SessionCache(60_000);
    const none = loader(() => null);
    await cache.resolve('x', none);
    await cache.resolve('x', none);
    expect(none).toHaveBeenCalledTimes(2);
    const off = new SessionCache(0);
    const load = loader(() => session(nextUser++));
    await off.resolve('a', load);
    await off.resolve('a', load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('stays within its size, the oldest going first', async () => {
    const cache = new SessionCache(60_000, 10);
    const loads = Array.from({ length: 12 }, () => {
      const id = nextUser++;
      return loader(() => session(id));
    });
    for (const [i, load] of loads.entries()) await cache.resolve(`k${i}`, load);
    await cache.resolve('k11', loads[11]);
    expect(loads[11]).toHaveBeenCalledTimes(1);
    await cache.resolve('k0', loads[0]);
    expect(loads[0]).toHaveBeenCalledTimes(2);
  });
});

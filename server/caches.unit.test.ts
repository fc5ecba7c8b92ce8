import { afterEach, describe, expect, it, vi } from 'vitest';
import { Memo, SessionCache, TaleDependencies } from './caches';
import type { ResolvedSession } from './features/auth/sessions';

let nextUser = 1000;
function session(userId: number, count = 0, expiresAt = Math.floor(Date.now() / 1000) + 86_400): ResolvedSession {
  return {
    session: { id: userId, userId, createdAt: 0, token: `t${userId}` },
    user: { id: userId } as ResolvedSession['user'],
    roles: [],
    count,
    expiresAt,
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

  it('never answers a session from memory past its expiry', async () => {
    vi.useFakeTimers();
    const id = nextUser++;
    const cache = new SessionCache(60_000);
    // the session ends in two seconds, long before the cache's minute is over
    const ends = Math.floor(Date.now() / 1000) + 2;
    let alive = true;
    const load = loader(() => (alive ? session(id, 0, ends) : null));
    expect(await cache.resolve('a', load)).not.toBeNull();
    vi.advanceTimersByTime(1_000);
    expect(await cache.resolve('a', load)).not.toBeNull();
    expect(load).toHaveBeenCalledTimes(1);
    alive = false;
    vi.advanceTimersByTime(2_000);
    expect(await cache.resolve('a', load)).toBeNull();
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

describe('what a change to one tale drops', () => {
  const make = () => {
    const tales = new TaleDependencies();
    return {
      tales,
      pages: new Memo<string>(60_000, () => 0, 100, tales),
      answers: new Memo<string>(60_000, () => 0, 100, tales),
    };
  };
  const page = (c: ReturnType<typeof make>, ids: number[], text: () => string) =>
    vi.fn(async () => {
      c.tales.use(ids);
      return text();
    });

  it('drops only the values that show the changed tale', async () => {
    const c = make();
    let a = 'a1';
    const loadA = page(c, [1, 2], () => a);
    const loadB = page(c, [3], () => 'b');
    await c.pages.get('A', loadA);
    await c.pages.get('B', loadB);
    a = 'a2';
    c.tales.taleChanged(2);
    expect(await c.pages.get('A', loadA)).toBe('a2');
    expect(await c.pages.get('B', loadB)).toBe('b');
    expect(loadA).toHaveBeenCalledTimes(2);
    expect(loadB).toHaveBeenCalledTimes(1);
    c.tales.taleChanged(99);
    await c.pages.get('A', loadA);
    expect(loadA).toHaveBeenCalledTimes(2);
  });

  it('drops an answer made from a cached page when a tale of that page changes', async () => {
    const c = make();
    let text = 'old';
    const loadPage = page(c, [7], () => text);
    await c.pages.get('P', loadPage); // cached before the answer is made from it
    const answer = vi.fn(async () => `answer(${await c.pages.get('P', loadPage)})`);
    expect(await c.answers.get('X', answer)).toBe('answer(old)');
    text = 'new';
    c.tales.taleChanged(7);
    expect(await c.answers.get('X', answer)).toBe('answer(new)');
    expect(answer).toHaveBeenCalledTimes(2);
  });

  it('never keeps a value whose tale changed while it loaded, nor an answer made from it', async () => {
    const c = make();
    let release = () => {};
    const gate = new Promise<void>((r) => {
      release = r;
    });
    let text = 'before';
    const slow = vi.fn(async () => {
      c.tales.use([5]);
      const read = text; // read before the write commits
      await gate;
      return read;
    });
    const answer = vi.fn(async () => `answer(${await c.pages.get('S', slow)})`);
    const pending = c.answers.get('Y', answer);
    text = 'after';
    c.tales.taleChanged(5); // the write's event arrives while the read is under way
    release();
    expect(await pending).toBe('answer(before)');
    expect(await c.pages.get('S', slow)).toBe('after');
    expect(await c.answers.get('Y', answer)).toBe('answer(after)');
  });
});

describe('a full memo', () => {
  it('keeps its newest values and lets the oldest go, whatever the number of keys', async () => {
    const memo = new Memo<number>(60_000, () => 0, 10);
    let loads = 0;
    const get = (k: number) =>
      memo.get(String(k), async () => {
        loads++;
        return k;
      });
    for (let k = 0; k < 1_000; k++) expect(await get(k)).toBe(k);
    expect(loads).toBe(1_000);
    // the newest are answered from memory, the oldest are loaded again
    for (let k = 995; k < 1_000; k++) await get(k);
    expect(loads).toBe(1_000);
    await get(0);
    expect(loads).toBe(1_001);
  });

  it('lets values of an older version go before newer ones', async () => {
    let version = 0;
    const memo = new Memo<number>(60_000, () => version, 4);
    let loads = 0;
    const get = (k: number) =>
      memo.get(String(k), async () => {
        loads++;
        return k;
      });
    for (const k of [1, 2, 3]) await get(k);
    version = 1;
    for (const k of [4, 5, 6]) await get(k);
    loads = 0;
    for (const k of [4, 5, 6]) await get(k);
    expect(loads).toBe(0);
  });
});

describe('a memo on probation (keys often asked once)', () => {
  const counting = (memo: Memo<number>) => {
    let loads = 0;
    const get = (k: string | number) =>
      memo.get(String(k), async () => {
        loads++;
        return Number(k);
      });
    return { get, loads: () => loads };
  };

  it('keeps what is asked while it has room, then a new value only when its key is asked for a second time', async () => {
    const m = counting(new Memo<number>(60_000, () => 0, 10, undefined, true));
    for (let k = 0; k < 5; k++) await m.get(k);
    for (let k = 0; k < 5; k++) await m.get(k);
    expect(m.loads()).toBe(5);
    // half full: a new key is loaded at each of its first two asks, and kept at the second
    await m.get(77);
    await m.get(77);
    expect(m.loads()).toBe(7);
    for (let i = 0; i < 5; i++) expect(await m.get(77)).toBe(77);
    expect(m.loads()).toBe(7);
  });

  it('lets keys asked once pass without pushing out a value asked for again', async () => {
    const m = counting(new Memo<number>(60_000, () => 0, 10, undefined, true));
    await m.get('hot');
    for (let k = 0; k < 1_000; k++) expect(await m.get(k)).toBe(k);
    const before = m.loads();
    await m.get('hot');
    expect(m.loads()).toBe(before);
    // a key asked again soon after its first ask is kept; one asked again long after (about 2 x
    // max new keys later) starts over
    await m.get(999);
    await m.get(999);
    expect(m.loads()).toBe(before + 1);
    await m.get(10);
    await m.get(10);
    await m.get(10);
    expect(m.loads()).toBe(before + 3);
  });

  it('keeps a new key only when it is asked again within a value’s life of its first ask', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const start = Date.now();
      const m = counting(new Memo<number>(1_000, () => 0, 10, undefined, true));
      for (let k = 0; k < 5; k++) await m.get(k);
      const half = m.loads();
      // asked every 1.5 s, each time after a value's life: a kept value would be past its time at
      // every ask, so each ask loads and nothing is kept
      for (let i = 0; i < 4; i++) {
        vi.setSystemTime(start + i * 1_500);
        expect(await m.get(77)).toBe(77);
      }
      expect(m.loads()).toBe(half + 4);
      // asked again within a life of the last ask: kept, and answered without a load while fresh
      vi.setSystemTime(start + 3 * 1_500 + 900);
      expect(await m.get(77)).toBe(77);
      expect(m.loads()).toBe(half + 5);
      for (let i = 0; i < 3; i++) expect(await m.get(77)).toBe(77);
      expect(m.loads()).toBe(half + 5);
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps again at once the value of a key asked lately that a write dropped, however long ago its first ask', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const start = Date.now();
      const tales = new TaleDependencies();
      const m = new Memo<string>(1_000, () => 0, 10, tales, true);
      for (let k = 0; k < 5; k++) await m.get(String(k), async () => 'other');
      let text = 'one';
      const load = vi.fn(async () => {
        tales.use([7]);
        return text;
      });
      // asked twice: kept
      expect(await m.get('hot', load)).toBe('one');
      expect(await m.get('hot', load)).toBe('one');
      expect(load).toHaveBeenCalledTimes(2);
      // long after its first ask, a write drops it: asked again, it is loaded once and kept
      vi.setSystemTime(start + 5_000);
      text = 'two';
      tales.taleChanged(7);
      for (let i = 0; i < 4; i++) expect(await m.get('hot', load)).toBe('two');
      expect(load).toHaveBeenCalledTimes(3);
    } finally {
      vi.useRealTimers();
    }
  });

  it('counts itself half full when half its budget is taken, however few its entries', async () => {
    const memo = new Memo<number>(60_000, () => 0, 1_000, undefined, true, { budget: { weigh: () => 100, bytes: 10_000 } });
    const m = counting(memo);
    for (let k = 0; k < 50; k++) await m.get(k);
    await new Promise((r) => setTimeout(r, 0));
    expect(m.loads()).toBe(50);
    // 50 of 1,000 entries, but half the budget: a new key is kept only at its second ask
    await m.get(77);
    await m.get(77);
    await m.get(77);
    expect(m.loads()).toBe(52);
  });

  it('names the tales of a value it did not keep to the load it ran inside of', async () => {
    const tales = new TaleDependencies();
    const pages = new Memo<string>(60_000, () => 0, 100, tales, true);
    const answers = new Memo<string>(60_000, () => 0, 100, tales);
    for (let k = 0; k < 50; k++) await pages.get(`other ${k}`, async () => 'other');
    let text = 'one';
    const page = vi.fn(async () => {
      tales.use([7]);
      return text;
    });
    const answer = vi.fn(async () => `answer(${await pages.get('P', page)})`);
    expect(await answers.get('A', answer)).toBe('answer(one)');
    expect(await answers.get('A', answer)).toBe('answer(one)');
    expect(answer).toHaveBeenCalledTimes(1);
    text = 'two';
    tales.taleChanged(7);
    expect(await answers.get('A', answer)).toBe('answer(two)');
  });
});

describe("values loaded on demand within a budget (shared feed pages, visitors' answers)", () => {
  const budgeted = (bytes: number) =>
    new Memo<{ id: number; size: number }>(60_000, () => 0, 1_000, undefined, false, { budget: { weigh: (v) => v.size, bytes } });
  const settle = () => new Promise((r) => setTimeout(r, 0));
  /** Whether the memo answers the key without loading it again. */
  const kept = async (memo: Memo<{ id: number; size: number }>, key: string) => {
    const again = vi.fn(async () => ({ id: -1, size: 1 }));
    await memo.get(key, again);
    return again.mock.calls.length === 0;
  };

  it('keeps what it loads until the budget is full, then lets the oldest go, never holding more than the budget', async () => {
    const memo = budgeted(10_000);
    for (let k = 1; k <= 100; k++) await memo.get(String(k), async () => ({ id: k, size: 100 }));
    await settle();
    for (let k = 1; k <= 100; k++) expect(await kept(memo, String(k)), `key ${k}`).toBe(true);
    await memo.get('101', async () => ({ id: 101, size: 100 }));
    await settle();
    expect(await kept(memo, '101')).toBe(true);
    expect(await kept(memo, '1')).toBe(false);
    let held = 0;
    for (let k = 2; k <= 100; k++) if (await kept(memo, String(k))) held++;
    // '1' was loaded again above (size 1), so it takes a little room too
    expect((held + 1) * 100).toBeLessThanOrEqual(10_000);
    expect(held).toBeGreaterThan(80);
  });

  it('answers a value over a hundredth of the budget without keeping it', async () => {
    const memo = budgeted(10_000);
    const load = vi.fn(async () => ({ id: 7, size: 101 }));
    expect(await memo.get('big', load)).toEqual({ id: 7, size: 101 });
    await settle();
    expect(await memo.get('big', load)).toEqual({ id: 7, size: 101 });
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('does not let a value still loading go to make room: its callers share the one load, and it is kept', async () => {
    const memo = budgeted(1_000);
    let finish!: (v: { id: number; size: number }) => void;
    const slow = vi.fn(() => new Promise<{ id: number; size: number }>((r) => (finish = r)));
    const first = memo.get('slow', slow);
    for (let k = 1; k <= 150; k++) await memo.get(String(k), async () => ({ id: k, size: 10 }));
    await settle();
    const second = memo.get('slow', slow);
    finish({ id: 0, size: 10 });
    expect(await first).toEqual({ id: 0, size: 10 });
    expect(await second).toEqual({ id: 0, size: 10 });
    expect(slow).toHaveBeenCalledTimes(1);
    await settle();
    expect(await kept(memo, 'slow')).toBe(true);
  });
});

describe('values put one by one (a memo with a budget: the rows of search pages)', () => {
  const budgeted = (bytes: number, tales?: TaleDependencies, kept?: (v: { id: number; size: number }) => void) =>
    new Memo<{ id: number; size: number }>(60_000, () => 0, 1_000, tales, false, { budget: { weigh: (v) => v.size, bytes }, kept });

  it('answers what was put, until a change to what it shows drops it', () => {
    const tales = new TaleDependencies();
    const memo = budgeted(10_000, tales);
    expect(memo.peek('1')).toBeUndefined();
    memo.put('1', { id: 1, size: 10 }, [1, 'user:7'], memo.begin());
    memo.put('2', { id: 2, size: 10 }, [2, 'user:7'], memo.begin());
    expect(memo.peek('1')).toEqual({ id: 1, size: 10 });
    tales.taleChanged(1);
    expect(memo.peek('1')).toBeUndefined();
    expect(memo.peek('2')).toEqual({ id: 2, size: 10 });
    tales.userChanged(7);
    expect(memo.peek('2')).toBeUndefined();
  });

  it('never keeps a value read before a change to what it shows', () => {
    const tales = new TaleDependencies();
    const memo = budgeted(10_000, tales);
    const since = memo.begin();
    tales.taleChanged(3);
    memo.put('3', { id: 3, size: 10 }, [3], since);
    expect(memo.peek('3')).toBeUndefined();
    // a change to another tale does not keep it out
    const later = memo.begin();
    tales.taleChanged(4);
    memo.put('3', { id: 3, size: 10 }, [3], later);
    expect(memo.peek('3')).toEqual({ id: 3, size: 10 });
  });

  it('lets the least used go when its budget is full, and keeps nothing over a hundredth of it', () => {
    const memo = budgeted(10_000);
    for (let k = 1; k <= 100; k++) memo.put(String(k), { id: k, size: 100 }, [k], memo.begin());
    for (let k = 1; k <= 100; k++) expect(memo.peek(String(k))?.id).toBe(k);
    // 1 is used again, so 2 is the least used now
    expect(memo.peek('1')?.id).toBe(1);
    memo.put('101', { id: 101, size: 100 }, [101], memo.begin());
    expect(memo.peek('2')).toBeUndefined();
    expect(memo.peek('1')?.id).toBe(1);
    expect(memo.peek('101')?.id).toBe(101);
    let held = 0;
    for (let k = 1; k <= 101; k++) if (memo.peek(String(k))) held++;
    expect(held * 100).toBeLessThanOrEqual(10_000);
    expect(held).toBeGreaterThan(80);
    memo.put('big', { id: 999, size: 101 }, [999], memo.begin());
    expect(memo.peek('big')).toBeUndefined();
    expect(budgeted(0).peek('x')).toBeUndefined();
  });

  it('answers many keys at once, in their order, each as peek would, and counts each as used', () => {
    const tales = new TaleDependencies();
    const memo = budgeted(10_000, tales);
    for (let k = 1; k <= 100; k++) memo.put(String(k), { id: k, size: 100 }, [k], memo.begin());
    tales.taleChanged(50);
    expect(memo.peekAll(['3', 'none', '50', '1']).map((v) => v?.id)).toEqual([3, undefined, undefined, 1]);
    // full again, then over: the least used go, which are no longer 1 and 3 but 2 and 4
    memo.put('101', { id: 101, size: 100 }, [101], memo.begin());
    memo.put('102', { id: 102, size: 100 }, [102], memo.begin());
    expect(memo.peekAll(['1', '2', '3', '4', '101', '102']).map((v) => v?.id)).toEqual([1, undefined, 3, undefined, 101, 102]);
  });

  it('answers a value only within its life and its version, and tells what it keeps', () => {
    vi.useFakeTimers();
    let version = 0;
    const told: number[] = [];
    const memo = new Memo<{ id: number; size: number }>(1_000, () => version, 100, undefined, false, { kept: (v) => told.push(v.id) });
    memo.put('1', { id: 1, size: 1 }, [1], memo.begin());
    memo.put('2', { id: 2, size: 1 }, [2], memo.begin());
    expect(told).toEqual([1, 2]);
    expect(memo.peek('1')?.id).toBe(1);
    version = 1;
    expect(memo.peek('1')).toBeUndefined();
    memo.put('1', { id: 1, size: 1 }, [1], memo.begin());
    vi.advanceTimersByTime(1_001);
    expect(memo.peek('1')).toBeUndefined();
    // a value a load made is not one put: peek does not answer it
    const loaded = new Memo<number>(60_000, () => 0, 100);
    return loaded.get('k', async () => 5).then(() => expect(loaded.peek('k')).toBeUndefined());
  });
});

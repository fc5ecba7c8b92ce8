import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MSG } from '../../../common/messages';
import type { Notification } from '../../../common/schemas/conversation';
import type { Tale } from '../../../common/schemas/tale';
import { type Client, type TestApp, registered, startApp } from '../../test/harness';
import { setRole } from '../auth/service';
import { openStream, type SseEvent, type SseStream, tokenHeaders } from '../../test/sse';

/**
 * A gate on the unread-count reads the stream makes: armed, the next read runs, then waits with
 * what it found until the test opens the gate (a slow answer from the database, made certain).
 */
const gate = vi.hoisted(() => ({ armed: false, reached: null as null | (() => void), open: null as null | (() => void) }));
vi.mock('./service', async (load) => {
  const real = await load<typeof import('./service')>();
  return {
    ...real,
    unreadCounts: async (...args: Parameters<typeof real.unreadCounts>) => {
      const found = await real.unreadCounts(...args);
      if (gate.armed) {
        gate.armed = false;
        await new Promise<void>((resolve) => {
          gate.open = resolve;
          gate.reached?.();
        });
      }
      return found;
    },
  };
});

let app: TestApp;
const open: SseStream[] = [];
beforeAll(async () => {
  // a minute-long session cache: only events can end a stream or move a count at once
  app = await startApp({ NOTIFICATION_HEARTBEAT_MS: '300', SESSION_CACHE_MS: '60000', NOTIFICATION_STREAMS_MAX: '12' });
});
afterAll(async () => {
  for (const s of open) s.close();
  await app?.close();
});

async function post(c: Client): Promise<Tale> {
  const d = await c.get<Tale>('/tale/upsert');
  return (await c.post<Tale>('/tale/upsert', { id: d.body.data.id, header: 'Post', body: '<p>Body</p>' })).body.data;
}
const comment = async (c: Client, answerTo: number, body = '<p>Hi</p>') =>
  (await c.post<Tale>('/tale/upsert', { answer_to_tale_id: answerTo, body })).body.data;

async function stream(c: Client | null, headers: Record<string, string> = {}, query = ''): Promise<SseStream> {
  const s = await openStream(`${app.url}/api/notification/stream${query}`, { ...(c ? tokenHeaders(c) : {}), ...headers });
  open.push(s);
  return s;
}
const isCount = (n: number) => (e: SseEvent) => e.event === 'count' && JSON.parse(e.data).count === n;
const isNotification = (e: SseEvent) => e.event === 'notification';

describe('the live notification stream', () => {
  it('refuses a visitor with 401, as every call for users', async () => {
    const s = await stream(null);
    expect(s.status).toBe(401);
    expect(JSON.parse(s.text as string).messages[0].templateString).toBe(MSG.loginFirst);
  });

  it('sends the unread count at once, then each new notification and the new count as they are committed', async () => {
    const author = await registered(app);
    const reader = await registered(app);
    const p = await post(author);
    const s = await stream(author);
    expect(s.status).toBe(200);
    expect(s.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(s.headers.get('cache-control')).toBe('no-store');
    // the site's security headers are on the stream too
    expect(s.headers.get('x-content-type-options')).toBe('nosniff');
    await s.next(isCount(0));

    const c = await comment(reader, p.id);
    const n = await s.next(isNotification);
    const sent = JSON.parse(n.data) as Notification;
    expect(sent).toMatchObject({
      from_id: reader.id,
      txt: MSG.youAreCommented,
      is_shown: 0,
      link: `/tale/upsert/${p.id}?highlight=${c.id}&expand=${c.id}`,
    });
    expect(n.id).toBe(String(sent.id));
    await s.next(isCount(1));

    // reading them (another tab, or the list page) moves the count here too (counted from before
    // the request: the new count may reach the stream before the request's own answer does)
    const before = s.events.length;
    await author.get(`/notification/MarkAsShownEarlierThan/${sent.created_at}`);
    await s.next(isCount(0), 3_000, before);
  });

  it('never sends a count older than one it sent: a comment committed while a new stream reads its first count', async () => {
    const author = await registered(app);
    const reader = await registered(app);
    const p = await post(author);
    // the new stream's first count is read (0) and held back; the comment commits meanwhile
    const reached = new Promise<void>((resolve) => {
      gate.reached = resolve;
    });
    gate.armed = true;
    const s = await stream(author);
    await reached;
    await comment(reader, p.id);
    await s.next(isCount(1));
    // the held read (0) arrives late: it must not take the badge back to 0
    gate.open?.();
    await comment(reader, p.id);
    await s.next(isCount(2));
    const counts = s.events.filter((e) => e.event === 'count').map((e) => JSON.parse(e.data).count);
    expect(counts).toEqual([1, 2]);
  });

  it('resumes from Last-Event-ID with what was missed, oldest first, or from ?lastEventId= for a new stream', async () => {
    const author = await registered(app);
    const p = await post(author);
    const first = await stream(author);
    await first.next(isCount(0));
    const a = await registered(app);
    await comment(a, p.id);
    const seen = await first.next(isNotification);
    first.close();

    // away: two more people comment
    const b = await registered(app);
    const c = await registered(app);
    await comment(b, p.id);
    await comment(c, p.id);

    const again = await stream(author, { 'last-event-id': seen.id as string });
    await again.next(isCount(3));
    const missed = again.events.filter(isNotification).map((e) => (JSON.parse(e.data) as Notification).from_id);
    expect(missed).toEqual([b.id, c.id]);

    const byQuery = await stream(author, {}, `?lastEventId=${seen.id}`);
    await byQuery.next(isCount(3));
    expect(byQuery.events.filter(isNotification)).toHaveLength(2);

    // a new stream without a resume point sends no old notification, only the count
    const fresh = await stream(author);
    await fresh.next(isCount(3));
    expect(fresh.events.filter(isNotification)).toHaveLength(0);
  });

  it('answers a malformed resume point 400 naming the field, and holds no stream for it', async () => {
    const u = await registered(app);
    for (const [headers, query, field] of [
      [{ 'last-event-id': 'abc' }, '', 'Last-Event-ID'],
      [{ 'last-event-id': '-1' }, '', 'Last-Event-ID'],
      [{}, '?lastEventId=1e3', 'lastEventId'],
      [{}, `?lastEventId=${'9'.repeat(16)}`, 'lastEventId'],
    ] as const) {
      const s = await stream(u, headers, query);
      expect(s.status).toBe(400);
      const body = JSON.parse(s.text as string);
      expect(body.messages[0]).toMatchObject({ templateString: MSG.lastEventIdInvalid, params: [field] });
    }
  });

  it('sends a heartbeat while nothing happens', async () => {
    const u = await registered(app);
    const s = await stream(u);
    await s.next((e) => e.event === 'comment', 2_000);
  });

  it('ends with event end when its session ends: a logout elsewhere, a ban', async () => {
    const u = await registered(app);
    const s = await stream(u);
    await s.next(isCount(0));
    await u.post('/auth/logout', { form_id: 'actionLogout' });
    const end = await s.next((e) => e.event === 'end');
    expect(JSON.parse(end.data)).toEqual({ reason: 'session' });
    await s.ended;

    // a token that no longer signs in gets no new stream
    const again = await openStream(`${app.url}/api/notification/stream`, { token: u.token ?? '' });
    expect(again.status).toBe(401);

    const admin = await registered(app);
    await setRole(app.deps, admin.id, 'admin', true);
    const v = await registered(app);
    const vs = await stream(v);
    await vs.next(isCount(0));
    await admin.post(`/admin/users/${v.id}/ban`, { banned_till: Math.floor(Date.now() / 1000) + 3600 });
    expect(JSON.parse((await vs.next((e) => e.event === 'end')).data)).toEqual({ reason: 'session' });
    await vs.ended;
  });

  it('keeps at most 8 streams per user (the oldest ends) and NOTIFICATION_STREAMS_MAX per server (then 503 with Retry-After)', async () => {
    for (const s of open.splice(0)) s.close();
    await expect.poll(streamsHeld, { timeout: 3_000 }).toBe(0);

    const u = await registered(app);
    const mine: SseStream[] = [];
    for (let i = 0; i < 9; i++) {
      mine.push(await stream(u));
      await mine[i].next(isCount(0));
    }
    const replaced = await mine[0].next((e) => e.event === 'end');
    expect(JSON.parse(replaced.data)).toEqual({ reason: 'replaced' });
    await mine[0].ended;
    await expect.poll(streamsHeld, { timeout: 3_000 }).toBe(8);

    const others = await registered(app);
    for (let i = 0; i < 4; i++) await (await stream(others)).next(isCount(0));
    expect(await streamsHeld()).toBe(12);
    const refused = await stream(others);
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('30');
    expect(JSON.parse(refused.text as string).messages[0]).toMatchObject({ templateString: MSG.streamsFull, params: [30] });

    for (const s of open.splice(0)) s.close();
    await expect.poll(streamsHeld, { timeout: 3_000 }).toBe(0);
  });

  it('ends every stream when the server closes, so a restart waits neither for them nor for a connection never used', async () => {
    const own = await startApp({});
    try {
      const u = await registered(own);
      const s = await openStream(`${own.url}/api/notification/stream`, tokenHeaders(u));
      await s.next(isCount(0));
      // a spare connection, as browsers and proxies open: Node alone would wait a minute for it
      const { port } = new URL(own.url);
      const spare = net.connect(Number(port), '127.0.0.1');
      await new Promise((resolve) => spare.once('connect', resolve));
      const spareClosed = new Promise((resolve) => spare.once('close', resolve));
      spare.on('error', () => {});
      const started = Date.now();
      const closing = own.close();
      await s.ended;
      await closing;
      await spareClosed;
      expect(Date.now() - started).toBeLessThan(10_000);
    } finally {
      await own.close().catch(() => {});
    }
  });
});

/** How many streams the server says it holds (/healthz). */
async function streamsHeld(): Promise<number> {
  return ((await (await fetch(`${app.url}/healthz`)).json()) as { streams: number }).streams;
}

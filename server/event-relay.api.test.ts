import pg from 'pg';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../common/messages';
import type { Tale } from '../common/schemas/tale';
import type { Notification } from '../common/schemas/conversation';
import { channelFor, messagesOf } from './event-relay';
import { sql } from 'drizzle-orm';
import { type AppEvent, transact } from './events';
import { setRole } from './features/auth/service';
import {
  Client,
  DB_KIND,
  GOOD_PASSWORD,
  type TestApp,
  type TestSite,
  registered,
  startSite,
  templatesOf,
  uniqueMail,
  writeTale,
} from './test/harness';
import { openStream, tokenHeaders } from './test/sse';
import { TcpGate } from './test/tcp-gate';

/**
 * Two servers of one site on one PostgreSQL database, each with its own caches that keep pages and
 * sessions a whole minute: only the event relay can make a write on one show on the other at once.
 * Run over both transports: PostgreSQL LISTEN/NOTIFY, and Redis pub/sub when TEST_REDIS_URL is set.
 */
const redisUrl = process.env.TEST_REDIS_URL;
const LONG_CACHES = { FEED_CACHE_MS: '60000', SESSION_CACHE_MS: '60000' };
/** "At once": far below the minute the caches would otherwise keep, with room for a busy machine. */
const AT_ONCE = { timeout: 1_500, interval: 20 };

type Feed = { tale: Tale[] };
const feedHeaders = async (base: string) => (await new Client(base).get<Feed>('/tale/feed/100/1')).body.data.tale.map((t) => t.header);
const publish = (c: Client, header: string) => writeTale(c, { header, body: '<p>x</p>' });
/** The same user, logged in on another server with the same token. */
const on = (server: TestApp, c: Client) => Object.assign(new Client(server.url), { token: c.token, uid: c.uid });

async function adminQuery(url: string, q: string, params: unknown[] = []) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query(q, params)).rows;
  } finally {
    await c.end();
  }
}

const transports: [string, Record<string, string>][] = [
  ['postgres', {}],
  ...(redisUrl ? [['redis', { REDIS_URL: redisUrl }] as [string, Record<string, string>]] : []),
];

describe.runIf(DB_KIND === 'postgres').each(transports)('two servers over %s', (kind, env) => {
  let site: TestSite;
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    site = await startSite(2, { ...LONG_CACHES, ...env });
    [a, b] = site.servers;
  });
  afterAll(async () => site?.close());

  it('relays over the transport the configuration names, and says it is up', async () => {
    expect(a.deps.relay?.kind).toBe(kind);
    expect(b.deps.relay?.up).toBe(true);
    const health = await (await fetch(`${b.url}/healthz`)).json();
    expect(health).toMatchObject({ status: 'ok', down: [] });
  });

  it('a tale published on A shows in the feed B keeps for a minute, at once', async () => {
    const author = await registered(a);
    await publish(author, 'first');
    // B reads and keeps its page
    expect(await feedHeaders(b.url)).toContain('first');
    await publish(author, 'second on A');
    await expect.poll(() => feedHeaders(b.url), AT_ONCE).toContain('second on A');
  });

  // A new tale is one statement whose events name the id it made (events.ts, transactOne): over
  // PostgreSQL they ride with its COMMIT in a second trip, over Redis they are sent after it.
  it('a new tale sent to A without an id shows in the feed B keeps, at once', async () => {
    const author = await registered(a);
    await publish(author, 'kept first');
    // B may still keep the page of the test before until A's events reach it
    await expect.poll(() => feedHeaders(b.url), AT_ONCE).toContain('kept first');
    const made = await author.post<Tale>('/tale/upsert', { header: 'new in one statement', body: '<p>x</p>' });
    expect(made.body.meta.alina_response_success).toBe(1);
    await expect.poll(() => feedHeaders(b.url), AT_ONCE).toContain('new in one statement');
  });

  it('a like on A shows in B’s tale and likers at once', async () => {
    const author = await registered(a);
    const fan = await registered(a);
    const tale = await publish(author, 'liked');
    const visitor = new Client(b.url);
    const count = async () => (await visitor.get<Tale>(`/tale/upsert/${tale.id}`)).body.data.count_like;
    expect(await count()).toBe(0);
    expect((await visitor.get<unknown[]>(`/like/selectlist/10/1/tale/${tale.id}`)).body.data).toHaveLength(0);
    await fan.post('/like/process', { ref_table: 'tale', ref_id: String(tale.id), val: '1', form_id: 'actionProcess' });
    await expect.poll(count, AT_ONCE).toBe(1);
    const likers = (await visitor.get<{ user_id: number }[]>(`/like/selectlist/10/1/tale/${tale.id}`)).body.data;
    expect(likers.map((l) => l.user_id)).toEqual([fan.id]);
  });

  it('a tale made a draft on A is refused to a like on B at once, though B checked it for a like a moment before; published again, liked at once', async () => {
    const author = await registered(a);
    const fan = on(b, await registered(a));
    const tale = await publish(author, 'liked, then hidden');
    const likeOnB = async () =>
      (await fan.post('/like/process', { ref_table: 'tale', ref_id: String(tale.id), val: '1', form_id: 'actionProcess' })).status;
    expect(await likeOnB()).toBe(200);
    const save = async (is_draft: number) => {
      const saved = await author.post('/tale/upsert', { id: tale.id, is_draft, form_id: 'actionUpsert' });
      expect(saved.body.meta.alina_response_success).toBe(1);
    };
    await save(1);
    await expect.poll(likeOnB, AT_ONCE).toBe(404);
    await save(0);
    await expect.poll(likeOnB, AT_ONCE).toBe(200);
  });

  it('what a notification says on B follows an edit of its comment and a hiding of its post made on A at once, though B kept it a moment before', async () => {
    const author = await registered(a);
    const commenter = await registered(a);
    const tale = await publish(author, 'noted on B');
    const c = (
      await commenter.post<Tale>('/tale/upsert', {
        answer_to_tale_id: tale.id,
        body: '<p>before the edit</p>',
        form_id: 'actionCommentAdd',
      })
    ).body.data;
    /** What the reader's newest notification says, read on B. */
    const newestOnB = async (reader: Client) => {
      const [n] = (await on(b, reader).get<Notification[]>('/notification/SelectListLatest/10/1')).body.data;
      return [n.tale_id, n.root_header, n.excerpt];
    };
    const saysOnB = () => newestOnB(author);
    expect(await saysOnB()).toEqual([c.id, 'noted on B', 'before the edit']);
    await commenter.post(`/tale/upsert/${c.id}`, { body: '<p>after the edit</p>', form_id: 'actionUpsert' });
    await expect.poll(saysOnB, AT_ONCE).toEqual([c.id, 'noted on B', 'after the edit']);
    // the post hidden on A: its commenter, reading on B, no longer sees its header or the words
    const answer = (
      await author.post<Tale>('/tale/upsert', { answer_to_tale_id: c.id, body: '<p>an answer</p>', form_id: 'actionCommentAdd' })
    ).body.data;
    const toCommenter = () => newestOnB(commenter);
    expect(await toCommenter()).toEqual([answer.id, 'noted on B', 'an answer']);
    expect(
      (await author.post('/tale/upsert', { id: tale.id, is_draft: 1, form_id: 'actionUpsert' })).body.meta.alina_response_success,
    ).toBe(1);
    await expect.poll(toCommenter, AT_ONCE).toEqual([answer.id, '', '']);
  });

  it('tells B what a transaction changed when it commits: nothing while it is open, nothing of one rolled back', async () => {
    const heard: AppEvent[] = [];
    const stop = b.deps.events.subscribe((event, origin) => {
      if (origin.remote) heard.push(event);
    });
    try {
      const undone: AppEvent = { type: 'tale.changed', taleId: 2_000_000_001 };
      const kept: AppEvent = { type: 'tale.changed', taleId: 2_000_000_002 };
      await expect(
        transact(a.deps, async (tx, emit) => {
          emit(undone);
          await tx.execute(sql`select 1`);
          throw new Error('changed its mind');
        }),
      ).rejects.toThrow('changed its mind');
      let finish = () => {};
      const open = new Promise<void>((resolve) => {
        finish = resolve;
      });
      const writing = transact(a.deps, async (tx, emit) => {
        emit(kept);
        await tx.execute(sql`select 1`);
        await open;
      });
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(heard).toEqual([]);
      finish();
      await writing;
      await expect.poll(() => heard, AT_ONCE).toContainEqual(kept);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(heard).not.toContainEqual(undone);
    } finally {
      stop();
    }
  });

  it('a ban made on A refuses the user’s next write on B; a logout on A makes the token a guest on B', async () => {
    const admin = await registered(a);
    await setRole(a.deps, admin.id, 'admin', true);
    const user = await registered(a);
    const onB = on(b, user);
    // B resolves the session and keeps it for a minute
    expect((await onB.get(`/auth/profile/${user.id}`)).body.CurrentUser.id).toBe(user.id);
    await admin.post(`/admin/users/${user.id}/ban`, { banned_till: Math.floor(Date.now() / 1000) + 3600 });
    // the ban ended the user's sessions: B, which kept the session for a minute, no longer knows it
    // (as soon as the message has crossed: a request sent in the same millisecond may still beat it)
    await expect.poll(async () => (await on(b, user).get(`/auth/profile/${user.id}`)).body.CurrentUser.id, AT_ONCE).toBeNull();
    const write = await on(b, user).post('/tale/upsert', { header: 'x', body: '<p>x</p>', form_id: 'actionUpsert' });
    expect(write.status).toBe(401);
    expect(templatesOf(write)).toContain(MSG.loginFirst);

    const other = await registered(a);
    const otherOnB = on(b, other);
    expect((await otherOnB.get(`/auth/profile/${other.id}`)).body.CurrentUser.id).toBe(other.id);
    await other.post('/auth/logout', { form_id: 'actionLogout' });
    const guest = async () =>
      (await new Client(b.url).get(`/auth/profile/${other.id}`, { headers: { token: otherOnB.token as string } })).body.CurrentUser.id;
    await expect.poll(guest, AT_ONCE).toBeNull();
  });

  it('a password changed on A ends the user’s other sessions on B at once', async () => {
    const user = await registered(a);
    // a second session, kept by B for a minute
    const elsewhere = new Client(b.url);
    await elsewhere.post('/auth/login', { mail: user.mail, password: GOOD_PASSWORD, form_id: 'login' });
    expect((await elsewhere.get(`/auth/profile/${user.id}`)).body.CurrentUser.id).toBe(user.id);
    const changed = await user.post('/auth/ChangePassword', {
      password: 'new-password-4471',
      confirm_password: 'new-password-4471',
      form_id: 'actionChangePassword',
    });
    expect(changed.body.meta.alina_response_success).toBe(1);
    const token = elsewhere.token as string;
    const onB = async () => (await new Client(b.url).get(`/auth/profile/${user.id}`, { headers: { token } })).body.CurrentUser.id;
    await expect.poll(onB, AT_ONCE).toBeNull();
  });

  it('a role given on A is a role on B at once', async () => {
    const admin = await registered(a);
    await setRole(a.deps, admin.id, 'admin', true);
    const mod = await registered(a);
    const modOnB = on(b, mod);
    expect((await modOnB.get('/AdminDbManager/DbTablesColumnsInfo')).status).toBe(403);
    await admin.post(`/admin/users/${mod.id}/roles`, { role: 'moderator', on: true, form_id: 'actionUserRole' });
    await expect.poll(async () => (await on(b, mod).get('/AdminDbManager/DbTablesColumnsInfo')).status, AT_ONCE).toBe(200);
  });

  it('a comment made on A reaches the live stream a user holds on B', async () => {
    const author = await registered(a);
    const reader = await registered(a);
    const tale = await publish(author, 'streamed');
    const s = await openStream(`${b.url}/api/notification/stream`, tokenHeaders(author));
    try {
      await s.next((e) => e.event === 'count');
      await reader.post('/tale/upsert', { answer_to_tale_id: tale.id, body: '<p>hi</p>', form_id: 'actionCommentAdd' });
      const n = await s.next((e) => e.event === 'notification', 1_500);
      expect(JSON.parse(n.data)).toMatchObject({ from_id: reader.id, txt: MSG.youAreCommented });
      await s.next((e) => e.event === 'count' && JSON.parse(e.data).count === 1, 1_500);
    } finally {
      s.close();
    }
  });

  it('ignores a message it cannot read, an event it does not know (keeping the rest of its message), and one of its own, and goes on', async () => {
    const heard: AppEvent[] = [];
    const off = b.deps.events.subscribe((e, origin) => {
      if (origin.remote) heard.push(e);
    });
    try {
      const junk = [
        'not json',
        '{"from":"x","events":[{"type":"user.changed","userId":"1; drop"}]}',
        '{"from":"x","events":[{"type":"nope"}]}',
        // a newer server's event beside one this server knows (a rolling upgrade): the known one still arrives
        '{"from":"x","events":[{"type":"tale.renamed-in-a-later-version","taleId":1},{"type":"user.changed","userId":424242}]}',
      ];
      if (kind === 'postgres') {
        for (const j of junk) await adminQuery(site.databaseUrl, 'select pg_notify($1, $2)', [b.config.EVENTS_CHANNEL, j]);
      } else {
        const r = new Redis(redisUrl as string);
        const channel = channelFor(b.config.EVENTS_CHANNEL, site.databaseUrl);
        for (const j of junk) await r.publish(channel, j);
        r.disconnect();
      }
      const author = await registered(a);
      await publish(author, 'after junk');
      await expect.poll(() => feedHeaders(b.url), AT_ONCE).toContain('after junk');
      expect(heard.every((e) => e.type !== ('nope' as string) && e.type !== ('tale.renamed-in-a-later-version' as string))).toBe(true);
      expect(heard.filter((e) => e.type === 'user.changed' && e.userId === 424242)).toHaveLength(1);
      expect(heard.some((e) => e.type === 'user.changed' && e.userId === ('1; drop' as unknown as number))).toBe(false);
      // a published tale crosses as the lists it moved (B's feed may have shown it before they came,
      // read afresh from the database if B kept no page of it)
      await expect
        .poll(
          () => heard.some((e) => e.type === 'lists.changed' && e.lists.includes('feed') && e.lists.includes(`author:${author.id}`)),
          AT_ONCE,
        )
        .toBe(true);
    } finally {
      off();
    }
  });
});

describe.runIf(DB_KIND === 'postgres')('the relay cut off', () => {
  it('on PostgreSQL: listeners ended by the server come back by themselves, and what was missed is dropped', async () => {
    const site = await startSite(2, LONG_CACHES);
    try {
      const [a, b] = site.servers;
      const author = await registered(a);
      await publish(author, 'before the cut');
      expect(await feedHeaders(b.url)).toContain('before the cut');
      const dbName = new URL(site.databaseUrl).pathname.slice(1);
      const ended = await adminQuery(
        site.databaseUrl,
        `select pg_terminate_backend(pid) as ok from pg_stat_activity where application_name = 'tales-event-relay' and datname = $1`,
        [dbName],
      );
      expect(ended).toHaveLength(2);
      // written while nobody listens: the message is lost, B drops everything when it listens again
      await publish(author, 'during the cut');
      await expect.poll(() => feedHeaders(b.url), { timeout: 5_000, interval: 50 }).toContain('during the cut');
      await expect.poll(() => b.deps.relay?.up, { timeout: 5_000 }).toBe(true);
      await expect.poll(() => a.deps.relay?.up, { timeout: 5_000 }).toBe(true);
      await publish(author, 'after the cut');
      await expect.poll(() => feedHeaders(b.url), AT_ONCE).toContain('after the cut');
    } finally {
      await site.close();
    }
  });

  it.runIf(redisUrl)('on Redis: while B cannot hear, its caches live a second, not a minute; back, it hears at once again', async () => {
    const target = new URL(redisUrl as string);
    const gate = new TcpGate({ host: target.hostname, port: Number(target.port || 6379) });
    await gate.open();
    const site = await startSite(2, (i) => ({
      ...LONG_CACHES,
      REDIS_URL: i === 1 ? `redis://127.0.0.1:${gate.port}` : (redisUrl as string),
    }));
    try {
      const [a, b] = site.servers;
      const author = await registered(a);
      await publish(author, 'kept');
      expect(await feedHeaders(b.url)).toContain('kept');

      await gate.cut();
      await expect.poll(() => b.deps.relay?.up, { timeout: 3_000 }).toBe(false);
      await publish(author, 'written while B is deaf');
      const started = Date.now();
      await expect.poll(() => feedHeaders(b.url), { timeout: 5_000, interval: 50 }).toContain('written while B is deaf');
      expect(Date.now() - started).toBeLessThan(5_000);

      await gate.open();
      await expect.poll(() => b.deps.relay?.up, { timeout: 10_000, interval: 100 }).toBe(true);
      await publish(author, 'heard again');
      await expect.poll(() => feedHeaders(b.url), AT_ONCE).toContain('heard again');
    } finally {
      await site.close();
      await gate.cut();
    }
  });
});

describe.runIf(DB_KIND === 'postgres' && redisUrl)('limits shared by the servers of one site', () => {
  it('10 wrong logins spread over both servers hit the limit as one; another site on the same Redis is not limited by them', async () => {
    const site = await startSite(2, { REDIS_URL: redisUrl as string, RATE_LOGIN_PER_MAIL: '10' });
    try {
      const mail = uniqueMail('shared');
      await registered(site.servers[0], mail);
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++) {
        const server = site.servers[i % 2];
        const r = await new Client(server.url).post('/auth/login', { mail, password: `${GOOD_PASSWORD}-wrong`, form_id: 'login' });
        statuses.push(r.status);
      }
      expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
      expect(statuses[10]).toBe(429);
      // the right password is refused too until the window passes, on either server
      const right = await new Client(site.servers[1].url).post('/auth/login', { mail, password: GOOD_PASSWORD, form_id: 'login' });
      expect(right.status).toBe(429);

      // another site on the same Redis (its own database) keeps its own counters
      const other = await startSite(1, { REDIS_URL: redisUrl as string, RATE_LOGIN_PER_MAIL: '10' });
      try {
        await registered(other.servers[0], mail);
        const there = await new Client(other.servers[0].url).post('/auth/login', { mail, password: GOOD_PASSWORD, form_id: 'login' });
        expect(there.status).toBe(200);
      } finally {
        await other.close();
      }
    } finally {
      await site.close();
    }
  });
});

describe('messages between servers', () => {
  it('splits a commit’s events into messages NOTIFY can carry, losing none', () => {
    const events: AppEvent[] = Array.from({ length: 2_000 }, (_, i) => ({ type: 'tale.changed', taleId: i + 1 }));
    const messages = messagesOf('server-1', events);
    expect(messages.length).toBeGreaterThan(1);
    for (const m of messages) expect(Buffer.byteLength(m)).toBeLessThan(8_000);
    expect(messages.flatMap((m) => JSON.parse(m).events)).toEqual(events);
  });
});

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tale } from '../common/schemas/tale';
import { buildApp, type BuiltApp } from './app';
import { queryRows } from './db/client';
import { type AppEvent, transact } from './events';
import { Client, type TestApp, registered, startApp, writeTale } from './test/harness';

let app: TestApp;
beforeAll(async () => {
  // Caches that would keep entries for a minute: only events can make a change show at once.
  app = await startApp({ FEED_CACHE_MS: '60000', SESSION_CACHE_MS: '60000' });
});
afterAll(async () => app?.close());

type Feed = { tale: Tale[] };
const feedHeaders = async (base: string) => (await new Client(base).get<Feed>('/tale/feed/100/1')).body.data.tale.map((t) => t.header);

const publish = (c: Client, header: string) => writeTale(c, { header, body: '<p>x</p>' });

describe('transact and the event bus', () => {
  it('publishes a transaction’s events once it committed, and none when it rolled back', async () => {
    const heard: { event: AppEvent; committed: boolean }[] = [];
    const off = app.deps.events.subscribe(async (event) => {
      // What the listener reads on another connection: the write is visible, so it committed.
      const [row] = await queryRows<{ n: number }>(app.deps.db, sql`select count(*)::int as n from tales where header = 'evt'`);
      heard.push({ event, committed: Number(row.n) > 0 });
    });
    try {
      const author = await registered(app);
      await expect(
        transact(app.deps, async (tx, emit) => {
          await tx.execute(sql`insert into tales (owner_id, type, header) values (${author.id}, 'POST', 'evt')`);
          emit({ type: 'feed.changed' });
          throw new Error('rolled back');
        }),
      ).rejects.toThrow('rolled back');
      expect(heard).toEqual([]);

      await transact(app.deps, async (tx, emit) => {
        await tx.execute(sql`insert into tales (owner_id, type, header) values (${author.id}, 'POST', 'evt')`);
        emit({ type: 'feed.changed' });
        emit({ type: 'feed.changed' }); // told once
        emit({ type: 'user.changed', userId: author.id });
      });
      expect(heard).toEqual([
        { event: { type: 'feed.changed' }, committed: true },
        { event: { type: 'user.changed', userId: author.id }, committed: true },
      ]);
    } finally {
      off();
    }
  });

  it('a listener that fails is logged; the write stands and the others still hear it', async () => {
    const heard: string[] = [];
    const offA = app.deps.events.subscribe(() => {
      throw new Error('listener broke');
    });
    const offB = app.deps.events.subscribe((e) => {
      heard.push(e.type);
    });
    try {
      const n = await transact(app.deps, async (_tx, emit) => {
        emit({ type: 'users.changed' });
        return 42;
      });
      expect(n).toBe(42);
      expect(heard).toEqual(['users.changed']);
    } finally {
      offA();
      offB();
    }
  });
});

describe('caches live per app', () => {
  let second: BuiltApp;
  let secondUrl: string;
  beforeAll(async () => {
    // A second app on the same database in the same process: another server, as far as caches go.
    second = await buildApp(app.config, { database: app.database });
    secondUrl = await second.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => second?.app.close());

  it('a write shows at once on the app that made it, and the other app keeps its own entries', async () => {
    const author = await registered(app);
    await publish(author, 'before');
    // Both apps cache the feed page as it is now.
    expect(await feedHeaders(app.url)).toContain('before');
    expect(await feedHeaders(secondUrl)).toContain('before');

    await publish(author, 'after');
    // The app that wrote it dropped its page on the write's event…
    expect(await feedHeaders(app.url)).toContain('after');
    // …the other app was not told (no shared module state): it answers its page until it expires.
    expect(await feedHeaders(secondUrl)).not.toContain('after');
    // Its own events drop its own caches.
    await second.deps.events.publish([{ type: 'feed.changed' }]);
    expect(await feedHeaders(secondUrl)).toContain('after');
  });

  it('a session ended on one app is dropped from that app’s cache at once', async () => {
    const user = await registered(app);
    const token = user.token ?? '';
    expect((await new Client(app.url).get('/notification/count', { headers: { token } })).status).toBe(200);
    await user.post('/auth/logout', { form_id: 'actionLogout' });
    const after = await new Client(app.url).get('/notification/count', { headers: { token } });
    expect(after.status).toBe(401);
  });
});

describe('what a saved tale drops', () => {
  it("only the lists it is or was in, and searches: other authors' and hashtags' lists and other tales stay kept", async () => {
    const a = await registered(app);
    const b = await registered(app);
    const mine = await writeTale(a, { header: 'Mine', body: '<p>#alpha</p>' });
    const theirs = await writeTale(b, { header: 'Theirs', body: '<p>#beta</p>' });
    const v = new Client(app.url);
    const headersOf = async (q: string) => (await v.get<Feed>(`/tale/feed/100/1?${q}`)).body.data.tale.map((t) => t.header);
    const totalOf = async (q: string) => ((await v.get<Feed>(`/tale/feed/1/1?${q}`)).body.meta.tale as { rowsTotal: number }).rowsTotal;
    const tag = (t: string) => `txt=${encodeURIComponent(`#${t}`)}`;
    const theirPage = async () => (await v.get<Tale>(`/tale/upsert/${theirs.id}`)).body.data.header;
    // read, and so kept: b's list, #beta, b's tale, and #alpha (which a's edit will leave)
    expect(await headersOf(`owner=${b.id}`)).toEqual(['Theirs']);
    expect(await headersOf(tag('beta'))).toEqual(['Theirs']);
    expect(await headersOf(tag('alpha'))).toEqual(['Mine']);
    expect(await headersOf(`owner=${a.id}`)).toEqual(['Mine']);
    expect(await headersOf('txt=edited')).toEqual([]);
    expect([await totalOf(tag('alpha')), await totalOf(`owner=${a.id}`), await totalOf(tag('delta'))]).toEqual([1, 1, 0]);
    expect(await theirPage()).toBe('Theirs');
    // b's tale changed behind the app's back (no event): only a drop would show it
    await queryRows(app.deps.db, sql`update tales set header = 'Theirs, unannounced' where id = ${theirs.id}`);
    // a publishes a tale with #gamma and moves theirs from #alpha to #delta
    await writeTale(a, { header: 'Fresh', body: '<p>#gamma</p>' });
    await a.post(`/tale/upsert/${mine.id}`, { header: 'Mine, edited', body: '<p>#delta</p>' });
    // everything the saves can change shows them at once
    expect(await headersOf(`owner=${a.id}`)).toEqual(['Fresh', 'Mine, edited']);
    expect(await headersOf(tag('gamma'))).toEqual(['Fresh']);
    expect(await headersOf(tag('alpha'))).toEqual([]);
    expect(await headersOf(tag('delta'))).toEqual(['Mine, edited']);
    expect(await headersOf('txt=edited')).toEqual(['Mine, edited']);
    expect([await totalOf(tag('alpha')), await totalOf(`owner=${a.id}`), await totalOf(tag('delta'))]).toEqual([0, 2, 1]);
    expect((await headersOf(''))[0]).toBe('Fresh');
    // what they cannot change is still kept
    expect(await headersOf(`owner=${b.id}`)).toEqual(['Theirs']);
    expect(await headersOf(tag('beta'))).toEqual(['Theirs']);
    expect(await theirPage()).toBe('Theirs');
    // a change to b's tale itself drops what shows it
    await b.post(`/tale/upsert/${theirs.id}`, { header: 'Theirs, told' });
    expect(await headersOf(`owner=${b.id}`)).toEqual(['Theirs, told']);
    expect(await headersOf(tag('beta'))).toEqual(['Theirs, told']);
    expect(await theirPage()).toBe('Theirs, told');
  });
});

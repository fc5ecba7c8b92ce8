import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tale } from '../common/schemas/tale';
import { buildApp, type BuiltApp } from './app';
import { queryRows } from './db/client';
import { type AppEvent, transact } from './events';
import { Client, type TestApp, registered, startApp, writeTale } from './test/harness';
import { setRole } from './features/auth/service';

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

describe("what a list's past days are kept until", () => {
  it('a new post today leaves the past days kept; a write to a post on a past day drops them', async () => {
    const a = await registered(app);
    const v = new Client(app.url);
    const q = `txt=${encodeURIComponent('#pastdays')}`;
    const totalOf = async () => ((await v.get<Feed>(`/tale/feed/1/1?${q}`)).body.meta.tale as { rowsTotal: number }).rowsTotal;
    const tenDaysAgo = Math.floor(Date.now() / 1000) - 10 * 86_400;
    const first = await writeTale(a, { header: 'Old one', body: '<p>#pastdays</p>', publish_at: tenDaysAgo });
    const second = await writeTale(a, { header: 'Old two', body: '<p>#pastdays</p>', publish_at: tenDaysAgo + 60 });
    expect(await totalOf()).toBe(2);
    // an old post leaves the list behind the app's back (the counting trigger runs, no event)
    await queryRows(app.deps.db, sql`update tales set is_draft = 1 where id = ${first.id}`);
    // a post today: only the recent days are read again, the past is still what was kept
    await writeTale(a, { header: 'New', body: '<p>#pastdays</p>' });
    expect(await totalOf()).toBe(3);
    // a write to a post on a past day reads the past again
    await a.post(`/tale/upsert/${second.id}`, { header: 'Old two, edited' });
    expect(await totalOf()).toBe(2);
  });
});

describe('what a delete or a rename drops', () => {
  const v = () => new Client(app.url);
  const headersOf = async (q: string) => (await v().get<Feed>(`/tale/feed/100/1?${q}`)).body.data.tale.map((t) => t.header);
  const totalOf = async (q: string) => ((await v().get<Feed>(`/tale/feed/1/1?${q}`)).body.meta.tale as { rowsTotal: number }).rowsTotal;
  const tag = (t: string) => `txt=${encodeURIComponent(`#${t}`)}`;
  const taleAnswer = (id: number) => v().get<Tale>(`/tale/upsert/${id}`);
  const headerOf = async (id: number) => (await taleAnswer(id)).body.data.header;
  const commentsOf = async (id: number) =>
    (await v().get<Feed>(`/tale/feed/100/1/${id}`)).body.data.tale.map((t) => `${t.owner_firstname}: ${t.body_txt}`);
  const comment = async (c: Client, answerTo: number, text: string) =>
    (
      await c.post<Tale>('/tale/upsert', {
        answer_to_tale_id: answerTo,
        type: 'COMMENT',
        body: `<p>${text}</p>`,
        form_id: 'actionCommentAdd',
      })
    ).body.data;
  /** A change behind the app's back (no event): only a drop shows it. */
  const unannounced = (id: number, header: string) => queryRows(app.deps.db, sql`update tales set header = ${header} where id = ${id}`);

  it('a deleted post leaves its lists and takes its comments along; other lists and tales stay kept', async () => {
    const a = await registered(app);
    const b = await registered(app);
    const gone = await writeTale(a, { header: 'Doomed', body: '<p>#omega farewell</p>' });
    const theirs = await writeTale(b, { header: 'Survivor', body: '<p>#psi</p>' });
    const c1 = await comment(b, gone.id, 'first');
    const reply = await comment(a, c1.id, 'reply');
    expect(await headersOf(`owner=${a.id}`)).toEqual(['Doomed']);
    expect(await headersOf(tag('omega'))).toEqual(['Doomed']);
    expect(await headersOf('txt=farewell')).toEqual(['Doomed']);
    expect(await headersOf(`owner=${b.id}`)).toEqual(['Survivor']);
    expect(await headersOf(tag('psi'))).toEqual(['Survivor']);
    expect([await totalOf(tag('omega')), await totalOf(`owner=${a.id}`)]).toEqual([1, 1]);
    expect((await headersOf('')).slice(0, 2)).toEqual(['Survivor', 'Doomed']);
    expect((await taleAnswer(reply.id)).status).toBe(200);
    expect((await v().get<Feed>(`/tale/feed/100/1/${c1.id}`)).body.data.tale).toHaveLength(1);
    expect(await headerOf(theirs.id)).toBe('Survivor');
    await unannounced(theirs.id, 'Survivor, unannounced');

    expect((await a.post(`/tale/delete/${gone.id}`, { form_id: 'actionDelete' })).status).toBe(200);
    expect(await headersOf(`owner=${a.id}`)).toEqual([]);
    expect(await headersOf(tag('omega'))).toEqual([]);
    expect(await headersOf('txt=farewell')).toEqual([]);
    expect([await totalOf(tag('omega')), await totalOf(`owner=${a.id}`)]).toEqual([0, 0]);
    expect((await taleAnswer(gone.id)).status).toBe(404);
    expect((await taleAnswer(c1.id)).status).toBe(404);
    expect((await taleAnswer(reply.id)).status).toBe(404);
    expect((await v().get<Feed>(`/tale/feed/100/1/${c1.id}`)).status).toBe(404);
    // what the delete cannot change is still kept
    expect(await headersOf(`owner=${b.id}`)).toEqual(['Survivor']);
    expect(await headersOf(tag('psi'))).toEqual(['Survivor']);
    expect(await headerOf(theirs.id)).toBe('Survivor');
  });

  it('a deleted comment takes its replies out of every thread view at once; other tales stay kept', async () => {
    const a = await registered(app);
    const b = await registered(app);
    const post = await writeTale(a, { header: 'Thread' });
    const other = await writeTale(a, { header: 'Bystander' });
    const c1 = await comment(b, post.id, 'one');
    const c2 = await comment(b, post.id, 'two');
    const reply = await comment(a, c1.id, 'under one');
    const second = await comment(b, c1.id, 'also under one');
    expect(await commentsOf(post.id)).toHaveLength(2);
    expect(await commentsOf(c1.id)).toHaveLength(2);
    expect((await taleAnswer(reply.id)).body.data.body_txt).toBe('under one');
    expect((await taleAnswer(second.id)).body.data.body_txt).toBe('also under one');
    expect((await taleAnswer(post.id)).body.data.count_root_tale_id).toBe(4);
    expect(await headerOf(other.id)).toBe('Bystander');
    await unannounced(other.id, 'Bystander, unannounced');

    expect((await b.post(`/tale/delete/${c1.id}`, { form_id: 'actionDelete' })).status).toBe(200);
    expect((await v().get<Feed>(`/tale/feed/100/1/${post.id}`)).body.data.tale.map((t) => t.id)).toEqual([c2.id]);
    expect((await taleAnswer(post.id)).body.data).toMatchObject({ count_root_tale_id: 1, count_answer_to_tale_id: 1 });
    for (const id of [c1.id, reply.id, second.id]) expect((await taleAnswer(id)).status).toBe(404);
    expect((await v().get<Feed>(`/tale/feed/100/1/${c1.id}`)).status).toBe(404);
    expect(await headerOf(other.id)).toBe('Bystander');
  });

  it("a rename shows at once wherever the person's name is kept, and their tales are found by it; the rest stays kept", async () => {
    const a = await registered(app);
    const b = await registered(app);
    const c = await registered(app);
    await b.post('/auth/profile', { id: b.id, firstname: 'Bertha', lastname: 'Oldname' });
    const post = await writeTale(a, { header: 'Liked and talked about' });
    const own = await writeTale(b, { header: "Bertha's own" });
    const unrelated = await writeTale(c, { header: 'Elsewhere' });
    await comment(b, post.id, 'hello');
    await b.post('/like/process', { ref_table: 'tale', ref_id: String(post.id), val: '1', form_id: 'actionProcess' });
    const likers = async () =>
      (await v().get<{ from_firstname: string; from_lastname: string }[]>(`/like/selectlist/10/1/tale/${post.id}`)).body.data.map(
        (l) => `${l.from_firstname} ${l.from_lastname}`,
      );
    expect(await commentsOf(post.id)).toEqual(['Bertha: hello']);
    expect(await likers()).toEqual(['Bertha Oldname']);
    expect((await taleAnswer(own.id)).body.data.owner_lastname).toBe('Oldname');
    expect((await v().get<Feed>(`/tale/feed/100/1?owner=${b.id}`)).body.data.tale[0].owner_firstname).toBe('Bertha');
    expect(await headersOf('txt=newname')).toEqual([]);
    expect(await headersOf(`owner=${c.id}`)).toEqual(['Elsewhere']);
    expect(await headerOf(unrelated.id)).toBe('Elsewhere');
    await unannounced(unrelated.id, 'Elsewhere, unannounced');

    await b.post('/auth/profile', { id: b.id, firstname: 'Bea', lastname: 'Newname' });
    expect(await commentsOf(post.id)).toEqual(['Bea: hello']);
    expect(await likers()).toEqual(['Bea Newname']);
    expect((await taleAnswer(own.id)).body.data.owner_lastname).toBe('Newname');
    expect((await v().get<Feed>(`/tale/feed/100/1?owner=${b.id}`)).body.data.tale[0].owner_firstname).toBe('Bea');
    expect(await headersOf('txt=newname')).toEqual(["Bertha's own"]);
    // nothing of the renamed person's in them: kept
    expect(await headersOf(`owner=${c.id}`)).toEqual(['Elsewhere']);
    expect(await headerOf(unrelated.id)).toBe('Elsewhere');
  });

  it("a removed user's tales, comments and likes leave every list and counter at once; the rest stays kept", async () => {
    const admin = await registered(app);
    await setRole(app.deps, admin.id, 'admin', true);
    const leaver = await registered(app);
    const a = await registered(app);
    const c = await registered(app);
    const theirs = await writeTale(leaver, { header: 'Leaving soon', body: '<p>#zeta</p>' });
    const post = await writeTale(a, { header: 'Stays', body: '<p>#eta</p>' });
    const unrelated = await writeTale(c, { header: 'Untouched' });
    await comment(leaver, post.id, 'bye');
    await leaver.post('/like/process', { ref_table: 'tale', ref_id: String(post.id), val: '1', form_id: 'actionProcess' });
    const onOthers = await comment(a, theirs.id, 'on theirs');
    expect(await headersOf(tag('zeta'))).toEqual(['Leaving soon']);
    expect(await headersOf(`owner=${leaver.id}`)).toEqual(['Leaving soon']);
    expect(await headersOf(tag('eta'))).toEqual(['Stays']);
    expect((await taleAnswer(post.id)).body.data).toMatchObject({ count_like: 1, count_root_tale_id: 1 });
    expect(await commentsOf(post.id)).toHaveLength(1);
    expect((await taleAnswer(onOthers.id)).status).toBe(200);
    expect(await headerOf(unrelated.id)).toBe('Untouched');
    await unannounced(unrelated.id, 'Untouched, unannounced');

    expect((await admin.post(`/auth/UserDelete/${leaver.id}`, { form_id: 'actionUserDelete' })).status).toBe(200);
    expect(await headersOf(tag('zeta'))).toEqual([]);
    expect(await headersOf(`owner=${leaver.id}`)).toEqual([]);
    expect(await totalOf(tag('zeta'))).toBe(0);
    expect(await headersOf('')).not.toContain('Leaving soon');
    expect((await taleAnswer(theirs.id)).status).toBe(404);
    expect((await taleAnswer(onOthers.id)).status).toBe(404);
    expect((await taleAnswer(post.id)).body.data).toMatchObject({ count_like: 0, count_root_tale_id: 0 });
    expect(await commentsOf(post.id)).toEqual([]);
    expect(await headerOf(unrelated.id)).toBe('Untouched');
  });
});

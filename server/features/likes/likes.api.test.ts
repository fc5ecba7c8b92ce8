import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../../common/messages';
import type { LikeAnswer, Liker } from '../../../common/schemas/conversation';
import type { Tale } from '../../../common/schemas/tale';
import { setRole } from '../auth/service';
import { likes } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { likedBy } from './service';
import { Client, type TestApp, registered, startApp, templatesOf } from '../../test/harness';

let app: TestApp;
beforeAll(async () => {
  app = await startApp();
  await registered(app);
});
afterAll(async () => app?.close());

async function post(c: Client, fields: Record<string, unknown> = {}): Promise<Tale> {
  const d = await c.get<Tale>('/tale/upsert');
  return (await c.post<Tale>('/tale/upsert', { id: d.body.data.id, header: 'Post', body: '<p>Body</p>', ...fields })).body.data;
}
const like = (c: Client, id: number, ref_table = 'tale') =>
  c.post<LikeAnswer>('/like/process', { ref_table, ref_id: String(id), val: '1', form_id: 'actionProcess' });

/** `n` new people who like the tale one after another, each first prepared by `before`. */
type Person = Awaited<ReturnType<typeof registered>>;
async function fansOf(taleId: number, n: number, before?: (fan: Person, i: number) => Promise<unknown>) {
  const fans: Person[] = [];
  for (let i = 0; i < n; i++) {
    const f = await registered(app);
    await before?.(f, i);
    await like(f, taleId);
    fans.push(f);
  }
  return fans;
}

describe('likes', () => {
  it('toggles per user and answers the new count and flag; the tale shows both', async () => {
    const author = await registered(app);
    const p = await post(author);
    const a = await registered(app);
    const b = await registered(app);
    expect((await like(a, p.id)).body.data).toEqual({ AmountLikes: 1, CurrentUserLiked: 1 });
    expect((await like(b, p.id)).body.data).toEqual({ AmountLikes: 2, CurrentUserLiked: 1 });
    expect((await a.get<Tale>(`/tale/upsert/${p.id}`)).body.data).toMatchObject({ count_like: 2, current_user_liked: 1 });
    expect((await author.get<Tale>(`/tale/upsert/${p.id}`)).body.data).toMatchObject({ count_like: 2, current_user_liked: 0 });
    expect((await like(a, p.id)).body.data).toEqual({ AmountLikes: 1, CurrentUserLiked: 0 });
    const feed = await b.get<{ tale: Tale[] }>(`/tale/feed/10/1?owner=${author.id}`);
    expect(feed.body.data.tale[0]).toMatchObject({ id: p.id, count_like: 1, current_user_liked: 1 });
  });

  it('needs login (401), a visible item (404) and a known table', async () => {
    const author = await registered(app);
    const p = await post(author);
    const v = await like(new Client(app.url), p.id);
    expect(v.status).toBe(401);
    const draft = await post(author, { is_draft: 1 });
    expect((await like(await registered(app), draft.id)).status).toBe(404);
    expect((await like(author, 999999)).status).toBe(404);
    const bad = await like(author, p.id, 'users');
    expect(templatesOf(bad)).toEqual([MSG.likeUnknownTable]);
    expect(bad.body.messages[0].field).toBe('ref_table');
  });

  it('stays consistent under 20 concurrent clicks from one user', async () => {
    const author = await registered(app);
    const p = await post(author);
    const clicker = await registered(app);
    const answers = await Promise.all(Array.from({ length: 20 }, () => like(clicker, p.id)));
    for (const a of answers) expect(a.body.meta.alina_response_success, `${a.status} ${JSON.stringify(a.body.messages)}`).toBe(1);
    const t = (await clicker.get<Tale>(`/tale/upsert/${p.id}`)).body.data;
    expect([0, 1]).toContain(t.count_like);
    expect(t.current_user_liked).toBe(t.count_like);
    const list = await clicker.get<Liker[]>(`/like/selectlist/10/1/tale/${p.id}`);
    expect(list.body.data).toHaveLength(t.count_like);
    // an even number of toggles from a settled state ends where it began
    const before = t.count_like;
    await Promise.all(Array.from({ length: 20 }, () => like(clicker, p.id)));
    expect((await clicker.get<Tale>(`/tale/upsert/${p.id}`)).body.data.count_like).toBe(before);
  });

  it('lists likers newest first with their names and emblems, paginated in meta.lk', async () => {
    const author = await registered(app);
    const p = await post(author);
    const fans = await fansOf(p.id, 12, (f, i) => f.post('/auth/profile', { id: f.id, firstname: `Fan${i}`, emblem: `/files/e/${i}.png` }));
    const page1 = await new Client(app.url).get<Liker[]>(`/like/selectlist/10/1/tale/${p.id}`);
    expect(page1.body.meta.lk).toEqual({ pageCurrentNumber: 1, pageSize: 10, rowsTotal: 12, pagesTotal: 2 });
    expect(page1.body.data[0]).toMatchObject({
      user_id: fans[11].id,
      from_firstname: 'Fan11',
      from_emblem: '/files/e/11.png',
      from_lastname: '',
    });
    const page2 = await new Client(app.url).get<Liker[]>(`/like/selectlist/10/2/tale/${p.id}`);
    expect(page2.body.data.map((l) => l.from_firstname)).toEqual(['Fan1', 'Fan0']);
  });

  it('gives every page, the last included, in the order of the whole list, and shows a new like or a rename at once', async () => {
    const author = await registered(app);
    const p = await post(author);
    // likes in the same second: the order falls back to the like's id
    const fans = await fansOf(p.id, 13);
    const visitor = new Client(app.url);
    const whole = async () => (await visitor.get<Liker[]>(`/like/selectlist/100/1/tale/${p.id}`)).body.data.map((l) => l.user_id);
    const all = await whole();
    expect(all).toEqual(fans.map((f) => f.id).reverse());
    for (const size of [1, 2, 3, 5, 10]) {
      const pages = Math.ceil(all.length / size);
      const seen: number[] = [];
      for (let n = 1; n <= pages; n++) {
        const r = await fans[n % fans.length].get<Liker[]>(`/like/selectlist/${size}/${n}/tale/${p.id}`);
        expect(r.body.meta.lk).toEqual({ pageCurrentNumber: n, pageSize: size, rowsTotal: 13, pagesTotal: pages });
        seen.push(...r.body.data.map((l) => l.user_id));
      }
      expect(seen, `size ${size}`).toEqual(all);
      const last = await visitor.get<Liker[]>(`/like/selectlist/${size}/last/tale/${p.id}`);
      expect(last.body.data.map((l) => l.user_id)).toEqual(all.slice((pages - 1) * size));
    }
    // a page read a moment ago is not answered again after a like, an unlike or a rename
    const late = await registered(app);
    await like(late, p.id);
    expect((await visitor.get<Liker[]>(`/like/selectlist/2/last/tale/${p.id}`)).body.meta.lk).toMatchObject({ rowsTotal: 14 });
    expect((await visitor.get<Liker[]>(`/like/selectlist/1/1/tale/${p.id}`)).body.data[0].user_id).toBe(late.id);
    await like(fans[0], p.id);
    expect((await visitor.get<Liker[]>(`/like/selectlist/1/last/tale/${p.id}`)).body.data[0].user_id).toBe(fans[1].id);
    await late.post('/auth/profile', { id: late.id, firstname: 'Renamed' });
    expect((await visitor.get<Liker[]>(`/like/selectlist/1/1/tale/${p.id}`)).body.data[0].from_firstname).toBe('Renamed');
  });

  it('shows a reader which tales of a page they liked, changed at once by their like or unlike', async () => {
    const author = await registered(app);
    const a = await post(author);
    const b = await post(author);
    const reader = await registered(app);
    const flags = async () => {
      const page = await reader.get<{ tale: Tale[] }>(`/tale/feed/10/1?owner=${author.id}`);
      return Object.fromEntries(page.body.data.tale.map((t) => [t.id, t.current_user_liked]));
    };
    expect(await flags()).toEqual({ [a.id]: 0, [b.id]: 0 });
    await like(reader, b.id);
    expect(await flags()).toEqual({ [a.id]: 0, [b.id]: 1 });
    // another reader's like changes nothing of this reader's flags
    await like(await registered(app), a.id);
    expect(await flags()).toEqual({ [a.id]: 0, [b.id]: 1 });
    await like(reader, b.id);
    expect(await flags()).toEqual({ [a.id]: 0, [b.id]: 0 });
  });

  it('shows each of many readers asking at once their own likes, however the tales of their pages overlap', async () => {
    const author = await registered(app);
    const tales: Tale[] = [];
    for (let i = 0; i < 6; i++) tales.push(await post(author));
    const readers: Person[] = [];
    for (let r = 0; r < 5; r++) readers.push(await registered(app));
    // reader r likes every tale whose place is a multiple of r + 1: each a different set, all overlapping
    const likedSets = readers.map((_, r) => tales.filter((_, i) => i % (r + 1) === 0).map((t) => t.id));
    for (const [r, reader] of readers.entries()) for (const id of likedSets[r]) await like(reader, id);

    const wanted = (r: number) => Object.fromEntries(tales.map((t) => [t.id, likedSets[r].includes(t.id) ? 1 : 0]));
    for (let round = 0; round < 2; round++) {
      const pages = await Promise.all(readers.map((reader) => reader.get<{ tale: Tale[] }>(`/tale/feed/10/1?owner=${author.id}`)));
      for (const [r, page] of pages.entries()) {
        expect(Object.fromEntries(page.body.data.tale.map((t) => [t.id, t.current_user_liked]))).toEqual(wanted(r));
      }
    }
    // asked of the lookup itself in one turn: each reader about other tales, in other orders
    const asked = readers.map((_, r) => tales.map((t) => t.id).filter((_, i) => (i + r) % 3 !== 0));
    const answers = await Promise.all(
      readers.map((reader, r) => likedBy(app.deps.db, reader.id, r % 2 ? asked[r] : [...asked[r]].reverse())),
    );
    const sorted = (ids: Iterable<number>) => [...ids].sort((x, y) => x - y);
    for (const [r, got] of answers.entries()) expect(sorted(got)).toEqual(sorted(asked[r].filter((id) => likedSets[r].includes(id))));
  });

  it('works on comments too', async () => {
    const author = await registered(app);
    const p = await post(author);
    const c = (await author.post<Tale>('/tale/upsert', { answer_to_tale_id: p.id, body: '<p>c</p>' })).body.data;
    const fan = await registered(app);
    expect((await like(fan, c.id, 'comment')).body.data).toEqual({ AmountLikes: 1, CurrentUserLiked: 1 });
  });
});

describe('which tales a reader liked, asked inside a transaction', () => {
  it('is answered inside it: the like it made is seen there, and nowhere once it is undone', async () => {
    const author = await registered(app);
    const p = await post(author);
    const fan = await registered(app);
    const { db } = app.deps;
    // asked outside first, so that the database's own gathering of asks exists
    expect([...(await likedBy(db, fan.id, [p.id]))]).toEqual([]);
    const undone = new Error('undo');
    let inside: number[] = [];
    const ended = await inTransaction(db, async (tx) => {
      await tx.insert(likes).values({ user_id: fan.id, tale_id: p.id });
      inside = [...(await likedBy(tx, fan.id, [p.id]))];
      throw undone;
    }).catch((e: unknown) => e);
    expect(ended).toBe(undone);
    expect(inside).toEqual([p.id]);
    expect([...(await likedBy(db, fan.id, [p.id]))]).toEqual([]);
    expect((await fan.get<Tale>(`/tale/upsert/${p.id}`)).body.data).toMatchObject({ count_like: 0, current_user_liked: 0 });
  });
});

/**
 * What a like checks of its tale (whose it is, who may see it, where it is in a thread) is kept in
 * memory between likes, so that the likes of one tale, each of which moves its counter, do not
 * read it again each time (tales/service.ts taleFacts). Each case likes first, so that the facts
 * are in memory, then changes the tale, and likes again straight away.
 */
describe('a like sees its tale as it is now, however recently the tale was liked', () => {
  const answer = (c: Client, id: number, table = 'tale') => like(c, id, table).then((a) => a.status);
  const reply = async (c: Client, answerTo: number) =>
    (await c.post<Tale>('/tale/upsert', { answer_to_tale_id: answerTo, body: '<p>c</p>', form_id: 'actionCommentAdd' })).body.data;
  const remove = (c: Client, id: number) => c.post(`/tale/delete/${id}`, { form_id: 'actionDelete' });

  it('a tale made a draft, members-only is still liked by members, scheduled later or deleted: refused at once; published again: liked at once', async () => {
    const author = await registered(app);
    const p = await post(author);
    const fan = await registered(app);
    expect(await answer(fan, p.id)).toBe(200);
    await post(author, { id: p.id, is_draft: 1 });
    expect(await answer(fan, p.id)).toBe(404);
    // its author still sees (and may like) their draft
    expect(await answer(author, p.id)).toBe(200);
    await post(author, { id: p.id, is_draft: 0 });
    expect(await answer(fan, p.id)).toBe(200);
    await post(author, { id: p.id, is_for_registered: 1 });
    expect(await answer(fan, p.id)).toBe(200);
    await post(author, { id: p.id, publish_at: Math.floor(Date.now() / 1000) + 3600 });
    expect(await answer(fan, p.id)).toBe(404);
    await post(author, { id: p.id, publish_at: Math.floor(Date.now() / 1000) - 60 });
    expect(await answer(fan, p.id)).toBe(200);
    expect((await remove(author, p.id)).status).toBe(200);
    expect(await answer(fan, p.id)).toBe(404);
    expect(await answer(author, p.id)).toBe(404);
  });

  it('a comment whose post became a draft, or whose post or parent was deleted, is refused at once', async () => {
    const author = await registered(app);
    const p = await post(author);
    const commenter = await registered(app);
    const c1 = await reply(commenter, p.id);
    const r1 = await reply(author, c1.id);
    const fan = await registered(app);
    for (const id of [c1.id, r1.id]) expect(await answer(fan, id, 'comment')).toBe(200);
    await post(author, { id: p.id, is_draft: 1 });
    for (const id of [c1.id, r1.id]) expect(await answer(fan, id, 'comment')).toBe(404);
    await post(author, { id: p.id, is_draft: 0 });
    for (const id of [c1.id, r1.id]) expect(await answer(fan, id, 'comment')).toBe(200);
    // the reply goes with the comment it answers
    expect((await remove(commenter, c1.id)).status).toBe(200);
    expect(await answer(fan, r1.id, 'comment')).toBe(404);
    const c2 = await reply(commenter, p.id);
    expect(await answer(fan, c2.id, 'comment')).toBe(200);
    expect((await remove(author, p.id)).status).toBe(200);
    expect(await answer(fan, c2.id, 'comment')).toBe(404);
  });

  it('a comment under the post of an account deleted a moment ago is refused at once', async () => {
    const author = await registered(app);
    const p = await post(author);
    const commenter = await registered(app);
    const c1 = await reply(commenter, p.id);
    const r1 = await reply(await registered(app), c1.id);
    const fan = await registered(app);
    for (const id of [p.id, c1.id, r1.id]) expect(await answer(fan, id, 'comment')).toBe(200);
    expect((await author.post(`/auth/UserDelete/${author.id}`, { form_id: 'actionUserDelete' })).body.meta.alina_response_success).toBe(1);
    for (const id of [p.id, c1.id, r1.id]) expect(await answer(fan, id, 'comment')).toBe(404);
  });

  it('a tale deleted where this server did not hear of it (another server, a moment ago) is 404, not an error', async () => {
    const author = await registered(app);
    const p = await post(author);
    const c1 = await reply(author, p.id);
    const fan = await registered(app);
    expect(await answer(fan, p.id)).toBe(200);
    expect(await answer(fan, c1.id, 'comment')).toBe(200);
    // deleted in the database with no event told here: only the write itself can find it gone
    await app.deps.db.execute(sql`delete from tales where id in (${p.id}, ${c1.id})`);
    const late = await registered(app);
    const gone = { tale: p.id, comment: c1.id };
    for (const [table, id] of Object.entries(gone)) {
      const refused = await like(late, id, table);
      expect(refused.status).toBe(404);
      expect(templatesOf(refused)).toEqual([MSG.notFound]);
    }
  });

  it('a moderator may like a draft they may see; its author is told', async () => {
    const author = await registered(app);
    const p = await post(author, { is_draft: 1 });
    const moderator = await registered(app);
    const fan = await registered(app);
    expect(await answer(fan, p.id)).toBe(404);
    await setRole(app.deps, moderator.id, 'moderator', true);
    expect((await like(moderator, p.id)).body.data).toEqual({ AmountLikes: 1, CurrentUserLiked: 1 });
    expect(await answer(fan, p.id)).toBe(404);
  });
});

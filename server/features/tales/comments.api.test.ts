import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { MSG } from '../../../common/messages';
import type { Tale } from '../../../common/schemas/tale';
import { Client, type TestApp, registered, startApp, templatesOf } from '../../test/harness';
import { setRole } from '../auth/service';

let app: TestApp;
let moderator: Awaited<ReturnType<typeof registered>>;
beforeAll(async () => {
  app = await startApp();
  await registered(app); // admin
  moderator = await registered(app);
  await setRole(app.deps, moderator.id, 'moderator', true);
});
afterAll(async () => app?.close());

type Feed = { tale: Tale[] };
async function post(c: Client, fields: Record<string, unknown> = {}): Promise<Tale> {
  const d = await c.get<Tale>('/tale/upsert');
  return (await c.post<Tale>('/tale/upsert', { id: d.body.data.id, header: 'Post', body: '<p>Body</p>', ...fields })).body.data;
}
const comment = (c: Client, answerTo: number, body = '<p>A comment</p>') =>
  c.post<Tale>('/tale/upsert', {
    answer_to_tale_id: answerTo,
    type: 'COMMENT',
    body,
    level: 7,
    root_tale_id: 999,
    owner_id: 1,
    form_id: 'actionCommentAdd',
  });
const thread = (c: Client, id: number, size = 10, page: number | 'last' = 1, query = '') =>
  c.get<Feed>(`/tale/feed/${size}/${page}/${id}${query}`);
const reload = async (c: Client, id: number) => (await c.get<Tale>(`/tale/upsert/${id}`)).body.data;

describe('adding comments', () => {
  it('derives level, root and type on the server and keeps counters exact', async () => {
    const author = await registered(app);
    const p = await post(author);
    const reader = await registered(app);
    const c1 = await comment(reader, p.id);
    expect(c1.body.meta.alina_response_success).toBe(1);
    expect(c1.body.data).toMatchObject({
      type: 'COMMENT',
      level: 1,
      root_tale_id: p.id,
      answer_to_tale_id: p.id,
      owner_id: reader.id,
      body: '<p>A comment</p>',
      body_txt: 'A comment',
    });
    const r1 = await comment(author, c1.body.data.id, '<p>A reply</p>');
    expect(r1.body.data).toMatchObject({ level: 2, root_tale_id: p.id, answer_to_tale_id: c1.body.data.id });
    await comment(reader, p.id);
    expect(await reload(author, p.id)).toMatchObject({ count_root_tale_id: 3, count_answer_to_tale_id: 2 });
    expect(await reload(author, c1.body.data.id)).toMatchObject({ count_answer_to_tale_id: 1, count_root_tale_id: 0 });
    const tooDeep = await comment(reader, r1.body.data.id);
    expect(templatesOf(tooDeep)).toEqual([MSG.replyTooDeep]);
    expect(tooDeep.body.messages[0].field).toBe('answer_to_tale_id');
    expect(templatesOf(await comment(reader, p.id, '<p>  </p>'))).toEqual([MSG.commentEmpty]);
    expect((await comment(reader, 987654)).status).toBe(404);
    expect(await reload(author, p.id)).toMatchObject({ count_root_tale_id: 3 });
  });

  it('needs login (401) and a visible parent (404 for a draft of someone else)', async () => {
    const author = await registered(app);
    const p = await post(author);
    expect((await comment(new Client(app.url), p.id)).status).toBe(401);
    const draft = await post(author, { is_draft: 1 });
    expect((await comment(await registered(app), draft.id)).status).toBe(404);
    expect((await comment(author, draft.id)).body.meta.alina_response_success).toBe(1);
  });

  it('honours is_comment_for_owner and is_comment_denied, with the owner and staff let through', async () => {
    const author = await registered(app);
    const ownerOnly = await post(author, { is_comment_for_owner: 1 });
    const denied = await post(author, { is_comment_denied: 1 });
    const reader = await registered(app);
    const a = await comment(reader, ownerOnly.id);
    expect(a.status).toBe(403);
    expect(templatesOf(a)).toEqual([MSG.commentsOwnerOnly]);
    const b = await comment(reader, denied.id);
    expect(b.status).toBe(403);
    expect(templatesOf(b)).toEqual([MSG.commentsClosed]);
    for (const c of [author, moderator]) {
      expect((await comment(c, ownerOnly.id)).body.meta.alina_response_success).toBe(1);
      expect((await comment(c, denied.id)).body.meta.alina_response_success).toBe(1);
    }
    // a reply under such a post follows the post's rule
    const staffComment = (await comment(moderator, ownerOnly.id)).body.data;
    expect((await comment(reader, staffComment.id)).status).toBe(403);
    expect(await reload(author, ownerOnly.id)).toMatchObject({ count_root_tale_id: 3 });
  });

  it('decides on the thread as the database has it, not as this server last read it: a change it has not heard of (comments closed or opened again, the parent deleted, the post made a draft) is seen', async () => {
    // A change made behind this server's back (another server's, before its news arrives): the
    // database changes, this server's memory of the thread does not.
    const behindItsBack = (statement: ReturnType<typeof sql>) => app.deps.db.execute(statement);
    const one = async (statement: ReturnType<typeof sql>) =>
      Number(((await app.deps.db.execute(statement)) as unknown as { rows: { n: number }[] }).rows[0].n);
    const rows = (answerTo: number) => one(sql`select count(*)::int as n from tales where answer_to_tale_id = ${answerTo}`);
    const author = await registered(app);
    const reader = await registered(app);
    const p = await post(author);
    const c1 = (await comment(reader, p.id)).body.data;
    expect((await comment(reader, c1.id)).status).toBe(200);
    // Each comment's news drops the thread's rows from this server's memory; reading them brings them back.
    const remember = async (...ids: number[]) => {
      for (const id of ids) expect((await reader.get(`/tale/upsert/${id}`)).status).toBe(200);
    };
    await remember(p.id, c1.id);

    await behindItsBack(sql`update tales set is_comment_denied = 1 where id = ${p.id}`);
    const closed = await comment(reader, c1.id);
    expect(closed.status).toBe(403);
    expect(templatesOf(closed)).toEqual([MSG.commentsClosed]);
    expect((await comment(reader, p.id)).status).toBe(403);
    expect(await rows(c1.id)).toBe(1);
    expect(await rows(p.id)).toBe(1);
    expect(await one(sql`select count_root_tale_id as n from tales where id = ${p.id}`)).toBe(2);

    // Open again in the database while this server last saw it closed: allowed.
    await author.post('/tale/upsert', { id: p.id, header: 'Post', body: '<p>Body</p>', is_comment_denied: 1 });
    expect((await comment(reader, p.id)).status).toBe(403); // read (closed) into memory again
    await remember(p.id);
    await behindItsBack(sql`update tales set is_comment_denied = 0 where id = ${p.id}`);
    const reopened = await comment(reader, p.id);
    expect(reopened.body.meta.alina_response_success).toBe(1);
    expect(reopened.body.data).toMatchObject({ level: 1, root_tale_id: p.id, answer_to_tale_id: p.id });

    // The comment answered is gone: 404, and nothing refers to it.
    const c2 = (await comment(reader, p.id)).body.data;
    expect((await comment(reader, c2.id)).status).toBe(200);
    await remember(p.id, c1.id, c2.id);
    await behindItsBack(sql`delete from tales where id = ${c2.id}`);
    expect((await comment(reader, c2.id)).status).toBe(404);
    expect(await rows(c2.id)).toBe(0);

    // The post hidden (a draft again): 404 for a reader, nothing written.
    await remember(p.id, c1.id);
    await behindItsBack(sql`update tales set is_draft = 1 where id = ${p.id}`);
    expect((await comment(reader, c1.id)).status).toBe(404);
    expect(await rows(c1.id)).toBe(1);
    expect(await rows(p.id)).toBe(2); // c1 and the one written when reopened
  });

  it('a comment answered that went behind this server’s back, while its thread was in memory, is 404 with nothing written', async () => {
    const author = await registered(app);
    const reader = await registered(app);
    const p = await post(author);
    const c1 = (await comment(reader, p.id)).body.data;
    // a reply to c1 is decided from what this server keeps of c1 and its post (and written in one trip)
    expect((await comment(author, c1.id)).status).toBe(200);
    await app.deps.db.execute(sql`delete from tales where id = ${c1.id}`);
    const late = await comment(author, c1.id);
    expect(late.status).toBe(404);
    expect(templatesOf(late)).toEqual([MSG.notFound]);
    const [left] = await queryRows<{ n: number }>(
      app.deps.db,
      sql`select count(*)::int as n from tales where answer_to_tale_id = ${c1.id}`,
    );
    expect(left.n).toBe(0);
    // the post's thread goes on
    expect((await comment(reader, p.id)).status).toBe(200);
  });
});

describe('editing and deleting comments', () => {
  it('lets the owner and staff edit only the body; visitor 401, another user 403', async () => {
    const author = await registered(app);
    const p = await post(author);
    const writer = await registered(app);
    const c = (await comment(writer, p.id)).body.data;
    const edit = (who: Client, body: string) =>
      who.post<Tale>(`/tale/upsert/${c.id}`, { ...c, body, level: 0, answer_to_tale_id: null, header: 'Sneaky' });
    expect((await edit(new Client(app.url), '<p>x</p>')).status).toBe(401);
    expect((await edit(author, '<p>x</p>')).status).toBe(403); // the post's author is not the comment's
    const mine = await edit(writer, '<p>Edited <script>x</script></p>');
    expect(mine.body.data).toMatchObject({ body: '<p>Edited </p>', level: 1, answer_to_tale_id: p.id, header: '', type: 'COMMENT' });
    expect((await edit(moderator, '<p>Moderated</p>')).body.data.body).toBe('<p>Moderated</p>');
  });

  it('deletes a level-1 comment with its replies and sets the counters again; visitor 401, other 403', async () => {
    const author = await registered(app);
    const p = await post(author);
    const writer = await registered(app);
    const c1 = (await comment(writer, p.id)).body.data;
    const c2 = (await comment(writer, p.id)).body.data;
    await comment(author, c1.id);
    await comment(writer, c1.id);
    const r = (await comment(author, c2.id)).body.data;
    expect(await reload(author, p.id)).toMatchObject({ count_root_tale_id: 5, count_answer_to_tale_id: 2 });
    expect((await new Client(app.url).post(`/tale/delete/${c1.id}`, {})).status).toBe(401);
    expect((await (await registered(app)).post(`/tale/delete/${c1.id}`, {})).status).toBe(403);
    expect((await writer.post(`/tale/delete/${c1.id}`, { form_id: 'actionDelete' })).body.meta.alina_response_success).toBe(1);
    expect(await reload(author, p.id)).toMatchObject({ count_root_tale_id: 2, count_answer_to_tale_id: 1 });
    expect((await thread(author, p.id)).body.data.tale.map((t) => t.id)).toEqual([c2.id]);
    expect((await moderator.post(`/tale/delete/${r.id}`, {})).body.meta.alina_response_success).toBe(1);
    expect(await reload(author, c2.id)).toMatchObject({ count_answer_to_tale_id: 0 });
    expect(await reload(author, p.id)).toMatchObject({ count_root_tale_id: 1 });
  });

  it('deletes every comment with the post', async () => {
    const author = await registered(app);
    const p = await post(author);
    const c = (await comment(author, p.id)).body.data;
    await author.post(`/tale/delete/${p.id}`, {});
    expect((await author.get(`/tale/upsert/${c.id}`)).status).toBe(404);
  });
});

describe('listing', () => {
  it('pages 29 comments at 10 oldest first, with last as the real final page, and expand narrowing to one', async () => {
    const author = await registered(app);
    const p = await post(author);
    const writer = await registered(app);
    const made: Tale[] = [];
    for (let i = 0; i < 29; i++) made.push((await comment(i % 2 ? writer : author, p.id, `<p>Comment ${i}</p>`)).body.data);
    const first = await thread(new Client(app.url), p.id, 10, 1);
    expect(first.body.meta.tale).toEqual({ pageCurrentNumber: 1, pageSize: 10, rowsTotal: 29, pagesTotal: 3 });
    expect(first.body.data.tale.map((t) => t.body_txt)).toEqual(Array.from({ length: 10 }, (_, i) => `Comment ${i}`));
    const last = await thread(new Client(app.url), p.id, 10, 'last');
    expect(last.body.meta.tale).toEqual({ pageCurrentNumber: 3, pageSize: 10, rowsTotal: 29, pagesTotal: 3 });
    expect(last.body.data.tale.map((t) => t.body_txt)).toEqual(Array.from({ length: 9 }, (_, i) => `Comment ${20 + i}`));
    const reply = (await comment(author, made[17].id, '<p>Deep</p>')).body.data;
    const narrowed = await thread(new Client(app.url), p.id, 10, 'last', `?expand=${made[17].id}`);
    expect(narrowed.body.data.tale.map((t) => t.id)).toEqual([made[17].id]);
    expect(narrowed.body.meta.tale).toEqual({ pageCurrentNumber: 1, pageSize: 10, rowsTotal: 1, pagesTotal: 1 });
    expect(narrowed.body.data.tale[0].count_answer_to_tale_id).toBe(1);
    const replies = await thread(new Client(app.url), made[17].id, 10, 'last');
    expect(replies.body.data.tale.map((t) => t.id)).toEqual([reply.id]);
  });

  it('hides the comments of a tale the caller may not see', async () => {
    const author = await registered(app);
    const members = await post(author, { is_for_registered: 1 });
    await comment(author, members.id);
    expect((await thread(new Client(app.url), members.id)).status).toBe(401);
    expect((await thread(await registered(app), members.id)).body.data.tale).toHaveLength(1);
  });
});

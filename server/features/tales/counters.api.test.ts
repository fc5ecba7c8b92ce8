import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LikeAnswer } from '../../../common/schemas/conversation';
import type { Tale } from '../../../common/schemas/tale';
import { queryRows } from '../../db/client';
import { type Client, type TestApp, registered, startApp } from '../../test/harness';
import { upload } from '../files/fixtures';

/**
 * Counters under concurrency: many users writing to one thread at once (on PostgreSQL these run
 * truly in parallel on several connections). Afterwards every counter must equal a count of the
 * rows it counts, and paging a comment list must show every reply.
 */
let app: TestApp;
let admin: Awaited<ReturnType<typeof registered>>;
beforeAll(async () => {
  app = await startApp();
  admin = await registered(app);
});
afterAll(async () => app?.close());

type User = Awaited<ReturnType<typeof registered>>;
const users = (n: number) => Promise.all(Array.from({ length: n }, () => registered(app)));

async function post(c: Client): Promise<Tale> {
  const d = await c.get<Tale>('/tale/upsert');
  return (await c.post<Tale>('/tale/upsert', { id: d.body.data.id, header: 'Post', body: '<p>Body</p>' })).body.data;
}
async function comment(c: Client, answerTo: number, body = '<p>A comment</p>'): Promise<Tale> {
  const a = await c.post<Tale>('/tale/upsert', { answer_to_tale_id: answerTo, type: 'COMMENT', body, form_id: 'actionCommentAdd' });
  if (a.body.meta.alina_response_success !== 1) throw new Error(`comment failed (${a.status}): ${JSON.stringify(a.body.messages)}`);
  return a.body.data;
}
const commentAnswer = (c: Client, answerTo: number) =>
  c.post<Tale>('/tale/upsert', { answer_to_tale_id: answerTo, type: 'COMMENT', body: '<p>late</p>', form_id: 'actionCommentAdd' });
const remove = (c: Client, id: number) => c.post(`/tale/delete/${id}`, { form_id: 'actionDelete' });
const like = (c: Client, id: number) =>
  c.post<LikeAnswer>('/like/process', { ref_table: 'tale', ref_id: String(id), val: '1', form_id: 'actionProcess' });

interface Drift {
  id: number;
  count_answer_to_tale_id: number;
  answers: number;
  count_root_tale_id: number;
  roots: number;
  count_like: number;
  likes: number;
  count_files: number;
  files: number;
}

/** Every tale of the post's thread whose stored counters differ from a count of the rows (none, when all is well). */
async function drifted(postId: number): Promise<Drift[]> {
  const rows = await queryRows<Drift>(
    app.deps.db,
    sql`select * from (
      select t.id, t.count_answer_to_tale_id, t.count_root_tale_id, t.count_like, t.count_files,
        (select count(*)::int from tales c where c.answer_to_tale_id = t.id) as answers,
        (select count(*)::int from tales c where c.root_tale_id = t.id) as roots,
        (select count(*)::int from likes l where l.tale_id = t.id) as likes,
        (select count(*)::int from files f where f.tale_id = t.id) as files
      from tales t where t.id = ${postId} or t.root_tale_id = ${postId}) x
    where count_answer_to_tale_id <> answers or count_root_tale_id <> roots or count_like <> likes or count_files <> files
    order by id`,
  );
  return rows.map((r) => ({ ...r, id: Number(r.id) }));
}

async function counters(id: number) {
  const [r] = await queryRows<{ a: number; r: number; l: number; f: number }>(
    app.deps.db,
    sql`select count_answer_to_tale_id as a, count_root_tale_id as r, count_like as l, count_files as f from tales where id = ${id}`,
  );
  return r;
}

/** Every reply to `id`, read page by page as a client would. */
async function allPages(c: Client, id: number, size = 7): Promise<{ ids: number[]; rowsTotal: number }> {
  const first = await c.get<{ tale: Tale[] }>(`/tale/feed/${size}/1/${id}`);
  const meta = (first.body.meta as unknown as { tale: { pagesTotal: number; rowsTotal: number } }).tale;
  const ids = first.body.data.tale.map((t) => t.id);
  for (let p = 2; p <= meta.pagesTotal; p++) {
    ids.push(...(await c.get<{ tale: Tale[] }>(`/tale/feed/${size}/${p}/${id}`)).body.data.tale.map((t) => t.id));
  }
  return { ids, rowsTotal: meta.rowsTotal };
}

const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);

describe('comment counters under concurrent writers', () => {
  it('twelve users replying at once to one comment and to one post: every counter equals the rows, paging shows every reply', async () => {
    const author = await registered(app);
    const p = await post(author);
    const first = await comment(author, p.id);
    const crowd = await users(12);
    const replies: Promise<Tale>[] = [];
    const comments: Promise<Tale>[] = [];
    for (let round = 0; round < 3; round++) {
      for (const u of crowd) {
        replies.push(comment(u, first.id, `<p>reply ${round}</p>`));
        comments.push(comment(u, p.id, `<p>comment ${round}</p>`));
      }
    }
    const [r, c] = await Promise.all([Promise.all(replies), Promise.all(comments)]);
    expect(await drifted(p.id)).toEqual([]);
    expect(await counters(first.id)).toMatchObject({ a: 36, r: 0 });
    expect(await counters(p.id)).toMatchObject({ a: 37, r: 73 });
    const reader = crowd[0];
    const thread = await allPages(reader, first.id);
    expect(thread.rowsTotal).toBe(36);
    expect(sorted(thread.ids)).toEqual(sorted(r.map((t) => t.id)));
    const top = await allPages(reader, p.id, 10);
    expect(top.rowsTotal).toBe(37);
    expect(sorted(top.ids)).toEqual(sorted([first.id, ...c.map((t) => t.id)]));
  });

  it('replies deleted while others are added, all at once: the counters move by exactly the rows', async () => {
    const author = await registered(app);
    const p = await post(author);
    const top = await comment(author, p.id);
    const crowd = await users(10);
    const mine = await Promise.all(crowd.map(async (u) => ({ u, replies: [await comment(u, top.id), await comment(u, top.id)] })));
    const added = await Promise.all(
      mine.flatMap(({ u, replies }) => [
        ...replies.map((r) => remove(u, r.id).then(() => null)),
        comment(u, top.id),
        comment(u, top.id),
        comment(u, p.id),
        remove(u, replies[0].id).then(() => null), // twice: one of the two deletes counts
      ]),
    );
    expect(await drifted(p.id)).toEqual([]);
    const left = added.filter((t): t is Tale => t !== null && t.answer_to_tale_id === top.id);
    expect(await counters(top.id)).toMatchObject({ a: 20 });
    expect(await counters(p.id)).toMatchObject({ a: 11, r: 31 });
    const thread = await allPages(author, top.id);
    expect(sorted(thread.ids)).toEqual(sorted(left.map((t) => t.id)));
  });

  it('deleting comments with replies, replies, a user and a tale while others write keeps every counter exact', async () => {
    const author = await registered(app);
    const p = await post(author);
    const crowd = await users(10);
    // Four level-1 comments, each with a reply from every user.
    const tops = await Promise.all(crowd.slice(0, 4).map((u) => comment(u, p.id)));
    const replies = await Promise.all(tops.flatMap((t) => crowd.map((u) => comment(u, t.id))));
    const leaver = crowd[9];
    const work: Promise<unknown>[] = [
      // the first comment goes with its ten replies
      remove(crowd[0], tops[0].id),
      // the repliers of the second comment delete theirs
      ...replies
        .filter((x) => x.answer_to_tale_id === tops[1].id && x.owner_id !== leaver.id)
        .map((x) => remove(crowd.find((u) => u.id === x.owner_id) as User, x.id)),
      // a user leaves, with their comments and replies everywhere
      leaver.post(`/auth/UserDelete/${leaver.id}`, { form_id: 'actionUserDelete' }),
      // meanwhile everyone else replies and comments, and likes
      ...crowd.slice(1, 9).flatMap((u) => [comment(u, tops[2].id), comment(u, tops[3].id), comment(u, p.id), like(u, p.id)]),
      ...crowd.slice(1, 9).map((u) => like(u, tops[2].id)),
    ];
    // Replies to the comment being deleted: each is either added (and deleted with it) or told 404.
    const late = crowd.slice(4, 8).map((u) => commentAnswer(u, tops[0].id));
    const outcomes = await Promise.allSettled(work);
    expect(outcomes.filter((o) => o.status === 'rejected')).toEqual([]);
    // Every delete, like and the user's leaving was done (a deadlock or fault would answer 500).
    const statuses = outcomes.map((o) => (o.status === 'fulfilled' ? ((o.value as { status?: number }).status ?? 200) : 0));
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
    for (const a of await Promise.all(late)) expect([200, 404]).toContain(a.status);
    expect(await drifted(p.id)).toEqual([]);
    const thread = await allPages(author, tops[2].id);
    expect(thread.ids.length).toBe(thread.rowsTotal);
    expect(thread.rowsTotal).toBe(8 + 10 - 1); // the leaver's reply went with them
    // The post itself goes: nothing is left of it.
    expect((await remove(author, p.id)).status).toBe(200);
    const [{ n }] = await queryRows<{ n: number }>(app.deps.db, sql`select count(*)::int as n from tales where root_tale_id = ${p.id}`);
    expect(n).toBe(0);
  });
});

describe('like counters under concurrent togglers', () => {
  it('fifteen users toggling likes at once on one tale and one comment: count_like equals the likes', async () => {
    const author = await registered(app);
    const p = await post(author);
    const c = await comment(author, p.id);
    const crowd = await users(15);
    // User i toggles i % 4 + 1 times on each: odd counts end liked.
    const toggles = crowd.flatMap((u, i) => Array.from({ length: (i % 4) + 1 }, () => [like(u, p.id), like(u, c.id)]).flat());
    const answers = await Promise.all(toggles);
    expect(answers.every((a) => a.status === 200 && a.body.meta.alina_response_success === 1)).toBe(true);
    const expected = crowd.filter((_, i) => ((i % 4) + 1) % 2 === 1).length;
    expect(await drifted(p.id)).toEqual([]);
    expect((await counters(p.id)).l).toBe(expected);
    expect((await counters(c.id)).l).toBe(expected);
    // And everyone takes theirs back at once.
    const likedNow = crowd.filter((_, i) => ((i % 4) + 1) % 2 === 1);
    await Promise.all(likedNow.flatMap((u) => [like(u, p.id), like(u, c.id)]));
    expect(await drifted(p.id)).toEqual([]);
    expect(await counters(p.id)).toMatchObject({ l: 0 });
  });
});

describe('file counters under concurrent uploads and deletes', () => {
  it('uploads by owner and staff at once, then deletes at once: count_files equals the rows', async () => {
    const author: User = await registered(app);
    const p = await post(author);
    const one = (c: Client, i: number) => upload(c, p.id, [{ name: `f${i}.txt`, data: Buffer.from(`file ${i}`) }]);
    const up = await Promise.all([
      ...Array.from({ length: 6 }, (_, i) => one(author, i)),
      ...Array.from({ length: 4 }, (_, i) => one(admin, 10 + i)),
    ]);
    expect(up.every((a) => a.body.meta.alina_response_success === 1)).toBe(true);
    expect(await drifted(p.id)).toEqual([]);
    expect((await counters(p.id)).f).toBe(10);
    const ids = up.flatMap((a) => a.body.data.map((f) => f.id));
    // Each file deleted twice at once: only one of each pair counts.
    await Promise.all(
      ids
        .slice(0, 5)
        .flatMap((id) => [
          author.call(`/FileUpload/delete/${id}`, { method: 'DELETE' }),
          admin.call(`/FileUpload/delete/${id}`, { method: 'DELETE' }),
        ]),
    );
    expect(await drifted(p.id)).toEqual([]);
    expect((await counters(p.id)).f).toBe(5);
  });
});

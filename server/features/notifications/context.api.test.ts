import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTIFICATION_EXCERPT, type Notification } from '../../../common/schemas/conversation';
import type { Tale } from '../../../common/schemas/tale';
import { Client, type TestApp, registered, startApp, templatesOf } from '../../test/harness';
import { MSG } from '../../../common/messages';

let app: TestApp;
beforeAll(async () => {
  app = await startApp();
  await registered(app);
});
afterAll(async () => app?.close());

async function post(c: Client, header = 'Walking to Tver', body = '<p>Seven days <b>on foot</b>, one river.</p>'): Promise<Tale> {
  const d = await c.get<Tale>('/tale/upsert');
  return (await c.post<Tale>('/tale/upsert', { id: d.body.data.id, header, body })).body.data;
}
const comment = async (c: Client, answerTo: number, body = '<p>Hi</p>') =>
  (await c.post<Tale>('/tale/upsert', { answer_to_tale_id: answerTo, body })).body.data;
const list = (c: Client, size = 10, page: number | 'last' = 1, grouped = false) =>
  c.get<Notification[]>(`/notification/SelectListLatest/${size}/${page}${grouped ? '?grouped=1' : ''}`);
const like = (c: Client, id: number) => c.post('/like/process', { ref_table: 'tale', ref_id: id, val: 1 });

describe('what a notification says', () => {
  it('who did what, on which item, under which post, with an excerpt of the words', async () => {
    const a = await registered(app);
    const b = await registered(app);
    const p = await post(a);
    const c = await comment(b, p.id, '<p>Which <i>river</i>?</p>');
    const onPost = (await list(a)).body.data[0];
    expect(onPost).toMatchObject({
      kind: 'comment',
      from_id: b.id,
      tale_id: c.id,
      tale_type: 'COMMENT',
      root_id: p.id,
      root_header: 'Walking to Tver',
      excerpt: 'Which river?',
      others: 0,
    });
    const reply = await comment(a, c.id, '<p>The Volga.</p>');
    expect((await list(b)).body.data[0]).toMatchObject({
      kind: 'answer',
      from_id: a.id,
      tale_id: reply.id,
      tale_type: 'COMMENT',
      root_id: p.id,
      root_header: 'Walking to Tver',
      excerpt: 'The Volga.',
    });
    await like(b, p.id);
    await like(a, c.id);
    expect((await list(a)).body.data[0]).toMatchObject({
      kind: 'like',
      tale_id: p.id,
      tale_type: 'POST',
      root_id: p.id,
      root_header: 'Walking to Tver',
      excerpt: 'Seven days on foot, one river.',
    });
    expect((await list(b)).body.data[0]).toMatchObject({
      kind: 'like',
      tale_id: c.id,
      tale_type: 'COMMENT',
      root_id: p.id,
      excerpt: 'Which river?',
    });
    // the header is the post's as it is now
    await a.post(`/tale/upsert/${p.id}`, { header: 'Walking to Tver, again' });
    expect((await list(b)).body.data.map((n) => n.root_header)).toEqual(['Walking to Tver, again', 'Walking to Tver, again']);
  });

  it('quotes the start of a long text, cut at a word', async () => {
    const a = await registered(app);
    const b = await registered(app);
    const p = await post(a);
    const words = Array.from({ length: 80 }, (_, i) => `word${i}`).join(' ');
    await comment(b, p.id, `<p>${words}</p>`);
    const { excerpt } = (await list(a)).body.data[0];
    expect(excerpt.endsWith('…')).toBe(true);
    expect(excerpt.length).toBeLessThanOrEqual(NOTIFICATION_EXCERPT + 1);
    expect(excerpt.length).toBeGreaterThan(NOTIFICATION_EXCERPT * 0.6);
    expect(words.startsWith(excerpt.slice(0, -1))).toBe(true);
    expect(excerpt.slice(0, -1)).toMatch(/word\d+$/);
  });

  it('says nothing of a post its reader may no longer read (made a draft, or scheduled), but its author still sees it', async () => {
    const a = await registered(app);
    const b = await registered(app);
    const p = await post(a, 'Secret plans', '<p>The plan.</p>');
    const c = await comment(b, p.id, '<p>Tell me more</p>');
    await comment(a, c.id, '<p>Not yet</p>');
    await a.post(`/tale/upsert/${p.id}`, { is_draft: 1 });
    const [toB] = (await list(b)).body.data;
    expect(toB).toMatchObject({ kind: 'answer', root_id: p.id, root_header: '', excerpt: '' });
    const [toA] = (await list(a)).body.data;
    expect(toA).toMatchObject({ kind: 'comment', root_header: 'Secret plans', excerpt: 'Tell me more' });
    await a.post(`/tale/upsert/${p.id}`, { is_draft: 0, publish_at: Math.floor(Date.now() / 1000) + 86_400 });
    expect((await list(b)).body.data[0]).toMatchObject({ root_header: '', excerpt: '' });
    await a.post(`/tale/upsert/${p.id}`, { publish_at: Math.floor(Date.now() / 1000) - 60 });
    expect((await list(b)).body.data[0]).toMatchObject({ root_header: 'Secret plans', excerpt: 'Not yet' });
  });
});

describe('what a notification says stays as its item and post are now', () => {
  // The context of a notification (its item's kind and words, its post's header and visibility) is
  // kept in memory between reads (notifications/service.ts contextsOf): every read here follows one
  // that kept it, so each change must reach the next read.
  it('quotes an edited comment, and an edited post, as they read now', async () => {
    const a = await registered(app);
    const b = await registered(app);
    const p = await post(a, 'River notes', '<p>First words of the post.</p>');
    const c = await comment(b, p.id, '<p>Frist!</p>');
    expect((await list(a)).body.data[0]).toMatchObject({ tale_id: c.id, excerpt: 'Frist!' });
    expect((await b.post(`/tale/upsert/${c.id}`, { body: '<p>First, <b>really</b>.</p>', form_id: 'actionUpsert' })).status).toBe(200);
    expect((await list(a)).body.data[0]).toMatchObject({ tale_id: c.id, excerpt: 'First, really.', root_header: 'River notes' });
    await like(b, p.id);
    expect((await list(a)).body.data[0]).toMatchObject({ kind: 'like', tale_id: p.id, excerpt: 'First words of the post.' });
    await a.post(`/tale/upsert/${p.id}`, { header: 'River notes, revised', body: '<p>Other words now.</p>' });
    expect((await list(a)).body.data.map((n) => [n.tale_id, n.root_header, n.excerpt])).toEqual([
      [p.id, 'River notes, revised', 'Other words now.'],
      [c.id, 'River notes, revised', 'First, really.'],
    ]);
  });

  it('hides and shows again as the post is hidden and shown, and drops what was deleted', async () => {
    const a = await registered(app);
    const b = await registered(app);
    const p = await post(a, 'Members only soon', '<p>Hello.</p>');
    const c = await comment(b, p.id, '<p>Hi there</p>');
    const reply = await comment(a, c.id, '<p>Welcome</p>');
    expect((await list(b)).body.data[0]).toMatchObject({ tale_id: reply.id, root_header: 'Members only soon', excerpt: 'Welcome' });
    await a.post(`/tale/upsert/${p.id}`, { is_draft: 1 });
    expect((await list(b)).body.data[0]).toMatchObject({ tale_id: reply.id, root_header: '', excerpt: '' });
    await a.post(`/tale/upsert/${p.id}`, { is_draft: 0 });
    expect((await list(b)).body.data[0]).toMatchObject({ tale_id: reply.id, root_header: 'Members only soon', excerpt: 'Welcome' });
    // the answer deleted: its notification goes with it
    expect((await a.post(`/tale/delete/${reply.id}`, { form_id: 'actionDelete' })).status).toBe(200);
    expect((await list(b)).body.data).toEqual([]);
  });
});

describe('the grouped list', () => {
  it('shows the likes of one item as one row, the newest, counting the others; pages and totals count it once', async () => {
    const a = await registered(app);
    const p = await post(a);
    const q = await post(a, 'Second');
    const likers: Awaited<ReturnType<typeof registered>>[] = [];
    for (let i = 0; i < 4; i++) {
      const u = await registered(app);
      likers.push(u);
      await like(u, p.id);
    }
    const commenter = await registered(app);
    await comment(commenter, p.id);
    await like(likers[0], q.id);
    // ungrouped: every event, as before
    const flat = await list(a, 10);
    expect(flat.body.data.map((n) => n.kind)).toEqual(['like', 'comment', 'like', 'like', 'like', 'like']);
    expect(flat.body.meta.notification).toMatchObject({ rowsTotal: 6 });
    expect(flat.body.data.every((n) => n.others === 0)).toBe(true);
    const grouped = await list(a, 10, 1, true);
    expect(grouped.body.data.map((n) => [n.kind, n.tale_id, n.from_id, n.others])).toEqual([
      ['like', q.id, likers[0].id, 0],
      ['comment', expect.any(Number), commenter.id, 0],
      ['like', p.id, likers[3].id, 3],
    ]);
    expect(grouped.body.meta.notification).toEqual({ pageCurrentNumber: 1, pageSize: 10, rowsTotal: 3, pagesTotal: 1 });
    // the two lists keep their own totals
    expect((await list(a, 2, 2)).body.meta.notification).toEqual({ pageCurrentNumber: 2, pageSize: 2, rowsTotal: 6, pagesTotal: 3 });
    const page2 = await list(a, 2, 2, true);
    expect(page2.body.meta.notification).toEqual({ pageCurrentNumber: 2, pageSize: 2, rowsTotal: 3, pagesTotal: 2 });
    expect(page2.body.data.map((n) => [n.tale_id, n.others])).toEqual([[p.id, 3]]);
    const last = await list(a, 2, 'last', true);
    expect(last.body.data.map((n) => [n.tale_id, n.others])).toEqual([[p.id, 3]]);
    // the newest liker takes theirs back: the one before stands for the rest
    await like(likers[3], p.id);
    expect((await list(a, 10, 1, true)).body.data.map((n) => [n.tale_id, n.from_id, n.others])[2]).toEqual([p.id, likers[2].id, 2]);
    // ?grouped=0 is the flat list
    expect((await a.get<Notification[]>('/notification/SelectListLatest/10/1?grouped=0')).body.data).toHaveLength(5);
    // anything else is refused, naming the field
    const bad = await a.get('/notification/SelectListLatest/10/1?grouped=maybe');
    expect(bad.body.meta.alina_response_success).toBe(0);
    expect(bad.body.messages.map((m) => m.field)).toEqual(['grouped']);
    expect(bad.body.data).toBeNull();
  });

  it('counts likes that come at once', async () => {
    const a = await registered(app);
    const p = await post(a);
    const likers = await Promise.all(Array.from({ length: 12 }, () => registered(app)));
    await Promise.all(likers.map((u) => like(u, p.id)));
    const [row, ...rest] = (await list(a, 10, 1, true)).body.data;
    expect(rest).toEqual([]);
    expect(row).toMatchObject({ kind: 'like', tale_id: p.id, others: 11 });
    expect((await list(a, 20)).body.data).toHaveLength(12);
  });

  it('deletes a grouped row with the likes it stood for, but not one that came since; own only', async () => {
    const a = await registered(app);
    const p = await post(a);
    const b = await registered(app);
    await comment(b, p.id);
    for (let i = 0; i < 3; i++) await like(await registered(app), p.id);
    const rows = (await list(a, 10, 1, true)).body.data;
    const group = rows.find((n) => n.kind === 'like') as Notification;
    expect(group.others).toBe(2);
    const late = await registered(app);
    await like(late, p.id);
    const path = `/notification/Delete/${group.id}?grouped=1`;
    expect((await new Client(app.url).post(path, { form_id: 'actionDelete' })).status).toBe(401);
    const other = await registered(app);
    const refused = await other.post(path, { form_id: 'actionDelete' });
    expect(refused.status).toBe(403);
    expect(templatesOf(refused)).toEqual([MSG.accessDenied]);
    expect((await list(a, 10)).body.data).toHaveLength(5);
    const del = await a.post(path, { form_id: 'actionDelete' });
    expect(del.status).toBe(200);
    const left = (await list(a, 10)).body.data;
    expect(left.map((n) => [n.kind, n.from_id])).toEqual([
      ['like', late.id],
      ['comment', b.id],
    ]);
    expect(del.body.CurrentUser.count_notifications).toBe(2);
    // a comment's row, grouped or not, is itself alone
    const c = left[1];
    await a.post(`/notification/Delete/${c.id}?grouped=1`, { form_id: 'actionDelete' });
    expect((await list(a, 10)).body.data.map((n) => n.from_id)).toEqual([late.id]);
    // without grouped=1 a like goes alone
    await like(await registered(app), p.id);
    const [newest] = (await list(a, 10)).body.data;
    await a.post(`/notification/Delete/${newest.id}`, { form_id: 'actionDelete' });
    expect((await list(a, 10)).body.data.map((n) => n.from_id)).toEqual([late.id]);
  });
});

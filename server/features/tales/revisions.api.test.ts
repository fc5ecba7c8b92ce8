import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { taleRevisions } from '../../db/schema';
import type { Revision } from '../../../common/schemas/revision';
import type { Tale } from '../../../common/schemas/tale';
import { Client, type TestApp, registered, startApp, templatesOf, writeTale } from '../../test/harness';

let app: TestApp;
let admin: Awaited<ReturnType<typeof registered>>;
let author: Awaited<ReturnType<typeof registered>>;
let other: Awaited<ReturnType<typeof registered>>;

beforeAll(async () => {
  app = await startApp();
  admin = await registered(app); // the first user is the admin
  author = await registered(app);
  other = await registered(app);
  await author.post('/auth/profile', { id: author.id, firstname: 'Анна', lastname: 'Reed', form_id: 'profile' });
});
afterAll(async () => app?.close());

const save = async (c: Client, id: number, fields: Record<string, unknown>) => {
  const a = await c.post<Tale>('/tale/upsert', { id, form_id: 'actionUpsert', ...fields });
  expect(a.body.meta.alina_response_success, JSON.stringify(a.body.messages)).toBe(1);
  return a.body.data;
};
const history = (c: Client, id: number, pageSize = 10, page: number | 'last' = 1) =>
  c.get<Revision[]>(`/tale/revisions/${id}/${pageSize}/${page}`);

describe('edit history', () => {
  it('keeps what each save of a published tale replaced, newest first; drafts and settings alone keep nothing', async () => {
    const draft = await writeTale(author, { header: 'Draft', body: '<p>first words</p>', is_draft: 1 });
    await save(author, draft.id, { header: 'Draft 2', body: '<p>second words</p>' });
    expect((await history(author, draft.id)).body.data).toEqual([]);
    expect((await author.get<Tale>(`/tale/upsert/${draft.id}`)).body.data.edited_at).toBeNull();

    // published now: from here on every change of its text is kept
    const published = await save(author, draft.id, { is_draft: 0 });
    expect(published.edited_at).toBeNull();
    await save(author, draft.id, { seo_index: 0.5, is_comment_denied: 1 });
    expect((await history(author, draft.id)).body.data).toEqual([]);

    const v2 = await save(author, draft.id, { header: 'River', body: '<p>the river runs</p>' });
    expect(v2.edited_at).toBeGreaterThanOrEqual(published.updated_at);
    const v3 = await save(author, draft.id, { body: '<p>the river runs fast</p>' });
    // a save that changes nothing of the text keeps nothing
    await save(author, draft.id, { header: 'River', body: '<p>the river runs fast</p>' });

    const h = await history(author, draft.id);
    expect(h.status).toBe(200);
    expect(h.body.meta.revision).toMatchObject({ rowsTotal: 2, pageCurrentNumber: 1 });
    expect(h.body.data.map((r) => [r.header, r.body])).toEqual([
      ['River', '<p>the river runs</p>'],
      ['Draft 2', '<p>second words</p>'],
    ]);
    expect(h.body.data[1]).toMatchObject({
      tale_id: draft.id,
      body_txt: 'second words',
      written_at: published.publish_at,
      replaced_by: author.id,
      replaced_by_firstname: 'Анна',
      replaced_by_lastname: 'Reed',
    });
    expect(h.body.data[0].written_at).toBe(v2.edited_at);
    expect(h.body.data[0].replaced_at).toBe(v3.edited_at);
    // readers see that it was edited
    const seen = await new Client(app.url).get<Tale>(`/tale/upsert/${draft.id}`);
    expect(seen.body.data.edited_at).toBe(v3.edited_at);
    const feed = await new Client(app.url).get<{ tale: Tale[] }>(`/tale/feed/10/1?owner=${author.id}`);
    expect(feed.body.data.tale.find((t) => t.id === draft.id)?.edited_at).toBe(v3.edited_at);

    // pages
    const second = await history(author, draft.id, 1, 2);
    expect(second.body.data.map((r) => r.header)).toEqual(['Draft 2']);
    expect((await history(author, draft.id, 1, 'last')).body.data.map((r) => r.header)).toEqual(['Draft 2']);
  });

  it('keeps a comment’s earlier text too, and the reader sees it was edited', async () => {
    const post = await writeTale(other, { header: 'Open thread' });
    const c = (await author.post<Tale>('/tale/upsert', { answer_to_tale_id: post.id, body: '<p>frist!</p>', form_id: 'actionCommentAdd' }))
      .body.data;
    expect(c.edited_at).toBeNull();
    const edited = (await author.post<Tale>(`/tale/upsert/${c.id}`, { body: '<p>first!</p>', form_id: 'actionUpsert' })).body.data;
    expect(edited.body).toBe('<p>first!</p>');
    expect(edited.edited_at).not.toBeNull();
    const h = await history(author, c.id);
    expect(h.body.data.map((r) => r.body)).toEqual(['<p>frist!</p>']);
    const thread = await new Client(app.url).get<{ tale: Tale[] }>(`/tale/feed/10/1/${post.id}`);
    expect(thread.body.data.tale[0].edited_at).toBe(edited.edited_at);
  });

  it('shows the history to the author and staff only: a visitor 401, another user 403, an unknown tale 404', async () => {
    const t = await writeTale(author, { header: 'Mine', body: '<p>one</p>' });
    await save(author, t.id, { body: '<p>two</p>' });
    expect((await history(new Client(app.url), t.id)).status).toBe(401);
    const denied = await history(other, t.id);
    expect(denied.status).toBe(403);
    expect(JSON.stringify(denied.body.data)).not.toContain('one');
    expect((await history(admin, t.id)).body.data.map((r) => r.body)).toEqual(['<p>one</p>']);
    expect((await history(author, 99999999)).status).toBe(404);
    // bad addresses are refused with the field named (the wire's own way: success 0), nothing shown
    for (const [p, field] of [
      ['/tale/revisions/abc/10/1', 'id'],
      [`/tale/revisions/${t.id}/0/1`, 'pageSize'],
      [`/tale/revisions/${t.id}/101/1`, 'pageSize'],
      [`/tale/revisions/${t.id}/10/0`, 'page'],
      ['/tale/revisions/99999999999/10/1', 'id'],
    ]) {
      const r = await author.get(p);
      expect(r.status, p).toBeLessThan(500);
      expect(r.body.meta.alina_response_success, p).toBe(0);
      expect(
        r.body.messages.map((m) => m.field),
        p,
      ).toContain(field);
      expect(r.body.data, p).toBeNull();
    }
  });

  it('brings an earlier version back, keeping the one it replaces; staff may, another user may not', async () => {
    const t = await writeTale(author, { header: 'Lamp', body: '<p>a lamp</p>' });
    await save(author, t.id, { header: 'Lamp, lit', body: '<p>a lamp, lit</p>' });
    const [first] = (await history(author, t.id)).body.data;

    const visitor = await new Client(app.url).post(`/tale/revisions/${t.id}/restore/${first.id}`, { form_id: 'actionRestore' });
    expect(visitor.status).toBe(401);
    const refused = await other.post(`/tale/revisions/${t.id}/restore/${first.id}`, { form_id: 'actionRestore' });
    expect(refused.status).toBe(403);
    expect((await author.get<Tale>(`/tale/upsert/${t.id}`)).body.data.header).toBe('Lamp, lit');

    // a revision of another tale is not found through this one
    const elsewhere = await writeTale(author, { header: 'Else', body: '<p>else</p>' });
    expect((await author.post(`/tale/revisions/${elsewhere.id}/restore/${first.id}`, {})).status).toBe(404);

    const back = await author.post<Tale>(`/tale/revisions/${t.id}/restore/${first.id}`, { form_id: 'actionRestore' });
    expect(back.status).toBe(200);
    expect(templatesOf(back)).toEqual(['The earlier version is back']);
    expect(back.body.data).toMatchObject({ header: 'Lamp', body: '<p>a lamp</p>', body_txt: 'a lamp' });
    // what was replaced is kept, so the restore can itself be undone
    const h = (await history(author, t.id)).body.data;
    expect(h.map((r) => r.header)).toEqual(['Lamp, lit', 'Lamp']);
    // staff bring it back again
    const byStaff = await admin.post<Tale>(`/tale/revisions/${t.id}/restore/${h[0].id}`, { form_id: 'actionRestore' });
    expect(byStaff.body.data.header).toBe('Lamp, lit');
    expect((await history(author, t.id)).body.data[0]).toMatchObject({ header: 'Lamp', replaced_by: admin.id });
    // the search finds the text it has now
    const found = await new Client(app.url).get<{ tale: Tale[] }>(`/tale/feed/10/1?txt=lit&owner=${author.id}`);
    expect(found.body.data.tale.map((x) => x.id)).toContain(t.id);
  });

  it('keeps every concurrent edit: eight saves at once leave eight revisions and the last text', async () => {
    const t = await writeTale(author, { header: 'Busy', body: '<p>v0</p>' });
    await Promise.all(Array.from({ length: 8 }, (_, i) => save(author, t.id, { body: `<p>v${i + 1}</p>` })));
    const h = (await history(author, t.id, 20)).body.data;
    expect(h).toHaveLength(8);
    const now = (await author.get<Tale>(`/tale/upsert/${t.id}`)).body.data.body;
    // each version was replaced exactly once: the kept ones and the current one are v0..v8, each once
    expect([...h.map((r) => r.body), now].sort()).toEqual(Array.from({ length: 9 }, (_, i) => `<p>v${i}</p>`).sort());
  });

  it('removes the history with its tale', async () => {
    const t = await writeTale(author, { header: 'Gone', body: '<p>a</p>' });
    await save(author, t.id, { body: '<p>b</p>' });
    expect((await history(author, t.id)).body.data).toHaveLength(1);
    expect((await author.post(`/tale/delete/${t.id}`, { form_id: 'actionDelete' })).status).toBe(200);
    expect((await history(author, t.id)).status).toBe(404);
    const [left] = await app.deps.db.select({ n: count() }).from(taleRevisions).where(eq(taleRevisions.tale_id, t.id));
    expect(left.n).toBe(0);
  });
});

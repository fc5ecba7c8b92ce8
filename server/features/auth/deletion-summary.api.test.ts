import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tale } from '../../../common/schemas/tale';
import type { DeletionSummary } from '../../../common/schemas/user';
import { silentMp3, upload } from '../files/fixtures';
import { Client, type TestApp, registered, startApp, writeTale } from '../../test/harness';

let app: TestApp;
beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => app?.close());

const summaryOf = (c: Client, id: number) => c.get<DeletionSummary>(`/auth/UserDelete/${id}/summary`);
const comment = async (c: Client, on: number, text: string) =>
  (await c.post<Tale>('/tale/upsert', { answer_to_tale_id: on, body: `<p>${text}</p>`, form_id: 'actionCommentAdd' })).body.data;

describe('deleting an account says first what goes with it', () => {
  it('counts the tales, drafts, comments, others’ comments under the tales, files and likes, and the delete removes just that', async () => {
    const admin = await registered(app); // the first user is the admin
    const user = await registered(app);
    const other = await registered(app);
    const empty = await summaryOf(user, user.id);
    expect(empty.body.data).toEqual({ tales: 0, drafts: 0, comments: 0, others_comments: 0, files: 0, file_bytes: 0, likes: 0 });

    const a = await writeTale(user, { header: 'One' });
    await writeTale(user, { header: 'Two', publish_at: Math.floor(Date.now() / 1000) + 86400 });
    await writeTale(user, { header: 'Draft', is_draft: 1 });
    const theirs = await writeTale(other, { header: 'Theirs' });
    const mineUnderTheirs = await comment(user, theirs.id, 'mine under theirs');
    // replies to the user's comment under someone else's tale go with that comment
    const replyToMine = await comment(other, mineUnderTheirs.id, 'a reply to mine, under theirs');
    const reply = await comment(other, a.id, 'theirs under mine');
    await comment(other, reply.id, 'a reply, under mine too');
    await comment(user, a.id, 'mine under mine');
    const mp3 = silentMp3();
    expect((await upload(user, a.id, [{ name: 'song.mp3', data: mp3 }])).status).toBe(200);
    await user.post('/like/process', { ref_table: 'tale', ref_id: theirs.id, val: 1, form_id: 'actionProcess' });
    await user.post('/like/process', { ref_table: 'tale', ref_id: a.id, val: 1, form_id: 'actionProcess' });

    const own = await summaryOf(user, user.id);
    expect(own.status).toBe(200);
    expect(own.body.data).toEqual({ tales: 2, drafts: 1, comments: 2, others_comments: 3, files: 1, file_bytes: mp3.length, likes: 2 });
    // an admin is asked the same before deleting someone
    expect((await summaryOf(admin, user.id)).body.data).toEqual(own.body.data);
    expect((await summaryOf(new Client(app.url), user.id)).status).toBe(401);
    expect((await summaryOf(other, user.id)).status).toBe(403);
    expect((await summaryOf(admin, 99999999)).status).toBe(404);
    const bad = await admin.get('/auth/UserDelete/abc/summary');
    expect(bad.body.meta.alina_response_success).toBe(0);
    expect(bad.body.messages.map((m) => m.field)).toContain('id');

    // the summary asks nothing of the account: nothing changed
    expect((await other.get<Tale>(`/tale/upsert/${reply.id}`)).status).toBe(200);
    expect((await admin.post(`/auth/UserDelete/${user.id}`, { form_id: 'actionUserDelete' })).status).toBe(200);
    // what it said went: others' comments under the tales too, and the other's own tale stays
    expect((await other.get<Tale>(`/tale/upsert/${reply.id}`)).status).toBe(404);
    expect((await other.get<Tale>(`/tale/upsert/${replyToMine.id}`)).status).toBe(404);
    expect((await other.get<Tale>(`/tale/upsert/${theirs.id}`)).body.data).toMatchObject({ count_like: 0, count_root_tale_id: 0 });
    expect((await summaryOf(admin, user.id)).status).toBe(404);
  });
});

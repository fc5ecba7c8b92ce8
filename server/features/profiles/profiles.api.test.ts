import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../../common/messages';
import type { PublicUser } from '../../../common/schemas/user';
import { Client, type TestApp, registered, startApp, templatesOf } from '../../test/harness';
import { setRole } from '../auth/service';

let app: TestApp;
beforeAll(async () => {
  app = await startApp();
  await registered(app); // the first account is admin; the tests below use plain users
});
afterAll(async () => app?.close());

type ProfileData = { user: PublicUser };

describe('profile', () => {
  it('shows public fields to anyone and the mail only to the owner and staff', async () => {
    const owner = await registered(app);
    const other = await registered(app);
    const visitor = await new Client(app.url).get<ProfileData>(`/auth/profile/${owner.id}`);
    expect(visitor.body.data.user).toMatchObject({ id: owner.id, firstname: '', about_myself: '' });
    expect(visitor.body.data.user.mail).toBeUndefined();
    expect((await other.get<ProfileData>(`/auth/profile/${owner.id}`)).body.data.user.mail).toBeUndefined();
    expect((await owner.get<ProfileData>(`/auth/profile/${owner.id}`)).body.data.user.mail).toBe(owner.mail);
    const moderator = await registered(app);
    await setRole(app.deps, moderator.id, 'moderator', true);
    expect((await moderator.get<ProfileData>(`/auth/profile/${owner.id}`)).body.data.user.mail).toBe(owner.mail);
  });

  it('lets the owner edit only the allowed fields, sanitises about_myself and refreshes CurrentUser', async () => {
    const u = await registered(app);
    const a = await u.post<ProfileData>('/auth/profile', {
      id: u.id,
      mail: 'hijack@example.com',
      firstname: '  Анна ',
      lastname: 'Karenina',
      birth: -1000000000,
      about_myself: '<p onclick="x()">Hi <b>there</b><script>alert(1)</script><a href="javascript:alert(1)">x</a></p>',
      rbac_user_role: [{ name: 'admin' }],
      form_id: 'profile',
    });
    expect(a.body.meta.alina_response_success).toBe(1);
    expect(templatesOf(a)).toEqual([MSG.profileUpdated]);
    expect(a.body.data.user).toMatchObject({ firstname: 'Анна', lastname: 'Karenina', birth: -1000000000, mail: u.mail });
    expect(a.body.data.user.about_myself).toBe('<p>Hi <b>there</b><a rel="noopener nofollow ugc">x</a></p>');
    expect(a.body.CurrentUser).toMatchObject({ firstname: 'Анна', rbac_user_role: [] });
  });

  it('visitor 401, another user 403, moderator and admin may edit', async () => {
    const u = await registered(app);
    const edit = (c: Client, firstname: string) => c.post('/auth/profile', { id: u.id, firstname });
    expect((await edit(new Client(app.url), 'V')).status).toBe(401);
    const other = await registered(app);
    const refused = await edit(other, 'O');
    expect(refused.status).toBe(403);
    expect(templatesOf(refused)).toEqual([MSG.accessDenied]);
    await setRole(app.deps, other.id, 'moderator', true);
    expect((await edit(other, 'Moderated')).body.meta.alina_response_success).toBe(1);
    const now = await new Client(app.url).get<ProfileData>(`/auth/profile/${u.id}`);
    expect(now.body.data.user.firstname).toBe('Moderated');
  });

  it('refuses bad values naming the field and changes nothing', async () => {
    const u = await registered(app);
    await u.post('/auth/profile', { id: u.id, firstname: 'Kept' });
    const cases: [Record<string, unknown>, string][] = [
      [{ firstname: 'x'.repeat(101) }, 'firstname'],
      [{ birth: 'yesterday' }, 'birth'],
      [{ emblem: 'https://evil.example.com/x.png' }, 'emblem'],
      [{ emblem: '/files/../../etc/passwd' }, 'emblem'],
      [{ language: 'de' }, 'language'],
    ];
    for (const [patch, field] of cases) {
      const a = await u.post('/auth/profile', { id: u.id, firstname: 'Changed', ...patch });
      expect(a.body.meta.alina_response_success, JSON.stringify(patch)).toBe(0);
      expect(a.body.messages.map((m) => m.field)).toContain(field);
    }
    const after = await u.get<ProfileData>(`/auth/profile/${u.id}`);
    expect(after.body.data.user.firstname).toBe('Kept');
  });

  it('accepts an emblem that is one of our files', async () => {
    const u = await registered(app);
    const a = await u.post<ProfileData>('/auth/profile', { id: u.id, emblem: '/files/ab/cd/emblem.webp' });
    expect(a.body.data.user.emblem).toBe('/files/ab/cd/emblem.webp');
    expect(a.body.CurrentUser.emblem).toBe('/files/ab/cd/emblem.webp');
  });

  it('answers 404 for an unknown profile and a clear message for a bad id', async () => {
    expect((await new Client(app.url).get('/auth/profile/424242')).status).toBe(404);
    const bad = await new Client(app.url).get('/auth/profile/abc');
    expect(bad.body.meta.alina_response_success).toBe(0);
    expect(bad.body.messages[0].field).toBe('id');
  });
});

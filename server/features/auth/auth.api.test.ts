import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NAME_MAX } from '../../../common/constants';
import { MSG } from '../../../common/messages';
import { passwordResets, sessions } from '../../db/schema';
import { Client, GOOD_PASSWORD, type TestApp, lastMail, registered, startApp, templatesOf, uniqueMail } from '../../test/harness';
import { setBan } from './service';

let app: TestApp;
beforeAll(async () => {
  app = await startApp({ RATE_LOGIN_PER_MAIL: '5', RATE_REGISTER_PER_IP: '1000', RATE_RESET_PER_IP: '1000', RATE_LOGIN_PER_IP: '1000' });
});
afterAll(async () => app?.close());

const reg = (c: Client, mail: string, password = GOOD_PASSWORD, confirm = password) =>
  c.post('/auth/register', { mail, password, confirm_password: confirm, form_id: 'actionRegister' });

describe('register', () => {
  it('makes the first account admin, logs it in at once and welcomes it; later accounts are plain users', async () => {
    const first = new Client(app.url);
    const a = await reg(first, 'First.Admin@Example.com');
    expect(a.status).toBe(200);
    expect(a.body.meta.alina_response_success).toBe(1);
    expect(a.body.CurrentUser.mail).toBe('first.admin@example.com');
    expect(a.body.CurrentUser.rbac_user_role).toEqual([{ name: 'admin' }]);
    expect(a.body.CurrentUser.token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(a.body.messages[0]).toMatchObject({ templateString: MSG.welcome, params: ['first.admin@example.com'], status: 0 });
    expect(a.headers.get('set-cookie')).toMatch(/tales_session=.+HttpOnly/i);
    const second = await registered(app);
    const me = await second.get(`/auth/profile/${second.id}`);
    expect(me.body.CurrentUser.rbac_user_role).toEqual([]);
  });

  it('takes an optional name at sign-up: shown on the profile and in the welcome, trimmed, bounded, naming its field', async () => {
    const named = new Client(app.url);
    const mail = uniqueMail();
    const a = await named.post('/auth/register', {
      mail,
      password: GOOD_PASSWORD,
      confirm_password: GOOD_PASSWORD,
      firstname: '  Анна Ли  ',
    });
    expect(a.body.meta.alina_response_success).toBe(1);
    expect(a.body.messages[0]).toMatchObject({ templateString: MSG.welcome, params: ['Анна Ли'] });
    expect(a.body.CurrentUser.firstname).toBe('Анна Ли');
    const profile = await new Client(app.url).get<{ user: { firstname: string } }>(`/auth/profile/${a.body.CurrentUser.id}`);
    expect(profile.body.data.user.firstname).toBe('Анна Ли');

    // none, or only spaces: no name, welcomed by mail
    const plain = await reg(new Client(app.url), uniqueMail());
    expect(plain.body.CurrentUser.firstname).toBe('');
    const spaces = await new Client(app.url).post('/auth/register', {
      mail: uniqueMail(),
      password: GOOD_PASSWORD,
      confirm_password: GOOD_PASSWORD,
      firstname: '   ',
    });
    expect(spaces.body.meta.alina_response_success).toBe(1);
    expect(spaces.body.CurrentUser.firstname).toBe('');

    // too long: refused under its field, and nobody is made
    const longMail = uniqueMail();
    const long = await new Client(app.url).post('/auth/register', {
      mail: longMail,
      password: GOOD_PASSWORD,
      confirm_password: GOOD_PASSWORD,
      firstname: 'x'.repeat(NAME_MAX + 1),
    });
    expect(long.status).toBe(200);
    expect(long.body.meta.alina_response_success).toBe(0);
    expect(long.body.messages).toMatchObject([{ templateString: MSG.fieldTooLong, field: 'firstname' }]);
    const tryLogin = await new Client(app.url).post('/auth/login', { mail: longMail, password: GOOD_PASSWORD });
    expect(tryLogin.body.meta.alina_response_success).toBe(0);
  });

  it('refuses a bad mail, a short password and a mismatch, naming each field, and creates nobody', async () => {
    const c = new Client(app.url);
    const a = await c.post('/auth/register', { mail: 'not-a-mail', password: 'short', confirm_password: 'other' });
    expect(a.status).toBe(200);
    expect(a.body.meta.alina_response_success).toBe(0);
    expect(templatesOf(a)).toEqual([MSG.invalidMail, MSG.passwordTooShort, MSG.passwordsDoNotMatch]);
    expect(a.body.messages.map((m) => m.field)).toEqual(['mail', 'password', 'confirm_password']);
    expect(a.body.CurrentUser.id).toBeNull();
  });

  it('says a password over 256 characters is too long (not too short), naming the field it is in, wherever a password goes', async () => {
    const long = 'x'.repeat(257);
    const fine = 'violet-harbour-7391';
    const tooLong = (field: string) => ({
      templateString: MSG.passwordTooLong,
      params: [field],
      field,
      text: `Password length cannot be more than 256 symbols (field:${field})`,
    });
    const r = await reg(new Client(app.url), uniqueMail(), long);
    expect(r.body.meta.alina_response_success).toBe(0);
    expect(templatesOf(r)).not.toContain(MSG.passwordTooShort);
    expect(r.body.messages).toEqual([expect.objectContaining(tooLong('password')), expect.objectContaining(tooLong('confirm_password'))]);
    const mismatch = await reg(new Client(app.url), uniqueMail(), fine, long);
    expect(mismatch.body.messages.map((m) => m.templateString)).toEqual([MSG.passwordTooLong, MSG.passwordsDoNotMatch]);
    expect(mismatch.body.messages[0]).toMatchObject(tooLong('confirm_password'));
    // 256 is still allowed.
    const longest = 'y'.repeat(256);
    expect((await reg(new Client(app.url), uniqueMail(), longest)).body.meta.alina_response_success).toBe(1);

    const u = await registered(app);
    const change = await u.post('/auth/ChangePassword', { current_password: long, password: long, confirm_password: long });
    expect(change.body.messages).toEqual(
      ['current_password', 'password', 'confirm_password'].map((f) => expect.objectContaining(tooLong(f))),
    );
    const reset = await new Client(app.url).post('/auth/ResetPasswordWithCode', {
      mail: u.mail,
      reset_code: '12345678',
      password: long,
      confirm_password: long,
    });
    expect(reset.body.messages).toEqual(['password', 'confirm_password'].map((f) => expect.objectContaining(tooLong(f))));
    const login = await new Client(app.url).post('/auth/login', { mail: u.mail, password: long });
    expect(login.body.messages).toEqual([expect.objectContaining(tooLong('password'))]);
  });

  it('refuses one of the most common passwords', async () => {
    const a = await reg(new Client(app.url), uniqueMail(), 'password123');
    expect(a.body.meta.alina_response_success).toBe(0);
    expect(templatesOf(a)).toEqual([MSG.passwordTooCommon]);
  });

  it('refuses a mail that is taken, whatever its case', async () => {
    const mail = uniqueMail('taken');
    await registered(app, mail);
    const a = await reg(new Client(app.url), mail.toUpperCase());
    expect(a.body.meta.alina_response_success).toBe(0);
    expect(templatesOf(a)).toEqual([MSG.mailTaken]);
  });
});

describe('login and logout', () => {
  it('logs in with the mail in any case and says nothing about which part was wrong', async () => {
    const u = await registered(app);
    const c = new Client(app.url);
    const ok = await c.post('/auth/login', { mail: `  ${u.mail.toUpperCase()} `, password: GOOD_PASSWORD, form_id: 'login' });
    expect(ok.body.meta.alina_response_success).toBe(1);
    expect(ok.body.CurrentUser.id).toBe(u.id);

    const wrongPassword = await new Client(app.url).post('/auth/login', { mail: u.mail, password: 'wrong-password-1' });
    const unknownMail = await new Client(app.url).post('/auth/login', { mail: uniqueMail('nobody'), password: GOOD_PASSWORD });
    for (const a of [wrongPassword, unknownMail]) {
      expect(a.status).toBe(200);
      expect(a.body.meta.alina_response_success).toBe(0);
      expect(templatesOf(a)).toEqual([MSG.incorrectCredentials]);
      expect(a.body.CurrentUser.id).toBeNull();
    }
  });

  it('authenticates by the HttpOnly cookie alone as well as by the token header', async () => {
    const u = await registered(app);
    const res = await fetch(`${app.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
      body: JSON.stringify({ mail: u.mail, password: GOOD_PASSWORD }),
    });
    const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0];
    const me = await fetch(`${app.url}/api/auth/profile/${u.id}`, { headers: { cookie } });
    const body = await me.json();
    expect(body.CurrentUser.id).toBe(u.id);
    expect(body.data.user.mail).toBe(u.mail);
  });

  it('treats "null", "undefined" and a mismatched uid as no login', async () => {
    const u = await registered(app);
    const variants: Record<string, string>[] = [
      { token: 'null', uid: 'null' },
      { token: 'undefined' },
      { token: u.token as string, uid: String(u.id + 1000) },
    ];
    for (const headers of variants) {
      const res = await fetch(`${app.url}/api/auth/profile/${u.id}`, { headers });
      expect((await res.json()).CurrentUser.id).toBeNull();
    }
  });

  it('signs each of many callers at once in as themselves, and none with an ended or made-up token', async () => {
    const users = await Promise.all(Array.from({ length: 12 }, () => registered(app)));
    // a fresh session each, asked for all at once (sessions not kept are read together: sessions.ts sessionsTogether)
    const fresh = await Promise.all(
      users.map(async (u) => {
        const c = new Client(app.url);
        await c.post('/auth/login', { mail: u.mail, password: GOOD_PASSWORD });
        return c;
      }),
    );
    const ended = new Client(app.url);
    await ended.post('/auth/login', { mail: users[0].mail, password: GOOD_PASSWORD });
    const endedToken = ended.token;
    await ended.post('/auth/logout', { form_id: 'actionLogout' });
    const strangers = [endedToken, 'x'.repeat(43)].map((token) => {
      const c = new Client(app.url);
      c.token = token;
      return c;
    });
    const callers = [...fresh, ...strangers];
    const answers = await Promise.all(callers.map((c, i) => c.get(`/auth/profile/${users[i % users.length].id}`)));
    for (const [i, u] of users.entries()) expect(answers[i].body.CurrentUser, `caller ${i}`).toMatchObject({ id: u.id, mail: u.mail });
    for (const a of answers.slice(users.length)) expect(a.body.CurrentUser.id).toBeNull();
  });

  it('logout ends only the current session and answers as a guest', async () => {
    const u = await registered(app);
    const other = new Client(app.url);
    await other.post('/auth/login', { mail: u.mail, password: GOOD_PASSWORD });
    const oldToken = u.token;
    const a = await u.post('/auth/logout', { form_id: 'actionLogout' });
    expect(a.body.CurrentUser).toMatchObject({ id: null, token: null });
    const stale = new Client(app.url);
    stale.token = oldToken;
    expect((await stale.get(`/auth/profile/${u.id}`)).body.CurrentUser.id).toBeNull();
    expect((await other.get(`/auth/profile/${u.id}`)).body.CurrentUser.id).toBe(u.id);
  });

  it('rate-limits failed logins per mail with 429 and a message, and never locks the account for good', async () => {
    const u = await registered(app);
    const c = new Client(app.url);
    for (let i = 0; i < 5; i++) {
      const a = await c.post('/auth/login', { mail: u.mail, password: `wrong-${i}-password` });
      expect(a.status).toBe(200);
    }
    const limited = await c.post('/auth/login', { mail: u.mail, password: GOOD_PASSWORD });
    expect(limited.status).toBe(429);
    expect(templatesOf(limited)).toEqual([MSG.tooManyRequests]);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    await app.deps.limiter.clear(`login:mail:${u.mail}`); // the window passing
    expect((await c.post('/auth/login', { mail: u.mail, password: GOOD_PASSWORD })).body.meta.alina_response_success).toBe(1);
  });
});

describe('ban', () => {
  it('ends the sessions of a banned user, refuses login and writes with 403, and lifts cleanly', async () => {
    const u = await registered(app);
    await setBan(app.deps, u.id, Math.floor(Date.now() / 1000) + 3600);
    const write = await u.post('/auth/profile', { id: u.id, firstname: 'Nope' });
    expect(write.status).toBe(401); // the ban ended the session
    const login = await new Client(app.url).post('/auth/login', { mail: u.mail, password: GOOD_PASSWORD });
    expect(login.status).toBe(403);
    expect(templatesOf(login)).toEqual([MSG.banned]);
    await setBan(app.deps, u.id, null);
    const again = new Client(app.url);
    expect((await again.post('/auth/login', { mail: u.mail, password: GOOD_PASSWORD })).body.meta.alina_response_success).toBe(1);
  });

  it('refuses a write from a session that outlived a ban set directly in the database', async () => {
    const u = await registered(app);
    const { users } = await import('../../db/schema');
    await app.deps.db
      .update(users)
      .set({ banned_till: Math.floor(Date.now() / 1000) + 60 })
      .where(eq(users.id, u.id));
    const w = await u.post('/auth/profile', { id: u.id, firstname: 'Nope' });
    expect(w.status).toBe(403);
    expect(templatesOf(w)).toEqual([MSG.banned]);
  });
});

describe('change password', () => {
  it('needs login (401)', async () => {
    const a = await new Client(app.url).post('/auth/ChangePassword', {
      password: 'new-password-4471',
      confirm_password: 'new-password-4471',
    });
    expect(a.status).toBe(401);
    expect(templatesOf(a)).toEqual([MSG.loginFirst]);
  });

  it('in a fresh session needs no current password, and ends every other session', async () => {
    const u = await registered(app);
    const elsewhere = new Client(app.url);
    await elsewhere.post('/auth/login', { mail: u.mail, password: GOOD_PASSWORD });
    const a = await u.post('/auth/ChangePassword', {
      password: 'new-password-4471',
      confirm_password: 'new-password-4471',
      form_id: 'actionChangePassword',
    });
    expect(a.body.meta.alina_response_success).toBe(1);
    expect(templatesOf(a)).toEqual([MSG.passwordChanged]);
    expect(a.body.CurrentUser.id).toBe(u.id); // this session goes on
    expect((await elsewhere.get(`/auth/profile/${u.id}`)).body.CurrentUser.id).toBeNull();
    const old = await new Client(app.url).post('/auth/login', { mail: u.mail, password: GOOD_PASSWORD });
    expect(old.body.meta.alina_response_success).toBe(0);
    const fresh = await new Client(app.url).post('/auth/login', { mail: u.mail, password: 'new-password-4471' });
    expect(fresh.body.meta.alina_response_success).toBe(1);
  });

  it('in an older session needs the right current password', async () => {
    const u = await registered(app);
    await app.deps.db
      .update(sessions)
      .set({ created_at: Math.floor(Date.now() / 1000) - 3600 })
      .where(eq(sessions.user_id, u.id));
    const body = { password: 'new-password-9911', confirm_password: 'new-password-9911' };
    const missing = await u.post('/auth/ChangePassword', body);
    expect(templatesOf(missing)).toEqual([MSG.passwordNotChanged, MSG.currentPasswordWrong]);
    const wrong = await u.post('/auth/ChangePassword', { ...body, current_password: 'not-it-at-all' });
    expect(wrong.body.meta.alina_response_success).toBe(0);
    const right = await u.post('/auth/ChangePassword', { ...body, current_password: GOOD_PASSWORD });
    expect(right.body.meta.alina_response_success).toBe(1);
  });
});

describe('password reset', () => {
  const request = (mail: string) => new Client(app.url).post('/auth/ResetPasswordRequest', { mail, form_id: 'actionResetPasswordRequest' });

  it('answers the same for known and unknown mails, and mails a code only to a known one', async () => {
    const u = await registered(app);
    const known = await request(u.mail);
    const mailed = await lastMail(app);
    const unknown = await request(uniqueMail('ghost'));
    expect(unknown.status).toBe(known.status);
    expect(unknown.body.messages).toEqual(known.body.messages);
    expect(unknown.body.meta).toEqual(known.body.meta);
    expect(mailed.text).toContain(u.mail);
    expect(mailed.code).toMatch(/^\d{8}$/);
    expect((await lastMail(app)).text).toBe(mailed.text); // nothing written for the ghost
  });

  it('says "Code was sent earlier." to a second request within a minute and sends nothing', async () => {
    const u = await registered(app);
    await request(u.mail);
    const first = await lastMail(app);
    const again = await request(u.mail);
    expect(templatesOf(again)).toEqual([MSG.codeSentEarlier]);
    expect((await lastMail(app)).code).toBe(first.code);
  });

  it('sets the password with the mailed code, ends old sessions and logs in', async () => {
    const u = await registered(app);
    await request(u.mail);
    const { code } = await lastMail(app);
    const c = new Client(app.url);
    const a = await c.post('/auth/ResetPasswordWithCode', {
      mail: u.mail.toUpperCase(),
      reset_code: code,
      password: 'brand-new-pass-5150',
      confirm_password: 'brand-new-pass-5150',
      form_id: 'actionResetPasswordWithCode',
    });
    expect(a.body.meta.alina_response_success).toBe(1);
    expect(templatesOf(a)).toEqual([MSG.passwordChanged]);
    expect(a.body.CurrentUser.id).toBe(u.id);
    expect((await u.get(`/auth/profile/${u.id}`)).body.CurrentUser.id).toBeNull();
    // the code is spent
    const reuse = await new Client(app.url).post('/auth/ResetPasswordWithCode', {
      mail: u.mail,
      reset_code: code,
      password: 'another-pass-5151',
      confirm_password: 'another-pass-5151',
    });
    expect(templatesOf(reuse)).toEqual([MSG.resetCodeIncorrect]);
  });

  const tryCode = (mail: string, reset_code: string) =>
    new Client(app.url).post('/auth/ResetPasswordWithCode', {
      mail,
      reset_code,
      password: 'brand-new-pass-5150',
      confirm_password: 'brand-new-pass-5150',
    });

  it('refuses a wrong code and an expired code with "Reset code is incorrect."', async () => {
    const u = await registered(app);
    await request(u.mail);
    const { code } = await lastMail(app);
    const wrong = String((Number(code) + 1) % 1e8).padStart(8, '0');
    const a = await tryCode(u.mail, wrong);
    expect(a.body.meta.alina_response_success).toBe(0);
    expect(templatesOf(a)).toEqual([MSG.resetCodeIncorrect]);
    expect(a.body.messages[0].field).toBe('reset_code');
    await app.deps.db
      .update(passwordResets)
      .set({ expires_at: Math.floor(Date.now() / 1000) - 1 })
      .where(eq(passwordResets.user_id, u.id));
    expect(templatesOf(await tryCode(u.mail, code as string))).toEqual([MSG.resetCodeIncorrect]);
  });

  it('refuses even the right code after five wrong ones', async () => {
    const u = await registered(app);
    await request(u.mail);
    const { code } = await lastMail(app);
    const wrong = String((Number(code) + 7) % 1e8).padStart(8, '0');
    for (let i = 0; i < 5; i++) expect(templatesOf(await tryCode(u.mail, wrong))).toEqual([MSG.resetCodeIncorrect]);
    const sixth = await tryCode(u.mail, code as string);
    expect(sixth.body.meta.alina_response_success).toBe(0);
    expect(templatesOf(sixth)).toEqual([MSG.resetCodeIncorrect]);
    expect(
      (await new Client(app.url).post('/auth/login', { mail: u.mail, password: GOOD_PASSWORD })).body.meta.alina_response_success,
    ).toBe(1);
  });

  it('refuses a code for a mail that asked for none, and a malformed code naming the field', async () => {
    const u = await registered(app);
    expect(templatesOf(await tryCode(u.mail, '12345678'))).toEqual([MSG.resetCodeIncorrect]);
    const bad = await tryCode(u.mail, 'abc');
    expect(bad.body.messages[0].field).toBe('reset_code');
  });
});

describe('user delete', () => {
  it('visitor 401, another user 403, moderator 403; the owner deletes the account and its sessions', async () => {
    const u = await registered(app);
    const other = await registered(app);
    expect((await new Client(app.url).post(`/auth/UserDelete/${u.id}`, { form_id: 'actionUserDelete' })).status).toBe(401);
    const forbidden = await other.post(`/auth/UserDelete/${u.id}`, { form_id: 'actionUserDelete' });
    expect(forbidden.status).toBe(403);
    expect(templatesOf(forbidden)).toEqual([MSG.accessDenied]);
    const { setRole } = await import('./service');
    await setRole(app.deps, other.id, 'moderator', true);
    expect((await other.post(`/auth/UserDelete/${u.id}`, {})).status).toBe(403);
    const gone = await u.post(`/auth/UserDelete/${u.id}`, { form_id: 'actionUserDelete' });
    expect(gone.body.meta.alina_response_success).toBe(1);
    expect(gone.body.CurrentUser.id).toBeNull();
    expect((await other.get(`/auth/profile/${u.id}`)).status).toBe(404);
    const rows = await app.deps.db.select().from(sessions).where(eq(sessions.user_id, u.id));
    expect(rows).toHaveLength(0);
    expect(
      (await new Client(app.url).post('/auth/login', { mail: u.mail, password: GOOD_PASSWORD })).body.meta.alina_response_success,
    ).toBe(0);
  });

  it('an admin deletes another account; an unknown id is 404', async () => {
    const { setRole } = await import('./service');
    const adminUser = await registered(app);
    await setRole(app.deps, adminUser.id, 'admin', true);
    const victim = await registered(app);
    expect((await adminUser.post(`/auth/UserDelete/${victim.id}`, {})).body.meta.alina_response_success).toBe(1);
    expect((await adminUser.post('/auth/UserDelete/999999', {})).status).toBe(404);
  });
});

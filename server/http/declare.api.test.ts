import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allEndpoints, api } from '../../common/api';
import type { Endpoint } from '../../common/api/endpoint';
import { MSG } from '../../common/messages';
import type { Access } from '../../common/policies';
import { type PublicUser, GUEST } from '../../common/schemas/user';
import { setRole } from '../features/auth/service';
import { Client, GOOD_PASSWORD, type TestApp, registered, startApp, templatesOf } from '../test/harness';
import { route } from './declare';
import { outcome } from './envelope';

/**
 * What the declarations in common/api say is what the server does: who may call each endpoint,
 * and that an answer carries nothing its declaration does not name.
 */

/** Where the test routes below live, under the API prefix. */
const LEAK = '/test/leak';
let app: TestApp;
type Member = Awaited<ReturnType<typeof registered>>;
let admin: Member;
let moderator: Member;
let plain: Member;
let other: Member;

const profileOf = (id: number, extra: Record<string, unknown> = {}) =>
  ({
    id,
    firstname: 'Ann',
    lastname: 'Lee',
    emblem: '',
    birth: null,
    about_myself: '',
    language: 'en',
    timezone: '',
    created_at: 1,
    banned_till: null,
    rbac_user_role: [],
    ...extra,
  }) as PublicUser;

beforeAll(async () => {
  app = await startApp({}, async ({ app: server, deps }) => {
    // Handlers that send more than the profile endpoint declares, through route() like any other.
    await server.register(
      async (scope) => {
        route(scope, { ...api.profiles.profile, path: `${LEAK}/hash/:id` }, async (request) =>
          outcome({ user: profileOf(request.params.id, { password_hash: '$argon2id$secret' }) }),
        );
        route(scope, { ...api.profiles.profile, path: `${LEAK}/mail/:id` }, async (request) =>
          outcome({ user: profileOf(request.params.id, { mail: 'someone@example.com' }) }),
        );
        route(scope, { ...api.profiles.profile, path: `${LEAK}/caller/:id` }, async (request) => {
          request.currentUser = { ...request.currentUser, password_hash: '$argon2id$secret' } as typeof GUEST;
          return outcome({ user: profileOf(request.params.id) });
        });
      },
      { prefix: deps.config.API_PREFIX },
    );
  });
  admin = await registered(app);
  moderator = await registered(app);
  await setRole(app.deps, moderator.id, 'moderator', true);
  plain = await registered(app);
  other = await registered(app);
});
afterAll(async () => app?.close());

/** Well-formed path parameters for every declared path. */
const PARAMS: Record<string, string> = {
  table: 'file',
  pageSize: '10',
  page: '1',
  ref_table: 'tale',
  entity_table: 'tale',
  created_at: '1',
};
/** Well-formed bodies for the endpoints past whose validation an empty body would not get. */
const BODIES: Partial<Record<string, Record<string, unknown>>> = {
  'auth.changePassword': { password: GOOD_PASSWORD, confirm_password: GOOD_PASSWORD },
  'profiles.updateProfile': { id: 1 },
  'likes.like': { ref_table: 'tale', ref_id: 1, val: 1 },
  'admin.setUserRole': { role: 'moderator', on: 1 },
  'admin.setUserBan': { banned_till: null },
  'admin.httpCall': { method: 'GET', url: 'http://127.0.0.1:9/' },
};
const key = (e: Endpoint) => `${e.tag}.${e.name}`;
/** The calls that answer with the envelope (the documentation answers JSON and HTML of its own). */
const envelopeEndpoints = allEndpoints.filter((e) => e.response.kind === 'envelope');

function callOf(e: Endpoint, client: Client) {
  const path = e.path.replace(/:([A-Za-z_]+)/g, (_m, name: string) => PARAMS[name] ?? '1');
  if (e.method === 'GET') return client.get(path);
  return client.call(path, { method: e.method, body: BODIES[key(e)] ?? {} });
}

/** Who is refused by the access check, and how: [caller, the levels that refuse them, status]. */
const refusals: [string, () => Client, Access[], 401 | 403][] = [
  ['a visitor', () => new Client(app.url), ['user', 'staff', 'admin'], 401],
  ['a plain user', () => plain, ['staff', 'admin'], 403],
  ['a moderator', () => moderator, ['admin'], 403],
];

describe('who may call an endpoint is what its declaration says', () => {
  it('has a well-formed body for every endpoint that is not open to anyone and refuses an empty one', () => {
    const needBodies = allEndpoints.filter((e) => e.access !== 'anyone' && e.body && !e.body.safeParse({}).success).map(key);
    expect(needBodies.sort()).toEqual(Object.keys(BODIES).sort());
  });

  for (const [who, client, refused, status] of refusals) {
    it(`refuses ${who} wherever the declaration does (${status})`, async () => {
      const wrong: string[] = [];
      // Only the calls this caller may not make: the others would really happen (a logout, a new tale).
      for (const e of envelopeEndpoints.filter((x) => refused.includes(x.access))) {
        const a = await callOf(e, client());
        const template = status === 401 ? MSG.loginFirst : MSG.accessDenied;
        if (a.status !== status || templatesOf(a)[0] !== template)
          wrong.push(`${e.method} ${e.path} (${e.access}): ${a.status} ${templatesOf(a)}`);
      }
      expect(wrong).toEqual([]);
    });
  }

  it('refuses a visitor nothing that anyone may call for want of a login', async () => {
    const wrong: string[] = [];
    for (const e of envelopeEndpoints.filter((x) => x.access === 'anyone')) {
      const a = await callOf(e, new Client(app.url));
      if (a.status === 401 || a.status === 403) wrong.push(`${e.method} ${e.path}: ${a.status} ${templatesOf(a)}`);
    }
    expect(wrong).toEqual([]);
  });

  it('lets each level through: a moderator reads the tables, an admin the test page, a user the badge count', async () => {
    expect((await moderator.get('/AdminDbManager/DbTablesColumnsInfo')).body.meta.alina_response_success).toBe(1);
    expect((await admin.get('/admintests/errors')).body.meta.alina_response_success).toBe(1);
    expect((await other.get('/notification/count')).body.meta.alina_response_success).toBe(1);
  });

  it('checks access after validation, as before: a visitor with a bad body hears about the fields', async () => {
    const a = await new Client(app.url).post('/auth/ChangePassword', { password: 'x' });
    expect(a.status).toBe(200);
    expect(templatesOf(a)).toContain(MSG.passwordTooShort);
  });
});

describe('an answer carries only what its endpoint declares', () => {
  const leaked = async (path: string, client: Client = new Client(app.url)) => {
    const res = await fetch(`${app.url}/api${LEAK}${path}`, {
      headers: client.token ? { token: client.token, uid: String(client.uid) } : {},
    });
    return { status: res.status, text: await res.text() };
  };

  it('refuses to send a field nobody declared (a password hash): 500, and the field never leaves', async () => {
    const a = await leaked(`/hash/${plain.id}`);
    expect(a.status).toBe(500);
    expect(a.text).not.toContain('password_hash');
    expect(a.text).not.toContain('secret');
    expect(JSON.parse(a.text).messages[0].templateString).toBe(MSG.somethingBad);
  });

  it('refuses to send another user’s mail to someone the policy table does not let see it', async () => {
    for (const c of [new Client(app.url), other]) {
      const a = await leaked(`/mail/${plain.id}`, c);
      expect(a.status).toBe(500);
      expect(a.text).not.toContain('someone@example.com');
    }
    // ...and sends it where the table says yes: to the user themself and to staff
    for (const c of [plain, moderator]) expect((await leaked(`/mail/${plain.id}`, c)).status).toBe(200);
  });

  it('refuses a CurrentUser with more than the caller’s own fields', async () => {
    const a = await leaked(`/caller/${plain.id}`, plain);
    expect(a.status).toBe(500);
    expect(a.text).not.toContain('secret');
    // still the envelope, with the caller as they are, less the field
    const body = JSON.parse(a.text);
    expect(body.messages[0].templateString).toBe(MSG.somethingBad);
    expect(body.CurrentUser).toMatchObject({ id: plain.id, mail: plain.mail });
  });

  it('sends a declared answer as it is, to visitors and members alike', async () => {
    const visitor = await new Client(app.url).get<{ user: PublicUser }>(`/auth/profile/${plain.id}`);
    expect(visitor.status).toBe(200);
    expect(visitor.body.data.user).not.toHaveProperty('mail');
    expect(visitor.body.CurrentUser).toEqual(GUEST);
    expect((await plain.get<{ user: PublicUser }>(`/auth/profile/${plain.id}`)).body.data.user.mail).toBe(plain.mail);
  });
});

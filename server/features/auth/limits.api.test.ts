import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../../common/messages';
import { type Answer, Client, GOOD_PASSWORD, type TestApp, registered, startApp, templatesOf, uniqueMail } from '../../test/harness';

/**
 * Login limits hold under a burst: every attempt is counted before its password is checked, so
 * however many arrive at once, at most the limit are checked in a window; the rest answer 429.
 */
let app: TestApp;
let perIp: TestApp;
let onRedis: TestApp | undefined;
beforeAll(async () => {
  app = await startApp({ RATE_LOGIN_PER_MAIL: '10', RATE_LOGIN_PER_IP: '100000' });
  perIp = await startApp({ RATE_LOGIN_PER_MAIL: '100000', RATE_LOGIN_PER_IP: '15' });
  // The shared counters of several app servers, where a Redis is at hand for tests.
  if (process.env.TEST_REDIS_URL) onRedis = await startApp({ RATE_LOGIN_PER_MAIL: '10', REDIS_URL: process.env.TEST_REDIS_URL });
});
afterAll(async () => {
  await app?.close();
  await perIp?.close();
  await onRedis?.close();
});

const login = (a: TestApp, mail: string, password: string) => new Client(a.url).post('/auth/login', { mail, password, form_id: 'login' });

function sortOut(answers: Answer[]) {
  const incorrect = answers.filter((a) => a.status === 200 && templatesOf(a)[0] === MSG.incorrectCredentials);
  const limited = answers.filter((a) => a.status === 429);
  return { incorrect: incorrect.length, limited };
}

function expectLimitedEnvelopes(limited: Answer[]) {
  for (const a of limited) {
    expect(a.body.meta.alina_response_success).toBe(0);
    expect(templatesOf(a)).toEqual([MSG.tooManyRequests]);
    expect(a.body.CurrentUser.id).toBeNull();
    expect(Number(a.headers.get('retry-after'))).toBeGreaterThan(0);
  }
}

async function burstOnOneMail(a: TestApp) {
  const u = await registered(a);
  const answers = await Promise.all(Array.from({ length: 60 }, (_, i) => login(a, u.mail, `wrong-password-${i}`)));
  const { incorrect, limited } = sortOut(answers);
  // At most the limit were checked; every other attempt was refused unchecked.
  expect(incorrect).toBeLessThanOrEqual(10);
  expect(incorrect + limited.length).toBe(60);
  expectLimitedEnvelopes(limited);
  // The right password waits for the window too ...
  const right = await login(a, u.mail, GOOD_PASSWORD);
  expect(right.status).toBe(429);
  expect(templatesOf(right)).toEqual([MSG.tooManyRequests]);
  // ... and only the window: once it has passed, the account opens (never a permanent ban).
  await a.deps.limiter.clear(`login:mail:${u.mail}`);
  const after = await login(a, u.mail, GOOD_PASSWORD);
  expect(after.body.meta.alina_response_success).toBe(1);
  expect(after.body.CurrentUser.id).toBe(u.id);
}

describe('login limits under a burst', () => {
  it('60 wrong passwords at once for one mail: at most 10 are checked, the rest 429, then the right one waits for the window', async () => {
    await burstOnOneMail(app);
  });

  it('the same with the limits counted in Redis', async () => {
    if (!onRedis) return;
    await burstOnOneMail(onRedis);
  });

  it('60 wrong logins at once from one address (each for another mail): at most the per-address limit are checked', async () => {
    const answers = await Promise.all(Array.from({ length: 60 }, (_, i) => login(perIp, uniqueMail(`nobody${i}-`), 'wrong-password')));
    const { incorrect, limited } = sortOut(answers);
    expect(incorrect).toBeLessThanOrEqual(15);
    expect(incorrect + limited.length).toBe(60);
    expectLimitedEnvelopes(limited);
  });

  it('right passwords from one address do not use up its limit: people behind one shared address sign in', async () => {
    const shared = await startApp({ RATE_LOGIN_PER_MAIL: '100000', RATE_LOGIN_PER_IP: '3' });
    try {
      const people = await Promise.all(Array.from({ length: 3 }, () => registered(shared)));
      for (let round = 0; round < 3; round++) {
        for (const p of people) expect((await login(shared, p.mail, GOOD_PASSWORD)).body.meta.alina_response_success).toBe(1);
      }
      // Wrong ones still count: three use up the window.
      for (let i = 0; i < 3; i++) expect((await login(shared, people[0].mail, 'wrong-password')).status).toBe(200);
      expect((await login(shared, people[1].mail, GOOD_PASSWORD)).status).toBe(429);
    } finally {
      await shared.close();
    }
  });
});

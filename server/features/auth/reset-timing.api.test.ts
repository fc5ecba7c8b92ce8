import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../../common/messages';
import { Client, type TestApp, registered, startApp, templatesOf, uniqueMail } from '../../test/harness';

/**
 * ResetPasswordRequest may not tell a known mail from an unknown one, not even by how long it
 * takes. Requests of the two kinds alternate and their medians are compared, so a busy machine
 * slows both alike.
 */
let app: TestApp;
beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => app?.close());

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[s.length >> 1] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

async function timedReset(mail: string): Promise<number> {
  const started = performance.now();
  const a = await new Client(app.url).post('/auth/ResetPasswordRequest', { mail, form_id: 'resetRequest' });
  const ms = performance.now() - started;
  expect(a.status).toBe(200);
  expect(templatesOf(a)).toEqual([MSG.resetCodeSentIfKnown]);
  return ms;
}

describe('reset request timing', () => {
  it('answers known and unknown mails in the same time (medians within 30%)', async () => {
    const known = await Promise.all(Array.from({ length: 15 }, () => registered(app)));
    // One of each first, to warm up both paths.
    await timedReset(uniqueMail('warm'));
    await timedReset((await registered(app)).mail);
    const k: number[] = [];
    const u: number[] = [];
    for (let i = 0; i < known.length; i++) {
      const unknownMail = uniqueMail('nobody');
      if (i % 2) {
        k.push(await timedReset(known[i].mail));
        u.push(await timedReset(unknownMail));
      } else {
        u.push(await timedReset(unknownMail));
        k.push(await timedReset(known[i].mail));
      }
    }
    const mk = median(k);
    const mu = median(u);
    console.info(`reset request medians: known ${mk.toFixed(1)} ms, unknown ${mu.toFixed(1)} ms`);
    expect(Math.abs(mk - mu) / Math.max(mk, mu)).toBeLessThan(0.3);
  });
});

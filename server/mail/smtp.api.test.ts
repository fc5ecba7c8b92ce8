import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../common/messages';
import { Client, GOOD_PASSWORD, type TestApp, registered, startApp, templatesOf } from '../test/harness';

/** A local SMTP receiver stands in for the mail server of SMTP_URL. */
const received: { to: string[]; text: string }[] = [];
let smtp: SMTPServer;
let smtpUrl: string;
let app: TestApp;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      let text = '';
      stream.on('data', (c: Buffer) => (text += c.toString('utf8')));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), text });
        callback();
      });
    },
  });
  await new Promise<void>((r) => smtp.listen(0, '127.0.0.1', r));
  smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
  app = await startApp({ SMTP_URL: smtpUrl, MAIL_FROM: 'Tales <tales@example.org>' });
});
afterAll(async () => {
  await app?.close();
  await new Promise<void>((r) => smtp.close(() => r()));
});

describe('mail over SMTP', () => {
  it('sends the reset code to the SMTP server of SMTP_URL, and the code works', async () => {
    const u = await registered(app);
    const a = await new Client(app.url).post('/auth/ResetPasswordRequest', { mail: u.mail });
    expect(a.body.meta.alina_response_success).toBe(1);
    const mail = received.find((m) => m.to.includes(u.mail));
    expect(mail?.text).toMatch(/From: Tales <tales@example\.org>/);
    const code = /reset code: (\d{8})/i.exec(mail?.text ?? '')?.[1] as string;
    expect(code).toMatch(/^\d{8}$/);
    const done = await new Client(app.url).post('/auth/ResetPasswordWithCode', {
      mail: u.mail,
      reset_code: code,
      password: 'smtp-new-pass-8812',
      confirm_password: 'smtp-new-pass-8812',
    });
    expect(done.body.meta.alina_response_success).toBe(1);
  });

  it('says "Message could not be sent" when the SMTP server is away, keeps no code, and lets the user try again', async () => {
    const down = await startApp({ SMTP_URL: 'smtp://127.0.0.1:9', RATE_RESET_PER_IP: '100' });
    try {
      const u = await registered(down);
      const a = await new Client(down.url).post('/auth/ResetPasswordRequest', { mail: u.mail });
      expect(a.body.meta.alina_response_success).toBe(0);
      expect(templatesOf(a)).toEqual([MSG.mailerError]);
      expect(a.body.messages[0].text).not.toContain('127.0.0.1');
      const any = await new Client(down.url).post('/auth/ResetPasswordWithCode', {
        mail: u.mail,
        reset_code: '12345678',
        password: 'smtp-new-pass-8812',
        confirm_password: 'smtp-new-pass-8812',
      });
      expect(templatesOf(any)).toEqual([MSG.resetCodeIncorrect]);
      // no "Code was sent earlier.": nothing was sent
      expect(templatesOf(await new Client(down.url).post('/auth/ResetPasswordRequest', { mail: u.mail }))).toEqual([MSG.mailerError]);
      expect(
        (await new Client(down.url).post('/auth/login', { mail: u.mail, password: GOOD_PASSWORD })).body.meta.alina_response_success,
      ).toBe(1);
    } finally {
      await down.close();
    }
  });
});

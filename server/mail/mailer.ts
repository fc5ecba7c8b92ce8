import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/** Sends mail: over SMTP when configured, otherwise written as .eml files for a developer to read. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /**
   * How long a delivery typically takes (the median of the latest, in ms; 0 before any): a reset
   * request for an unknown mail waits this long, so its answer does not come back sooner.
   */
  typicalSendMs(): number;
  close(): void;
}

/** Times every delivery of a transport, keeping the latest few. */
function timed(send: (m: MailMessage) => Promise<void>, close: () => void): Mailer {
  const latest: number[] = [];
  return {
    async send(m) {
      const started = performance.now();
      await send(m);
      latest.push(performance.now() - started);
      if (latest.length > 21) latest.shift();
    },
    typicalSendMs() {
      if (!latest.length) return 0;
      return [...latest].sort((a, b) => a - b)[latest.length >> 1];
    },
    close,
  };
}

export function createMailer(opts: { smtpUrl: string; from: string; dataDir: string; log: FastifyBaseLogger }): Mailer {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return timed(
      async (m) => {
        await transport.sendMail({ from: opts.from, to: m.to, subject: m.subject, text: m.text });
        opts.log.info({ to: m.to, subject: m.subject }, 'mail sent over SMTP');
      },
      () => transport.close(),
    );
  }
  const dir = path.join(opts.dataDir, 'mail');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return timed(
    async (m) => {
      const info = await transport.sendMail({ from: opts.from, to: m.to, subject: m.subject, text: m.text });
      await fs.mkdir(dir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(dir, `${stamp}-${randomBytes(4).toString('hex')}.eml`);
      await fs.writeFile(file, info.message as Buffer, { mode: 0o600 });
      // The path, not the content: a mail may hold a reset code, which must never reach a log.
      opts.log.info({ to: m.to, subject: m.subject, file }, 'no SMTP_URL configured: mail written to a file');
    },
    () => transport.close(),
  );
}

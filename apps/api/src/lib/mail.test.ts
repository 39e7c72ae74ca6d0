import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { describe, expect, it } from 'vitest';
import { outbox } from '../db/schema/system.ts';
import { useTestApp } from '../test/harness.ts';
import { createMailer } from './mail.ts';

const t = useTestApp();
const quiet = { info: () => undefined, error: () => undefined } as never;

describe('mail', () => {
  it('sends by SMTP when SMTP_URL is set and records the sending in the outbox', async () => {
    const received: string[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, callback) {
        let data = '';
        stream.on('data', (c: Buffer) => {
          data += c.toString();
        });
        stream.on('end', () => {
          received.push(data);
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.server.address() as AddressInfo).port;
    try {
      const mailer = createMailer(
        t.database.db,
        { smtpUrl: `smtp://127.0.0.1:${port}`, from: 'Freightdesk <no-reply@freightdesk.test>' },
        quiet,
      );
      await mailer.send({ to: 'someone@demo.test', subject: 'SMTP check', text: 'Hello over SMTP' });
      expect(received).toHaveLength(1);
      expect(received[0]).toContain('Subject: SMTP check');
      expect(received[0]).toContain('Hello over SMTP');
      const [row] = await t.database.db.select().from(outbox).where(eq(outbox.subject, 'SMTP check'));
      expect(row).toMatchObject({ transport: 'smtp', error: null });
      expect(row?.sentAt).toBeInstanceOf(Date);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('keeps the mail with the error when the SMTP server is unreachable', async () => {
    const mailer = createMailer(t.database.db, { smtpUrl: 'smtp://127.0.0.1:1', from: 'x@freightdesk.test' }, quiet);
    await mailer.send({ to: 'someone@demo.test', subject: 'Unreachable', text: 'x' });
    const [row] = await t.database.db.select().from(outbox).where(eq(outbox.subject, 'Unreachable'));
    expect(row?.sentAt).toBeNull();
    expect(row?.error).toBeTruthy();
  });

  it('without SMTP keeps the mail in the outbox only', async () => {
    const mailer = createMailer(t.database.db, { from: 'x@freightdesk.test' }, quiet);
    await mailer.send({ to: 'someone@demo.test', subject: 'Outbox only', text: 'x' });
    const [row] = await t.database.db.select().from(outbox).where(eq(outbox.subject, 'Outbox only'));
    expect(row).toMatchObject({ transport: 'outbox', sentAt: null });
  });
});

import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { describe, expect, it } from 'vitest';
import { jobs } from '../db/schema/jobs.ts';
import { outbox } from '../db/schema/system.ts';
import { useTestApp } from '../test/harness.ts';
import { createJobRunner } from './jobs.ts';
import { createMailer, MAIL_MAX_ATTEMPTS, MAIL_SEND_JOB } from './mail.ts';

const t = useTestApp();
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
const from = 'Freightdesk <no-reply@freightdesk.test>';

/** A local SMTP server that answers "try later" to the first `refusals` mails, then takes them. */
async function startSmtp(refusals: number) {
  const received: string[] = [];
  let refused = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onMailFrom(_address, _session, callback) {
      if (refused < refusals) {
        refused++;
        return callback(Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 }));
      }
      return callback();
    },
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
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const outboxRow = async (subject: string) => (await t.database.db.select().from(outbox).where(eq(outbox.subject, subject)))[0];
const jobOf = async (outboxId: number) =>
  (
    await t.database.db
      .select()
      .from(jobs)
      .where(eq(jobs.key, `${MAIL_SEND_JOB}:${outboxId}`))
  )[0];
/** Lets time pass for the job: its retry is due now. */
const makeDue = (outboxId: number) =>
  t.database.db
    .update(jobs)
    .set({ runAt: new Date(Date.now() - 10) })
    .where(eq(jobs.key, `${MAIL_SEND_JOB}:${outboxId}`));
const minutesAhead = (d: Date | undefined) => ((d?.getTime() ?? 0) - Date.now()) / 60_000;

describe('mail', () => {
  it('sends by SMTP through a durable job and records the sending in the outbox', async () => {
    const smtp = await startSmtp(0);
    try {
      const runner = createJobRunner(t.database.db, quiet);
      const mailer = createMailer(t.database.db, runner, { smtpUrl: smtp.url, from }, quiet);
      await mailer.send({ to: 'someone@demo.test', subject: 'SMTP check', text: 'Hello over SMTP' });
      expect(smtp.received).toHaveLength(0);
      expect(await runner.tick()).toBe(1);
      expect(smtp.received).toHaveLength(1);
      expect(smtp.received[0]).toContain('Subject: SMTP check');
      expect(smtp.received[0]).toContain('Hello over SMTP');
      const row = await outboxRow('SMTP check');
      expect(row).toMatchObject({ transport: 'smtp', error: null });
      expect(row?.sentAt).toBeInstanceOf(Date);
      expect(await jobOf(row?.id ?? 0)).toMatchObject({ status: 'done', attempts: 1 });
    } finally {
      await smtp.close();
    }
  });

  it('retries a refused mail with growing waits and finally sends it once', async () => {
    const smtp = await startSmtp(2);
    try {
      const runner = createJobRunner(t.database.db, quiet);
      const mailer = createMailer(t.database.db, runner, { smtpUrl: smtp.url, from }, quiet);
      await mailer.send({ to: 'someone@demo.test', subject: 'Greylisted', text: 'Third time lucky' });
      const id = (await outboxRow('Greylisted'))?.id ?? 0;

      expect(await runner.tick()).toBe(1);
      expect((await outboxRow('Greylisted'))?.error).toMatch(
        new RegExp(`^attempt 1 of ${MAIL_MAX_ATTEMPTS} failed, next in 1 min: .*try again later`),
      );
      const first = await jobOf(id);
      expect(first).toMatchObject({ status: 'pending', attempts: 1 });
      expect(minutesAhead(first?.runAt)).toBeGreaterThan(0.8);
      expect(minutesAhead(first?.runAt)).toBeLessThan(1.2);
      expect(await runner.tick()).toBe(0);

      await makeDue(id);
      expect(await runner.tick()).toBe(1);
      expect((await outboxRow('Greylisted'))?.error).toMatch(/^attempt 2 of \d+ failed, next in 5 min/);
      expect(minutesAhead((await jobOf(id))?.runAt)).toBeGreaterThan(4.8);

      await makeDue(id);
      expect(await runner.tick()).toBe(1);
      expect(smtp.received).toHaveLength(1);
      expect(smtp.received[0]).toContain('Third time lucky');
      const sent = await outboxRow('Greylisted');
      expect(sent).toMatchObject({ error: null });
      expect(sent?.sentAt).toBeInstanceOf(Date);
      expect(await jobOf(id)).toMatchObject({ status: 'done', attempts: 3 });
    } finally {
      await smtp.close();
    }
  });

  it('keeps the mail with the error when the SMTP server stays unreachable, and gives up at the limit', async () => {
    const runner = createJobRunner(t.database.db, quiet);
    const mailer = createMailer(t.database.db, runner, { smtpUrl: 'smtp://127.0.0.1:1', from }, quiet);
    await mailer.send({ to: 'someone@demo.test', subject: 'Unreachable', text: 'x' });
    expect(await runner.tick()).toBe(1);
    const row = await outboxRow('Unreachable');
    expect(row?.sentAt).toBeNull();
    expect(row?.error).toMatch(/^attempt 1 of/);
    const id = row?.id ?? 0;
    await t.database.db
      .update(jobs)
      .set({ attempts: MAIL_MAX_ATTEMPTS - 1, runAt: new Date(Date.now() - 10) })
      .where(eq(jobs.key, `${MAIL_SEND_JOB}:${id}`));
    expect(await runner.tick()).toBe(1);
    expect((await outboxRow('Unreachable'))?.error).toMatch(new RegExp(`^gave up after ${MAIL_MAX_ATTEMPTS} attempts`));
    expect(await jobOf(id)).toMatchObject({ status: 'failed', attempts: MAIL_MAX_ATTEMPTS });
  });

  it('without SMTP keeps the mail in the outbox only', async () => {
    const runner = createJobRunner(t.database.db, quiet);
    const mailer = createMailer(t.database.db, runner, { from: 'x@freightdesk.test' }, quiet);
    await mailer.send({ to: 'someone@demo.test', subject: 'Outbox only', text: 'x' });
    const row = await outboxRow('Outbox only');
    expect(row).toMatchObject({ transport: 'outbox', sentAt: null });
    expect(await jobOf(row?.id ?? 0)).toBeUndefined();
  });
});

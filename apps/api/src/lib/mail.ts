import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Db } from '../db/client.ts';
import { insertOutboxMail, markOutboxSent, outboxMail, setOutboxError } from '../repositories/outbox.repository.ts';
import { type JobHandler, type JobRunner, scheduleJob } from './jobs.ts';

export type Mail = { to: string; subject: string; text: string };
export type Mailer = { send: (mail: Mail) => Promise<void> };

export const MAIL_SEND_JOB = 'mail.send';
/** Waits between attempts: a mail server that is briefly down or greylisting gets ~22 hours. */
const RETRY_MINUTES = [1, 5, 15, 60, 180, 360, 720];
export const MAIL_MAX_ATTEMPTS = RETRY_MINUTES.length + 1;
const retryMinutes = (attempts: number) => RETRY_MINUTES[Math.min(attempts, RETRY_MINUTES.length) - 1] ?? 1;

type Log = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

/**
 * Keeps every mail in the outbox table. With SMTP_URL a durable `mail.send` job sends it, retrying
 * with backoff while the server refuses or cannot be reached; the outbox row shows the last error
 * and when it was sent. Without SMTP_URL the mail is logged, so a laptop install can still follow
 * a password-reset link.
 */
export function createMailer(db: Db, runner: JobRunner, opts: { smtpUrl?: string; from: string }, log: Log): Mailer {
  // Timeouts well inside the job's, so a silent server fails this attempt instead of hanging it.
  const transport = opts.smtpUrl
    ? nodemailer.createTransport({ url: opts.smtpUrl, connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 30_000 })
    : undefined;
  if (transport) {
    runner.register(MAIL_SEND_JOB, deliver(db, transport, opts.from, log), {
      timeoutMs: 90_000,
      maxAttempts: MAIL_MAX_ATTEMPTS,
      backoff: (attempts) => retryMinutes(attempts) * 60_000,
    });
  }
  return {
    async send(mail) {
      await db.transaction(async (tx) => {
        const id = await insertOutboxMail(tx, { ...mail, transport: transport ? 'smtp' : 'outbox' });
        if (transport && id !== undefined) {
          await scheduleJob(tx, MAIL_SEND_JOB, `${MAIL_SEND_JOB}:${id}`, new Date(), { outboxId: id });
        }
      });
      if (!transport) {
        log.info({ to: mail.to, subject: mail.subject }, `mail kept in outbox:\n${mail.text}`);
      }
    },
  };
}

/** The `mail.send` job: one attempt at one outbox row; throwing hands the retry to the job runner. */
function deliver(db: Db, transport: Transporter, from: string, log: Log): JobHandler {
  return async (payload, job) => {
    const id = Number(payload.outboxId);
    const row = await outboxMail(db, id);
    if (!row || row.sentAt) {
      return;
    }
    // nodemailer aborts the SMTP conversation on this signal (its typings do not list it yet).
    const message = { from, to: row.to, subject: row.subject, text: row.text, signal: job.signal };
    try {
      await transport.sendMail(message);
    } catch (err) {
      const final = job.attempts >= MAIL_MAX_ATTEMPTS;
      const error = final
        ? `gave up after ${job.attempts} attempts: ${messageOf(err)}`
        : `attempt ${job.attempts} of ${MAIL_MAX_ATTEMPTS} failed, next in ${retryMinutes(job.attempts)} min: ${messageOf(err)}`;
      await setOutboxError(db, id, error);
      if (final) {
        log.error({ err, to: row.to, outbox: id }, 'SMTP send failed for good');
      } else {
        log.warn({ err, to: row.to, outbox: id }, 'SMTP send failed; it will retry');
      }
      throw err;
    }
    await markOutboxSent(db, id);
  };
}

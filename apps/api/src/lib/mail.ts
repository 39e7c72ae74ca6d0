import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Db } from '../db/client.ts';
import { outbox } from '../db/schema/system.ts';

export type Mail = { to: string; subject: string; text: string };
export type Mailer = { send: (mail: Mail) => Promise<void> };

/**
 * Keeps every mail in the outbox table; sends it by SMTP when SMTP_URL is set, otherwise logs it
 * so a laptop install can still follow a password-reset link.
 */
export function createMailer(db: Db, opts: { smtpUrl?: string; from: string }, log: FastifyBaseLogger): Mailer {
  const transport = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : undefined;
  return {
    async send(mail) {
      const [row] = await db
        .insert(outbox)
        .values({ ...mail, transport: transport ? 'smtp' : 'outbox' })
        .returning({ id: outbox.id });
      if (!transport || !row) {
        log.info({ to: mail.to, subject: mail.subject }, `mail kept in outbox:\n${mail.text}`);
        return;
      }
      try {
        await transport.sendMail({ from: opts.from, ...mail });
        await db.update(outbox).set({ sentAt: new Date() }).where(eq(outbox.id, row.id));
      } catch (err) {
        log.error({ err, to: mail.to }, 'SMTP send failed; the mail stays in the outbox');
        await db
          .update(outbox)
          .set({ error: err instanceof Error ? err.message : String(err) })
          .where(eq(outbox.id, row.id));
      }
    },
  };
}

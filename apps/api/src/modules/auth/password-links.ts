import { randomUUID } from 'node:crypto';
import { PASSWORD_RESET_TTL_MINUTES } from '@freightdesk/shared/constants';
import type { Db, DbOrTx } from '../../db/client.ts';
import { badRequest, tooManyRequests } from '../../lib/errors.ts';
import { scheduleJob } from '../../lib/jobs.ts';
import { clientKey, RESET_LIMITS, reserveAttempts, tryAgainIn } from '../../lib/login-throttle.ts';
import type { Mailer } from '../../lib/mail.ts';
import { hashPassword } from '../../lib/password.ts';
import { revokeSessions } from '../../repositories/sessions.repository.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import { insertPasswordLink, liveLink, spendLink, spendUserLinks } from '../../repositories/password-resets.repository.ts';
import { activeUserByEmail, setPasswordHash } from '../../repositories/user-accounts.repository.ts';

/** The durable job that looks the address up and mails the reset link, after the answer. */
export const RESET_MAIL_JOB = 'auth.reset-mail';

/**
 * Forgot-password, the part before the answer: counts the client's request (429 past the client
 * limit) and hands the address to a job. Nothing here depends on whether the address has an
 * account, so neither the answer nor its timing tells.
 */
export async function requestPasswordReset(db: Db, ip: string, email: string): Promise<void> {
  const wait = await reserveAttempts(db, [{ key: `reset-client:${clientKey(ip)}`, rule: RESET_LIMITS.client }]);
  if (wait !== undefined) {
    throw tooManyRequests(wait, `Too many password reset requests from here. ${tryAgainIn(wait)}`);
  }
  await scheduleJob(db, RESET_MAIL_JOB, `${RESET_MAIL_JOB}:${randomUUID()}`, new Date(), { email: email.trim().toLowerCase() });
}

/**
 * The job: within the account's limit, mails a reset link when the address belongs to an active
 * user. Past the limit, or for an unknown address, nothing happens (the client was answered already).
 */
export async function mailResetLink(db: Db, mailer: Mailer, baseUrl: string, email: string): Promise<void> {
  if (await reserveAttempts(db, [{ key: `reset-account:${email}`, rule: RESET_LIMITS.account }])) {
    return;
  }
  const user = await activeUserByEmail(db, email);
  if (user) {
    await sendPasswordLink(db, mailer, user, baseUrl, 'reset');
  }
}

const INVITE_TTL_MINUTES = 72 * 60;

/** Ends every unused link of a user: a newer link, a spent one or a new password replaces them. */
export async function revokePasswordLinks(db: DbOrTx, userId: number): Promise<void> {
  await spendUserLinks(db, userId);
}

/**
 * Mails a single-use `#/password/reset/{token}` link: a reset (valid an hour) or, for a user
 * someone else created, an invitation to choose a first password (valid 72 hours). The user's older
 * links stop working. `baseUrl` is `linkBaseUrl(config)`, never the request's host.
 */
export async function sendPasswordLink(
  db: DbOrTx,
  mailer: Mailer,
  user: { id: number; name: string; email: string },
  baseUrl: string,
  kind: 'reset' | 'invite',
  company?: string,
): Promise<void> {
  const minutes = kind === 'reset' ? PASSWORD_RESET_TTL_MINUTES : INVITE_TTL_MINUTES;
  const { token, hash } = newToken();
  await revokePasswordLinks(db, user.id);
  await insertPasswordLink(db, user.id, hash, new Date(Date.now() + minutes * 60_000));
  const link = `${baseUrl.replace(/\/$/, '')}/#/password/reset/${token}`;
  const mail =
    kind === 'reset'
      ? {
          subject: 'Reset your Freightdesk password',
          text: `Hello ${user.name},\n\nTo choose a new password, open this link within ${minutes} minutes:\n\n${link}\n\nThe link works once. If you did not ask for it, ignore this mail; your password stays as it is.\n`,
        }
      : {
          subject: `You are invited to Freightdesk${company ? ` by ${company}` : ''}`,
          text: `Hello ${user.name},\n\nAn account was created for you on Freightdesk${company ? ` for ${company}` : ''}. Choose your password within 72 hours here:\n\n${link}\n\nThen log in with ${user.email}.\n`,
        };
  await mailer.send({ to: user.email, ...mail });
}

const liveReset = (db: Db, token: string) => liveLink(db, hashToken(token));

const RESET_INVALID = 'This reset link is invalid or has expired. Please ask for a new one.';

export async function checkResetToken(db: Db, token: string): Promise<{ email: string }> {
  const row = await liveReset(db, token);
  if (!row) {
    throw badRequest('token', RESET_INVALID);
  }
  return { email: row.email };
}

/** Sets the new password, spends the link and every other link of the user, and ends the user's sessions. */
export async function resetPassword(db: Db, token: string, password: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    const spent = await spendLink(tx, hashToken(token));
    if (!spent) {
      throw badRequest('token', RESET_INVALID);
    }
    await setPasswordHash(tx, spent.userId, passwordHash);
    await revokePasswordLinks(tx, spent.userId);
    await revokeSessions(tx, { userId: spent.userId });
  });
}

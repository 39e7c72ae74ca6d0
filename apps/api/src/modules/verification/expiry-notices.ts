import { formatDay } from '@freightdesk/shared/date-time';
import { EXPIRY_NOTICE_DAYS, REGISTER_DOC_LABEL, type RegisterDoc } from '@freightdesk/shared/schemas/verification';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { indiaToday } from '../../lib/india-time.ts';
import { notify } from '../../lib/notify.ts';
import {
  claimExpiryNotice,
  carrierUsers,
  type ExpiringDocument,
  expiringDocuments,
} from '../../repositories/register-checks.repository.ts';
import { ensureRecurringJob } from '../../repositories/tracking-runs.repository.ts';
import { addDays } from './verdict.ts';

export const EXPIRY_NOTICES_JOB = 'register-expiry-notices';
const HOUR = 3_600_000;

const noticeText = (d: ExpiringDocument, today: string) => {
  const what = `${REGISTER_DOC_LABEL[d.doc as RegisterDoc] ?? d.doc} of ${d.register === 'vehicle' ? 'vehicle' : 'driving licence'} ${d.number}`;
  return d.validTo === today
    ? `${what} ends today (${formatDay(d.validTo)}). Renew it before ${d.orderNumber} reaches a gate.`
    : `${what} ends on ${formatDay(d.validTo)}. Renew it before it blocks ${d.orderNumber} at the gate.`;
};

/**
 * One pass of the daily expiry notices: each document of a vehicle or licence on a carrier's active
 * order that ends within EXPIRY_NOTICE_DAYS is told to the carrier's users once per document and
 * India day (a rerun the same day sends nothing: the notice row is claimed in the notification's
 * transaction). Answers how many notices went.
 */
export async function sendExpiryNotices(db: Db, now = new Date()): Promise<number> {
  const today = indiaToday(now);
  let sent = 0;
  for (const d of await expiringDocuments(db, today, addDays(today, EXPIRY_NOTICE_DAYS))) {
    const told = await db.transaction(async (tx) => {
      if (!(await claimExpiryNotice(tx, d, today))) {
        return false;
      }
      await notify(tx, await carrierUsers(tx, d.carrierId), {
        title: 'Document expiring',
        msg: noticeText(d, today),
        type: 'order',
        referId: d.orderId,
        requestType: d.requestType,
      });
      return true;
    });
    sent += told ? 1 : 0;
  }
  return sent;
}

/** The recurring job: every 6 hours (a new India day's notices go within hours of midnight). */
export function registerExpiryNotices(app: FastifyInstance) {
  const db = app.deps.database.db;
  app.deps.jobs.register(
    EXPIRY_NOTICES_JOB,
    async (_payload, job) => {
      const sent = await sendExpiryNotices(db);
      if (sent) {
        app.log.info({ sent }, 'register expiry notices sent');
      }
      job.runAgainAt(new Date(Date.now() + 6 * HOUR));
    },
    { timeoutMs: 10 * 60_000, maxAttempts: 1000 },
  );
  app.addHook('onReady', async () => {
    await ensureRecurringJob(db, EXPIRY_NOTICES_JOB, new Date(Date.now() + 60_000));
  });
}

import { formatIst } from '@freightdesk/shared/eway-bill';
import type { Db } from '../../db/client.ts';
import type { JobRunner } from '../../lib/jobs.ts';
import { carrierUsersOfLinks, notify } from '../../lib/notify.ts';
import { audience } from '../../lib/policy.ts';
import { recordEwayBillExpiring } from '../../lib/webhook-emits.ts';
import { billAlertQuery } from '../../repositories/eway-bills.repository.ts';
import { EWAY_ACTIVE_ORDER_STATUSES, EWAY_EXPIRED_JOB, EWAY_EXPIRING_JOB } from './eway-bills.service.ts';

/**
 * The e-way bill alerts: 8 hours before a bill of an active order expires, and when it has, the
 * shipper's users who may open the order and the carrier's users are told (stored, live, pushed).
 * A bill extended or cancelled since the job was scheduled, or an order already delivered, is left
 * alone: the job carries the validity it was scheduled for.
 */
export function registerEwayBillAlerts(jobs: JobRunner, db: Db) {
  const alert = (expired: boolean) => async (payload: Record<string, unknown>) => {
    const billId = Number(payload.billId);
    await db.transaction(async (tx) => {
      const [row] = await billAlertQuery(tx, billId);
      const current = row && row.status === 'active' && row.validUntil.toISOString() === payload.validUntil;
      if (!row || !current || !EWAY_ACTIVE_ORDER_STATUSES.includes(row.orderStatus)) {
        return;
      }
      const until = formatIst(row.validUntil);
      const users = [
        ...(await audience(tx, row.industryId, 'order', row.orderId)),
        ...(await carrierUsersOfLinks(tx, [row.carrierLinkId])),
      ];
      await notify(tx, users, {
        title: expired ? 'E-way bill expired' : 'E-way bill expiring',
        msg: expired
          ? `E-way bill ${row.number} of ${row.orderNumber} expired at ${until}. Extend it within 8 hours or generate a new one.`
          : `E-way bill ${row.number} of ${row.orderNumber} expires at ${until}. Extend it now if the vehicle will not arrive in time.`,
        type: 'order',
        referId: row.orderId,
        requestType: row.requestType,
      });
      if (!expired) {
        await recordEwayBillExpiring(tx, row.orderId, row.number, row.validUntil);
      }
    });
  };
  jobs.register(EWAY_EXPIRING_JOB, alert(false));
  jobs.register(EWAY_EXPIRED_JOB, alert(true));
}

import type { AdminDashboard } from '@freightdesk/shared/schemas/dashboard';
import type { Db } from '../../db/client.ts';
import { adminFigureRow } from '../../repositories/dashboard-roles.repository.ts';

type Counts = Record<keyof AdminDashboard, number | string>;

/**
 * The platform's figures for its admin, in one statement:
 * - active shippers;
 * - active shippers whose plan ends within PLAN_EXPIRY_WARNING_DAYS with nothing active after it
 *   (their latest active subscription ends in that window);
 * - the platform's devices with shippers, on orders, and sent back (to be received);
 * - mail waiting to be sent over SMTP, mail given up on, and mail of the last 7 days kept in the
 *   outbox only because no SMTP server is configured.
 */
export async function adminFigures(db: Db): Promise<AdminDashboard> {
  const row = await adminFigureRow<Counts>(db);
  const n = (key: keyof AdminDashboard) => Number(row?.[key] ?? 0);
  return {
    shippersActive: n('shippersActive'),
    plansExpiring: n('plansExpiring'),
    devicesWithShippers: n('devicesWithShippers'),
    devicesOnOrders: n('devicesOnOrders'),
    devicesSentBack: n('devicesSentBack'),
    mailWaiting: n('mailWaiting'),
    mailFailed: n('mailFailed'),
    mailKept: n('mailKept'),
  };
}

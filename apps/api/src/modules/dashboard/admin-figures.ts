import { sql } from 'drizzle-orm';
import { type AdminDashboard, PLAN_EXPIRY_WARNING_DAYS } from '@freightdesk/shared/schemas/dashboard';
import type { Db } from '../../db/client.ts';

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
  const result = await db.execute(sql`select
      (select count(*) from industries where status = 'active') as "shippersActive",
      (select count(*) from industries i where i.status = 'active' and (
        select max(s.ends_at) from subscriptions s where s.industry_id = i.id and s.status = 'active' and s.ends_at > now()
      ) <= now() + make_interval(days => ${PLAN_EXPIRY_WARNING_DAYS})) as "plansExpiring",
      (select count(*) from devices where state = 'with_shipper') as "devicesWithShippers",
      (select count(*) from devices where state = 'on_order') as "devicesOnOrders",
      (select count(*) from devices where state = 'sent_back') as "devicesSentBack",
      (select count(*) from outbox where transport = 'smtp' and sent_at is null and coalesce(error, '') not like 'gave up%') as "mailWaiting",
      (select count(*) from outbox where transport = 'smtp' and sent_at is null and error like 'gave up%') as "mailFailed",
      (select count(*) from outbox where transport = 'outbox' and created_at > now() - interval '7 days') as "mailKept"`);
  const [row] = (result as unknown as { rows: Counts[] }).rows;
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

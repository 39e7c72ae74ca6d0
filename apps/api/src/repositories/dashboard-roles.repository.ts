import { and, eq, type SQL, sql } from 'drizzle-orm';
import { PLAN_EXPIRY_WARNING_DAYS } from '@freightdesk/shared/schemas/dashboard';
import type { DbOrTx } from '../db/client.ts';
import { invoices } from '../db/schema/money.ts';
import { orders } from '../db/schema/orders.ts';
import { transportRequests } from '../db/schema/requests.ts';
import { ordersFor, requestsFor, type Viewer } from '../lib/policy.ts';
import { invoicesFor } from '../lib/policy-money.ts';
import { bidOn, bidWon, myBid, visibility } from './carrier-requests.repository.ts';
import { DUE } from './invoice-dues.repository.ts';

/**
 * The statements of the carrier's and the platform admin's dashboards (modules/dashboard): the
 * carrier's read through the policy (requestsFor, ordersFor, invoicesFor for the viewer).
 */

const r = transportRequests;
const o = orders;

/** Open auctions the carrier sees, and its bids in them at rank 1, behind, or at a hidden position. */
export function carrierAuctionsQuery(db: DbOrTx, viewer: Viewer) {
  const bid = myBid(viewer.carrierId ?? 0);
  const rank = sql`((${bid})->>'rank')::int`;
  return db
    .select({
      live: sql<number>`count(*)`.mapWith(Number),
      leading: sql<number>`count(*) filter (where ${bid} is not null and ${visibility} <> 'nothing' and ${rank} = 1)`.mapWith(Number),
      trailing: sql<number>`count(*) filter (where ${bid} is not null and ${visibility} <> 'nothing' and ${rank} > 1)`.mapWith(Number),
      hidden: sql<number>`count(*) filter (where ${bid} is not null and ${visibility} = 'nothing')`.mapWith(Number),
    })
    .from(r)
    .where(and(eq(r.status, 'open'), requestsFor(viewer, 'list') ?? sql`false`));
}

/**
 * Requests awarded that the carrier bid on: those that gave it an order (won) and the others (lost),
 * by the portal's bid-outcome rule (repositories/carrier-requests: bidOn, bidWon).
 */
export function carrierOutcomesQuery(db: DbOrTx, viewer: Viewer) {
  const mine = bidOn(viewer.carrierId ?? 0);
  const won = bidWon(viewer.carrierId ?? 0);
  return db
    .select({
      won: sql<number>`count(*) filter (where ${won})`.mapWith(Number),
      lost: sql<number>`count(*) filter (where not ${won})`.mapWith(Number),
    })
    .from(r)
    .where(and(eq(r.status, 'awarded'), mine, requestsFor(viewer, 'list') ?? sql`false`));
}

/** The viewer's invoices with something still due, and that amount. */
export const carrierDueQuery = (db: DbOrTx, viewer: Viewer) =>
  db
    .select({
      count: sql<number>`count(*) filter (where ${DUE} > 0)`.mapWith(Number),
      paise: sql<number>`coalesce(sum(${DUE}), 0)::float8`.mapWith(Number),
    })
    .from(invoices)
    .where(invoicesFor(viewer, 'list') ?? sql`false`);

/** The viewer's orders waiting for its vehicle and in transit. */
export const carrierWorkQuery = (db: DbOrTx, viewer: Viewer) =>
  db
    .select({
      toServe: sql<number>`count(*) filter (where ${o.status} = 'placed')`.mapWith(Number),
      inTransit: sql<number>`count(*) filter (where ${o.status} = 'gate_out')`.mapWith(Number),
    })
    .from(o)
    .where(ordersFor(viewer, 'list') ?? sql`false`);

/** The carrier's figures' rows, one statement after another. */
export async function carrierFigureRows(db: DbOrTx, viewer: Viewer) {
  const [auctions] = await carrierAuctionsQuery(db, viewer);
  const [outcomes] = await carrierOutcomesQuery(db, viewer);
  const [due] = await carrierDueQuery(db, viewer);
  const [work] = await carrierWorkQuery(db, viewer);
  return { auctions, outcomes, due, work };
}

/** The platform's figures for its admin, in one statement (see modules/dashboard/admin-figures.ts). */
export const adminFiguresStatement = (): SQL => sql`select
      (select count(*) from industries where status = 'active') as "shippersActive",
      (select count(*) from industries i where i.status = 'active' and (
        select max(s.ends_at) from subscriptions s where s.industry_id = i.id and s.status = 'active' and s.ends_at > now()
      ) <= now() + make_interval(days => ${PLAN_EXPIRY_WARNING_DAYS})) as "plansExpiring",
      (select count(*) from devices where state = 'with_shipper') as "devicesWithShippers",
      (select count(*) from devices where state = 'on_order') as "devicesOnOrders",
      (select count(*) from devices where state = 'sent_back') as "devicesSentBack",
      (select count(*) from outbox where transport = 'smtp' and sent_at is null and coalesce(error, '') not like 'gave up%') as "mailWaiting",
      (select count(*) from outbox where transport = 'smtp' and sent_at is null and error like 'gave up%') as "mailFailed",
      (select count(*) from outbox where transport = 'outbox' and created_at > now() - interval '7 days') as "mailKept"`;

/** The admin's figures' one row, each figure as the driver returns it. */
export async function adminFigureRow<Counts>(db: DbOrTx): Promise<Counts | undefined> {
  const result = await db.execute(adminFiguresStatement());
  const [row] = (result as unknown as { rows: Counts[] }).rows;
  return row;
}

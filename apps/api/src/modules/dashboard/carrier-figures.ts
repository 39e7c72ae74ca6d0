import { and, eq, sql } from 'drizzle-orm';
import type { CarrierDashboard } from '@freightdesk/shared/schemas/dashboard';
import type { Db } from '../../db/client.ts';
import { invoices } from '../../db/schema/money.ts';
import { orders } from '../../db/schema/orders.ts';
import { transportRequests } from '../../db/schema/requests.ts';
import { ordersFor, requestsFor, type Viewer } from '../../lib/policy.ts';
import { invoicesFor } from '../../lib/policy-money.ts';
import { DUE } from '../invoices/invoice-read.ts';
import { myBid, visibility } from '../requests/carrier-requests.service.ts';

/**
 * The carrier's own figures, through the policy (requests inviting its company on a link not
 * blocked, orders of its links): open auctions; its bids in them at rank 1 or behind, as the
 * carrier portal shows them (a position the shipper hides counts as hidden); orders placed and
 * waiting for its vehicle, and orders in transit. Bids won and lost, as the carrier portal tells
 * a bid's outcome: of requests awarded that it bid on, those that gave it an order (not rejected or
 * cancelled) and those that did not. Invoices due: its invoices with something still to pay (the
 * invoices' one rule of "due": approved or partly paid), across shippers, and that amount.
 */
export async function carrierFigures(db: Db, viewer: Viewer): Promise<CarrierDashboard> {
  const r = transportRequests;
  const o = orders;
  const bid = myBid(viewer.carrierId ?? 0);
  const rank = sql`((${bid})->>'rank')::int`;
  const [auctions] = await db
    .select({
      live: sql<number>`count(*)`.mapWith(Number),
      leading: sql<number>`count(*) filter (where ${bid} is not null and ${visibility} <> 'nothing' and ${rank} = 1)`.mapWith(Number),
      trailing: sql<number>`count(*) filter (where ${bid} is not null and ${visibility} <> 'nothing' and ${rank} > 1)`.mapWith(Number),
      hidden: sql<number>`count(*) filter (where ${bid} is not null and ${visibility} = 'nothing')`.mapWith(Number),
    })
    .from(r)
    .where(and(eq(r.status, 'open'), requestsFor(viewer, 'list') ?? sql`false`));
  const mine = sql`exists (select 1 from bids b join industry_carriers ic on ic.id = b.industry_carrier_id
    where b.request_id = ${r.id} and ic.carrier_id = ${viewer.carrierId ?? 0})`;
  const won = sql`exists (select 1 from orders wo join industry_carriers ic on ic.id = wo.industry_carrier_id
    where wo.request_id = ${r.id} and ic.carrier_id = ${viewer.carrierId ?? 0} and wo.status not in ('rejected', 'cancelled'))`;
  const [outcomes] = await db
    .select({
      won: sql<number>`count(*) filter (where ${won})`.mapWith(Number),
      lost: sql<number>`count(*) filter (where not ${won})`.mapWith(Number),
    })
    .from(r)
    .where(and(eq(r.status, 'awarded'), mine, requestsFor(viewer, 'list') ?? sql`false`));
  const [due] = await db
    .select({
      count: sql<number>`count(*) filter (where ${DUE} > 0)`.mapWith(Number),
      paise: sql<number>`coalesce(sum(${DUE}), 0)::float8`.mapWith(Number),
    })
    .from(invoices)
    .where(invoicesFor(viewer, 'list') ?? sql`false`);
  const [work] = await db
    .select({
      toServe: sql<number>`count(*) filter (where ${o.status} = 'placed')`.mapWith(Number),
      inTransit: sql<number>`count(*) filter (where ${o.status} = 'gate_out')`.mapWith(Number),
    })
    .from(o)
    .where(ordersFor(viewer, 'list') ?? sql`false`);
  return {
    liveAuctions: auctions?.live ?? 0,
    bidsLeading: auctions?.leading ?? 0,
    bidsTrailing: auctions?.trailing ?? 0,
    bidsPositionHidden: auctions?.hidden ?? 0,
    ordersToServe: work?.toServe ?? 0,
    ordersInTransit: work?.inTransit ?? 0,
    bidsWon: outcomes?.won ?? 0,
    bidsLost: outcomes?.lost ?? 0,
    invoicesDue: due?.count ?? 0,
    invoicesDueRupees: Math.round(due?.paise ?? 0) / 100,
  };
}

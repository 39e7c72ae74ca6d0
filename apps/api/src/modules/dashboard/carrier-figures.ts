import { and, eq, sql } from 'drizzle-orm';
import type { CarrierDashboard } from '@freightdesk/shared/schemas/dashboard';
import type { Db } from '../../db/client.ts';
import { orders } from '../../db/schema/orders.ts';
import { transportRequests } from '../../db/schema/requests.ts';
import { ordersFor, requestsFor, type Viewer } from '../../lib/policy.ts';
import { myBid, visibility } from '../requests/carrier-requests.service.ts';

/**
 * The carrier's own figures, through the policy (requests inviting its company on a link not
 * blocked, orders of its links): open auctions; its bids in them at rank 1 or behind, as the
 * carrier portal shows them (a position the shipper hides counts as hidden); orders placed and
 * waiting for its vehicle, and orders in transit.
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
  };
}

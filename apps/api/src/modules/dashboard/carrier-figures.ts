import type { CarrierDashboard } from '@freightdesk/shared/schemas/dashboard';
import type { Db } from '../../db/client.ts';
import type { Viewer } from '../../lib/policy.ts';
import { carrierFigureRows } from '../../repositories/dashboard-roles.repository.ts';

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
  const { auctions, outcomes, due, work } = await carrierFigureRows(db, viewer);
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

import { type SQL, sql } from 'drizzle-orm';
import { orders } from '../db/schema/orders.ts';
import type { Viewer } from './policy-scope.ts';

/**
 * The carrier's own scorecard (issue 37, record 0312): the records a carrier user may be scored
 * on — the orders addressed to one of its company's links and the indent offers made to them, of
 * every shipper it serves, never another carrier's. The condition reads `orders.industry_carrier_id`,
 * which the orders carry and the scorecard's offers carry too (repositories/report-carrier-scorecard:
 * an offer is read as the order it would make), so one rule scopes both halves and the emissions
 * (orders joined to their stored figures). Shipper users read the same measures through the report,
 * under the orders' rule (`ordersFor(viewer, 'export')`); everyone else reads none.
 */
export function carrierScorecardFor(viewer: Viewer): SQL | null {
  if (viewer.userType !== 2 || !viewer.carrierId) {
    return null;
  }
  return sql`${orders.industryCarrierId} in (select id from industry_carriers where carrier_id = ${viewer.carrierId})`;
}

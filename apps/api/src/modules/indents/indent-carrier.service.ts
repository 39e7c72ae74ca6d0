import type { ListResponse } from '@freightdesk/shared/schemas/common';
import { answerTimeOf, type CarrierIndent } from '@freightdesk/shared/schemas/indent';
import type { DbOrTx } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import {
  type CarrierIndentQuery,
  type CarrierTurnRow,
  carrierIndentPage,
  carrierTurn,
  ordersOfTurns,
} from '../../repositories/indent-carrier.repository.ts';

export { linksOfCarrier } from '../../repositories/indent-carrier.repository.ts';

/**
 * What a carrier sees of the indents addressed to it: its own turns with the orders its acceptance
 * made (repositories/indent-carrier.repository.ts reads them).
 */
async function withOrders(db: DbOrTx, rows: CarrierTurnRow[]): Promise<CarrierIndent[]> {
  const made = rows.length
    ? await ordersOfTurns(
        db,
        rows.map((r) => r.allocationId),
      )
    : [];
  return rows.map(({ ratePaise, originLabel, destinationLabel, ...r }) => ({
    ...r,
    laneLabel: `${originLabel} → ${destinationLabel}`,
    rateRupees: ratePaise / 100,
    reportingAt: r.reportingAt.toISOString(),
    deadlineAt: r.deadlineAt?.toISOString() ?? null,
    answeredAt: answerTimeOf(r.status, r.answeredAt)?.toISOString() ?? null,
    orders: made
      .filter((o) => o.turn === r.allocationId)
      .map(({ turn: _, requestType, ...o }) => ({ ...o, requestType: requestType === 2 ? 2 : 1 })),
  }));
}

/** The carrier's turns, those waiting for its answer first (soonest deadline first), then the newest. */
export async function listCarrierIndents(db: DbOrTx, carrierId: number, q: CarrierIndentQuery): Promise<ListResponse<CarrierIndent>> {
  const page = await carrierIndentPage(db, carrierId, q);
  return { ...page, data: await withOrders(db, page.data) };
}

/** The carrier's latest turn on one indent (404 when the indent never reached it). */
export async function carrierIndent(db: DbOrTx, carrierId: number, indentId: number): Promise<CarrierIndent> {
  const rows = await carrierTurn(db, carrierId, indentId);
  const [one] = await withOrders(db, rows);
  if (!one) {
    throw notFound('Indent');
  }
  return one;
}

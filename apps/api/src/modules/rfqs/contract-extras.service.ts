import type { ListResponse } from '@freightdesk/shared/schemas/common';
import type { ContractAmend, ContractOrder, ContractPerformance } from '@freightdesk/shared/schemas/contract';
import { pctOf } from '@freightdesk/shared/percent';
import type { Db, DbOrTx } from '../../db/client.ts';
import { writeAudit } from '../../repositories/audit.repository.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { carrierUsersOfLinks, notify } from '../../lib/notify.ts';
import {
  amendLaneRate,
  contractOrdersPage,
  contractRecordInScope,
  laneOfContract,
  laneTakes,
  orderTallies,
  turnTallies,
} from '../../repositories/contract-extras.repository.ts';
import { lockContractInScope } from '../../repositories/contracts.repository.ts';
import { indiaMonth } from '../indents/share-order.ts';
import type { Rule } from '../../lib/policy-require.ts';
import { indianNumber } from '@freightdesk/shared/indian-number';

/** The contract in scope (404 outside it). */
async function contractIn(db: DbOrTx, id: number, scope: Rule<'contract'>) {
  const row = await contractRecordInScope(db, id, scope);
  if (!row) {
    throw notFound('Contract');
  }
  return row;
}

/**
 * A lane's rate amended during an active contract, with the reason, kept in the lane's rate
 * history; indents placed from now on use it, orders already placed keep theirs. The carrier is told.
 */
export async function amendRate(
  db: Db,
  actor: { id: number; industryId: number },
  id: number,
  laneId: number,
  scope: Rule<'contract'>,
  input: ContractAmend,
) {
  await db.transaction(async (tx) => {
    const contract = await lockContractInScope(tx, id, scope);
    if (!contract) {
      throw notFound('Contract');
    }
    if (contract.status !== 'active') {
      throw new AppError(409, 'CONTRACT_ENDED', `This contract is already ${contract.status}.`);
    }
    const lane = await laneOfContract(tx, id, laneId);
    if (!lane) {
      throw notFound('Contract lane');
    }
    const ratePaise = Math.round(input.rateRupees * 100);
    if (ratePaise === lane.ratePaise) {
      throw new AppError(400, 'VALIDATION_FAILED', 'The new rate is the rate already in force.', {
        rateRupees: 'The new rate is the rate already in force.',
      });
    }
    await amendLaneRate(tx, id, laneId, ratePaise, `amendment: ${input.reason}`, actor.id);
    await writeAudit(tx, {
      industryId: actor.industryId,
      actorUserId: actor.id,
      entity: 'contract',
      entityId: id,
      action: 'amend-rate',
      from: { contractLaneId: laneId, rateRupees: lane.ratePaise / 100 },
      to: { contractLaneId: laneId, rateRupees: input.rateRupees },
      reason: input.reason,
    });
    await notify(tx, await carrierUsersOfLinks(tx, [contract.industryCarrierId]), {
      title: 'Contract rate amended',
      msg: `${contract.number}: a lane's rate is now ₹${indianNumber(input.rateRupees)} (${input.reason}).`,
      type: 'rfp',
      referId: contract.rfqId ?? id,
      requestType: 1,
    });
  });
}

/** The orders placed on the contract (through its indent turns), newest first, paginated. */
export async function contractOrders(
  db: DbOrTx,
  id: number,
  scope: Rule<'contract'>,
  q: { page: number; pageSize: 25 | 50 | 100 },
): Promise<ListResponse<ContractOrder>> {
  await contractIn(db, id, scope);
  const { rows, total } = await contractOrdersPage(db, id, q);
  return {
    data: rows.map(({ pricePaise, requestType, pickupAt, ...r }) => ({
      ...r,
      requestType: requestType === 2 ? 2 : 1,
      priceRupees: pricePaise / 100,
      pickupAt: pickupAt.toISOString(),
    })),
    total,
    page: q.page,
    pageSize: q.pageSize,
  };
}

const pct = (part: number, whole: number) => (whole > 0 ? pctOf(part, whole) : null);

/** Placement and acceptance so far: the carrier's indent turns on this contract and their orders. */
export async function contractPerformance(db: DbOrTx, id: number, scope: Rule<'contract'>, now = new Date()): Promise<ContractPerformance> {
  await contractIn(db, id, scope);
  const turns = await turnTallies(db, id);
  const made = await orderTallies(db, id);
  const { from, to } = indiaMonth(now);
  const lanes = await laneTakes(db, id, from, to);
  const n = (v: number | undefined) => Number(v ?? 0);
  return {
    turnsAsked: n(turns?.asked),
    turnsAccepted: n(turns?.accepted),
    turnsRejected: n(turns?.rejected),
    turnsExpired: n(turns?.expired),
    vehiclesAsked: n(turns?.vehiclesAsked),
    vehiclesAccepted: n(turns?.vehiclesAccepted),
    acceptancePct: pct(n(turns?.vehiclesAccepted), n(turns?.vehiclesAsked)),
    orders: n(made?.orders),
    ordersDelivered: n(made?.delivered),
    onTimePlacementPct: pct(n(made?.onTime), n(made?.reported)),
    lanes: lanes.map((l) => ({
      contractLaneId: l.contractLaneId,
      label: `${l.originLabel} → ${l.destinationLabel}`,
      sharePct: l.sharePct,
      takenThisMonth: n(l.mine),
      laneTakenThisMonth: n(l.all),
    })),
  };
}

import type { ListResponse } from '@freightdesk/shared/schemas/common';
import { type ContractDetail, type ContractListQuery, type ContractSummary, shareOfTrips } from '@freightdesk/shared/schemas/contract';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { scheduleJob } from '../../lib/jobs.ts';
import { carrierUsersOfLinks, notify } from '../../lib/notify.ts';
import {
  type ContractRow,
  contractById,
  contractInScope,
  contractListPage,
  contractParts,
  lockContractInScope,
  updateContract,
} from '../../repositories/contracts.repository.ts';
import type { Rule } from '../../lib/policy-require.ts';

export const CONTRACT_EXPIRY_JOB = 'contract-expiry';

const toSummary = (r: ContractRow): ContractSummary => ({
  ...r,
  lanes: Number(r.lanes),
  updatedAt: r.updatedAt.toISOString(),
});

/** Contracts in scope, newest first, searched by number or carrier; filtered by status and RFQ; paginated. */
export async function listContracts(db: DbOrTx, scope: Rule<'contract'>, q: ContractListQuery): Promise<ListResponse<ContractSummary>> {
  const page = await contractListPage(db, scope, q);
  return { ...page, data: page.data.map(toSummary) };
}

/** One contract in scope: its lanes with shares and rates, each rate's history, the SLA and how it ended. */
export async function contractDetail(db: DbOrTx, id: number, scope: Rule<'contract'>): Promise<ContractDetail> {
  const row = await contractInScope(db, id, scope);
  if (!row) {
    throw notFound('Contract');
  }
  const { extra, lanes, history } = await contractParts(db, id);
  return {
    ...toSummary(row),
    slaText: extra?.slaText ?? null,
    terminatedAt: extra?.terminatedAt?.toISOString() ?? null,
    terminationReason: extra?.terminationReason ?? null,
    laneList: lanes.map(({ cl, l, vehicleTypeName }) => ({
      id: cl.id,
      rfqLaneId: l.id,
      seq: l.seq,
      label: `${l.originLabel} → ${l.destinationLabel}`,
      vehicleTypeName,
      tripsPerMonth: l.tripsPerMonth,
      sharePct: cl.sharePct,
      shareTripsPerMonth: shareOfTrips(l.tripsPerMonth, cl.sharePct),
      rateRupees: cl.ratePaise / 100,
      history: history
        .filter((h) => h.contractLaneId === cl.id)
        .map((h) => ({ rateRupees: h.ratePaise / 100, reason: h.reason, at: h.at.toISOString() })),
    })),
  };
}

/** Ends an active contract early, with the shipper's reason; the carrier is told. */
export async function terminateContract(db: Db, actor: { id: number }, id: number, scope: Rule<'contract'>, reason: string): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lockContractInScope(tx, id, scope);
    if (!row) {
      throw notFound('Contract');
    }
    if (row.status !== 'active') {
      throw new AppError(409, 'CONTRACT_ENDED', `This contract is already ${row.status}.`);
    }
    const now = new Date();
    await updateContract(tx, id, {
      status: 'terminated',
      terminatedAt: now,
      terminatedBy: actor.id,
      terminationReason: reason,
      updatedAt: now,
    });
    await notify(tx, await carrierUsersOfLinks(tx, [row.industryCarrierId]), {
      title: 'Contract terminated',
      msg: `Contract ${row.number} was terminated by the shipper: ${reason}`,
      // The spec's confirm targets have no contract page: the notice opens the RFQ the contract came from.
      type: 'rfp',
      referId: row.rfqId ?? id,
      requestType: 1,
    });
  });
}

/** The day after a contract's last valid day, 00:00 India time: when the expiry job turns it expired. */
export function expiryMoment(validTo: string): Date {
  return new Date(new Date(`${validTo}T00:00:00+05:30`).getTime() + 86_400_000);
}

/** Schedules the expiry job of each contract (in the award's transaction). */
export async function scheduleExpiries(tx: DbOrTx, made: { id: number; validTo: string }[]): Promise<void> {
  for (const c of made) {
    await scheduleJob(tx, CONTRACT_EXPIRY_JOB, `${CONTRACT_EXPIRY_JOB}:${c.id}`, expiryMoment(c.validTo), { id: c.id });
  }
}

/** The expiry job: an active contract past its period becomes expired. */
export async function expireContract(db: Db, id: number, now = new Date()): Promise<void> {
  const row = await contractById(db, id);
  if (row?.status === 'active' && expiryMoment(row.validTo) <= now) {
    await updateContract(db, id, { status: 'expired', updatedAt: now });
  }
}

import { and, asc, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { ListResponse } from '@freightdesk/shared/schemas/common';
import { type ContractDetail, type ContractListQuery, type ContractSummary, shareOfTrips } from '@freightdesk/shared/schemas/contract';
import type { Db, DbOrTx } from '../../db/client.ts';
import { contractLaneRates, contractLanes, contracts, rfqLanes, rfqs } from '../../db/schema/contracts.ts';
import { plants } from '../../db/schema/plants.ts';
import { vehicleTypes } from '../../db/schema/settings.ts';
import { carriers, industryCarriers } from '../../db/schema/tenancy.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { scheduleJob } from '../../lib/jobs.ts';
import { carrierUsersOfLinks, notify } from '../../lib/notify.ts';
import { cappedPage, countUpTo } from '../../lib/list-page.ts';
import { likePattern } from '../../lib/pagination.ts';

export const CONTRACT_EXPIRY_JOB = 'contract-expiry';

const columns = {
  id: contracts.id,
  number: contracts.number,
  status: contracts.status,
  rfqId: contracts.rfqId,
  rfqNumber: rfqs.number,
  plantId: contracts.plantId,
  plantName: plants.name,
  carrierLinkId: contracts.industryCarrierId,
  carrierName: carriers.name,
  validFrom: contracts.validFrom,
  validTo: contracts.validTo,
  lanes: sql<number>`(select count(*)::int from contract_lanes l where l.contract_id = ${contracts.id})`,
  updatedAt: contracts.updatedAt,
};

const base = (db: DbOrTx) =>
  db
    .select(columns)
    .from(contracts)
    .innerJoin(plants, eq(plants.id, contracts.plantId))
    .innerJoin(industryCarriers, eq(industryCarriers.id, contracts.industryCarrierId))
    .innerJoin(carriers, eq(carriers.id, industryCarriers.carrierId))
    .leftJoin(rfqs, eq(rfqs.id, contracts.rfqId));

const toSummary = (r: Awaited<ReturnType<ReturnType<typeof base>['execute']>>[number]): ContractSummary => ({
  ...r,
  lanes: Number(r.lanes),
  updatedAt: r.updatedAt.toISOString(),
});

/** Contracts in scope, newest first, searched by number or carrier; filtered by status and RFQ; paginated. */
export async function listContracts(db: DbOrTx, scope: SQL, q: ContractListQuery): Promise<ListResponse<ContractSummary>> {
  const where = and(
    scope,
    q.status ? eq(contracts.status, q.status) : undefined,
    q.rfqId ? eq(contracts.rfqId, q.rfqId) : undefined,
    q.search
      ? or(sql`${contracts.number} ilike ${likePattern(q.search)}`, sql`${carriers.name} ilike ${likePattern(q.search)}`)
      : undefined,
  );
  const matches = db
    .select({ one: sql`1`.as('one') })
    .from(contracts)
    .innerJoin(industryCarriers, eq(industryCarriers.id, contracts.industryCarrierId))
    .innerJoin(carriers, eq(carriers.id, industryCarriers.carrierId))
    .where(where)
    .orderBy(desc(contracts.id))
    .$dynamic();
  return cappedPage(
    q,
    async (limit, offset) => (await base(db).where(where).orderBy(desc(contracts.id)).limit(limit).offset(offset)).map(toSummary),
    countUpTo(db, matches),
  );
}

/** One contract in scope: its lanes with shares and rates, each rate's history, the SLA and how it ended. */
export async function contractDetail(db: DbOrTx, id: number, scope: SQL): Promise<ContractDetail> {
  const [row] = await base(db).where(and(eq(contracts.id, id), scope));
  if (!row) {
    throw notFound('Contract');
  }
  const [extra] = await db.select().from(contracts).where(eq(contracts.id, id));
  const lanes = await db
    .select({ cl: contractLanes, l: rfqLanes, vehicleTypeName: vehicleTypes.name })
    .from(contractLanes)
    .innerJoin(rfqLanes, eq(rfqLanes.id, contractLanes.rfqLaneId))
    .innerJoin(vehicleTypes, eq(vehicleTypes.id, rfqLanes.vehicleTypeId))
    .where(eq(contractLanes.contractId, id))
    .orderBy(asc(rfqLanes.seq));
  const history = lanes.length
    ? await db
        .select()
        .from(contractLaneRates)
        .where(
          inArray(
            contractLaneRates.contractLaneId,
            lanes.map((x) => x.cl.id),
          ),
        )
        .orderBy(asc(contractLaneRates.at))
    : [];
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
export async function terminateContract(db: Db, actor: { id: number }, id: number, scope: SQL, reason: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(contracts)
      .where(and(eq(contracts.id, id), scope))
      .for('update');
    if (!row) {
      throw notFound('Contract');
    }
    if (row.status !== 'active') {
      throw new AppError(409, 'CONTRACT_ENDED', `This contract is already ${row.status}.`);
    }
    const now = new Date();
    await tx
      .update(contracts)
      .set({ status: 'terminated', terminatedAt: now, terminatedBy: actor.id, terminationReason: reason, updatedAt: now })
      .where(eq(contracts.id, id));
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
  const [row] = await db.select().from(contracts).where(eq(contracts.id, id));
  if (row?.status === 'active' && expiryMoment(row.validTo) <= now) {
    await db.update(contracts).set({ status: 'expired', updatedAt: now }).where(eq(contracts.id, id));
  }
}

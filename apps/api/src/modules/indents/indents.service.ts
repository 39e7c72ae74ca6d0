import { randomUUID } from 'node:crypto';
import type { ListResponse } from '@freightdesk/shared/schemas/common';
import {
  answerTimeOf,
  type IndentDetail,
  type IndentInputParsed,
  type IndentListQuery,
  type IndentSummary,
} from '@freightdesk/shared/schemas/indent';
import type { Db, DbOrTx } from '../../db/client.ts';
import { writeAudit } from '../../repositories/audit.repository.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import { checkExternalRef } from '../../lib/external-ref.ts';
import { nextNumber } from '../../repositories/numbering.repository.ts';
import type { Viewer } from '../../lib/policy.ts';
import {
  activeLinksAmong,
  insertIndent,
  insertTurns,
  isShipperProduct,
  takenOnLane,
} from '../../repositories/indent-placing.repository.ts';
import { indentInScope, indentListPage, indentParts, indentSummariesOf, type SummaryRow } from '../../repositories/indents.repository.ts';
import { directionOf, type Holder, laneForIndent } from './indent-lanes.ts';
import { byShareDeficit, indiaMonth } from './share-order.ts';
import { advance } from './waterfall.ts';
import type { Rule } from '../../lib/policy-require.ts';

const toSummary = (r: SummaryRow): IndentSummary => ({
  id: r.id,
  number: r.number,
  batchId: r.batchId,
  status: r.status,
  plantId: r.plantId,
  plantName: r.plantName,
  laneId: r.laneId,
  laneLabel: `${r.originLabel} → ${r.destinationLabel}`,
  requestType: r.requestType === 2 ? 2 : 1,
  vehicleTypeName: r.vehicleTypeName,
  vehicles: r.vehicles,
  acceptedVehicles: r.acceptedVehicles,
  spotVehicles: r.spotVehicles,
  reportingAt: r.reportingAt.toISOString(),
  currentCarrierName: r.currentCarrierName,
  answerBy: r.answerBy ? new Date(r.answerBy).toISOString() : null,
  externalRef: r.externalRef,
  updatedAt: r.updatedAt.toISOString(),
});

/** Indents in scope, newest first; by status, contract (its carrier was asked on it), plant; searched by number or lane. */
export async function listIndents(db: DbOrTx, scope: Rule<'indent'>, q: IndentListQuery): Promise<ListResponse<IndentSummary>> {
  const page = await indentListPage(db, scope, q);
  return { ...page, data: page.data.map(toSummary) };
}

/** One indent in scope with its waterfall and its orders (404 outside the scope). */
export async function indentDetail(db: DbOrTx, id: number, scope: Rule<'indent'>): Promise<IndentDetail> {
  const row = await indentInScope(db, id, scope);
  if (!row) {
    throw notFound('Indent');
  }
  const { extra, turns, made } = await indentParts(db, id);
  const indent = extra?.indent;
  const iso = (d: Date | null) => d?.toISOString() ?? null;
  return {
    ...toSummary(row),
    productId: indent?.productId ?? null,
    productName: extra?.productName ?? null,
    weightTonnes: indent?.weightTonnes ?? null,
    remarks: indent?.remarks ?? null,
    answerMinutes: indent?.answerMinutes ?? 0,
    cancelReason: indent?.cancelReason ?? null,
    spotRequestId: indent?.spotRequestId ?? null,
    allocations: turns.map(({ a, carrierName, contractNumber }) => ({
      id: a.id,
      seq: a.seq,
      carrierLinkId: a.industryCarrierId,
      carrierName,
      contractId: a.contractId,
      contractNumber,
      rateRupees: a.ratePaise / 100,
      role: a.role,
      status: a.status,
      vehiclesAsked: a.vehiclesAsked,
      vehiclesAccepted: a.vehiclesAccepted,
      offeredAt: iso(a.offeredAt),
      deadlineAt: iso(a.deadlineAt),
      answeredAt: iso(answerTimeOf(a.status, a.answeredAt)),
      reason: a.reason,
    })),
    orders: made.map(({ pricePaise, ...o }) => ({ ...o, priceRupees: pricePaise / 100 })),
  };
}

/** Vehicles each holder took on this lane in the India-time month of `at` (what the shares are measured on). */
async function takenThisMonth(tx: DbOrTx, laneId: number, at: Date): Promise<Map<number, number>> {
  const { from, to } = indiaMonth(at);
  return takenOnLane(tx, laneId, from, to);
}

/** The shipper's active My Carriers links among `ids`; 400 on `field` naming what is not. */
export async function checkBackups(tx: DbOrTx, industryId: number, ids: number[], field: string): Promise<void> {
  if (!ids.length) {
    return;
  }
  const found = await activeLinksAmong(tx, industryId, ids);
  if (found.length !== ids.length) {
    throw badRequest(field, 'Choose backup carriers from your active My Carriers.');
  }
}

/** The carriers an indent asks, in order: the primary, then the chosen backups or else the lane's other holders. */
async function waterfallOf(tx: DbOrTx, industryId: number, line: IndentInputParsed, holders: Holder[], field: string) {
  const held = new Map(holders.map((h) => [h.carrierLinkId, h]));
  let primary: number | undefined = line.primaryCarrierLinkId ?? undefined;
  const taken = await takenThisMonth(tx, line.laneId, line.reportingAt);
  const ranked = byShareDeficit(
    holders.map((h) => ({ carrierLinkId: h.carrierLinkId, sharePct: h.sharePct, taken: taken.get(h.carrierLinkId) ?? 0 })),
    line.vehicles,
  );
  if (primary !== undefined && !held.has(primary)) {
    throw badRequest(`${field}primaryCarrierLinkId`, "Choose a carrier holding this lane's contract, or leave it to the shares.");
  }
  primary ??= ranked[0] ?? 0;
  if (line.backupCarrierLinkIds.includes(primary)) {
    throw badRequest(`${field}backupCarrierLinkIds`, 'The primary carrier is asked first; it cannot also be a backup.');
  }
  await checkBackups(tx, industryId, line.backupCarrierLinkIds, `${field}backupCarrierLinkIds`);
  const backups = line.backupCarrierLinkIds.length ? line.backupCarrierLinkIds : ranked.filter((id) => id !== primary);
  return { primary: held.get(primary) as Holder, backups: backups.map((id) => ({ id, holder: held.get(id) })) };
}

/** An indent's waterfall as its turns: the primary first, then the backups in order (a backup without a contract at the primary's rate). */
const turnsOf = (indentId: number, primary: Holder, backups: { id: number; holder: Holder | undefined }[]) => [
  {
    indentId,
    seq: 1,
    industryCarrierId: primary.carrierLinkId,
    contractId: primary.contractId,
    ratePaise: primary.ratePaise,
    role: 'primary' as const,
  },
  ...backups.map((b, k) => ({
    indentId,
    seq: k + 2,
    industryCarrierId: b.id,
    contractId: b.holder?.contractId ?? null,
    ratePaise: b.holder?.ratePaise ?? primary.ratePaise,
    role: 'backup' as const,
  })),
];

/** A line's ERP reference: 409 naming the line's field (`indents.2.externalRef` in a batch) when taken. */
async function checkLineRef(tx: DbOrTx, industryId: number, ref: string | null, field: string) {
  try {
    await checkExternalRef(tx, 'indent', industryId, ref);
  } catch (err) {
    if (err instanceof AppError && field) {
      throw new AppError(err.statusCode, err.code, err.message, { [`${field}externalRef`]: err.message }, undefined, err.details);
    }
    throw err;
  }
}

/**
 * Places one indent or a batch (all or nothing): each on a lane an active contract of the shipper
 * holds, reporting in the future within a contract's period; its waterfall made; the first
 * carrier asked. Field errors name the line (`indents.2.reportingAt`).
 */
export async function createIndents(db: Db, viewer: Viewer, industryId: number, lines: IndentInputParsed[], now = new Date()) {
  const ids = await db.transaction(async (tx) => {
    const batchId = randomUUID();
    const made: number[] = [];
    for (const [n, line] of lines.entries()) {
      const field = lines.length > 1 ? `indents.${n}.` : '';
      if (line.reportingAt <= now) {
        throw badRequest(`${field}reportingAt`, 'Reporting date and time is in the past. Choose a later date and time.');
      }
      const { lane, holders } = await laneForIndent(tx, viewer, line.laneId, line.reportingAt, field);
      if (line.productId) {
        if (!(await isShipperProduct(tx, industryId, line.productId))) {
          throw badRequest(`${field}productId`, 'Choose one of your products.');
        }
      }
      const { primary, backups } = await waterfallOf(tx, industryId, line, holders, field);
      await checkLineRef(tx, industryId, line.externalRef, field);
      const row = await insertIndent(tx, {
        industryId,
        number: await nextNumber(tx, industryId, 'IND', now),
        batchId,
        plantId: lane.plantId,
        laneId: lane.id,
        requestType: directionOf(lane),
        vehicleTypeId: lane.vehicleTypeId,
        vehicles: line.vehicles,
        reportingAt: line.reportingAt,
        productId: line.productId ?? lane.productId,
        weightTonnes: line.weightTonnes ?? lane.weightTonnes,
        remarks: line.remarks ?? null,
        externalRef: line.externalRef ?? null,
        answerMinutes: line.answerMinutes,
        ratePaise: primary.ratePaise,
        createdBy: viewer.id,
      });
      if (!row) {
        throw new Error('indent insert returned nothing');
      }
      await insertTurns(tx, turnsOf(row.id, primary, backups));
      await writeAudit(tx, { industryId, actorUserId: viewer.id, entity: 'indent', entityId: row.id, action: 'create', to: { ...line } });
      await advance(tx, row, now);
      made.push(row.id);
    }
    return made;
  });
  const rows = await indentSummariesOf(db, ids);
  return rows.map(toSummary);
}

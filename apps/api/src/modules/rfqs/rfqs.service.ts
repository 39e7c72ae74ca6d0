import type { ListResponse } from '@freightdesk/shared/schemas/common';
import type { RfqDetail, RfqInputParsed, RfqListQuery, RfqStatus, RfqSummary } from '@freightdesk/shared/schemas/rfq';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import { nextNumber } from '../../repositories/numbering.repository.ts';
import {
  insertRfq,
  lockRfqStatus,
  replaceLanesAndInvites,
  rfqInScope,
  rfqListPage,
  rfqParts,
  type summaryColumns,
  updateRfqFields,
} from '../../repositories/rfqs.repository.ts';
import { checkInput } from './rfq-input.ts';
import type { Rule } from '../../lib/policy-require.ts';

const rupees = (paise: number | null) => (paise === null ? null : paise / 100);
const paise = (rupeesValue: number | null | undefined) =>
  rupeesValue === null || rupeesValue === undefined ? null : Math.round(rupeesValue * 100);
const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

async function writeLanesAndInvites(tx: DbOrTx, rfqId: number, input: RfqInputParsed, labels: Map<string, string>, invited: number[]) {
  await replaceLanesAndInvites(
    tx,
    rfqId,
    input.lanes.map((l, i) => ({
      seq: i + 1,
      originKind: l.origin.kind,
      originId: l.origin.id,
      originLabel: labels.get(`${l.origin.kind}:${l.origin.id}`) ?? '',
      destinationKind: l.destination.kind,
      destinationId: l.destination.id,
      destinationLabel: labels.get(`${l.destination.kind}:${l.destination.id}`) ?? '',
      vehicleTypeId: l.vehicleTypeId,
      tripsPerMonth: l.tripsPerMonth,
      productId: l.productId,
      weightTonnes: l.weightTonnes,
      benchmarkPaise: paise(l.benchmarkRupees),
    })),
    invited,
  );
}

const fields = (input: RfqInputParsed) => ({
  title: input.title,
  plantId: input.plantId,
  periodFrom: input.periodFrom,
  periodTo: input.periodTo,
  hideMaterial: input.hideMaterial,
  remarks: input.remarks ?? null,
});

/**
 * A new RFQ, as a draft: nothing reaches a carrier until its first round is opened. `scope` is the
 * policy's RFQ change rule for the caller: the draft is read back through it, and one it would not
 * admit (a staff user's RFQ on a plant outside its plants) is refused, naming the plant, and not kept.
 */
export async function createRfq(
  db: Db,
  actor: { id: number; industryId: number },
  scope: Rule<'rfq'>,
  input: RfqInputParsed,
): Promise<RfqDetail> {
  const id = await db.transaction(async (tx) => {
    const { labels, invited } = await checkInput(tx, actor.industryId, input);
    const rfqId = await insertRfq(tx, {
      ...fields(input),
      industryId: actor.industryId,
      number: await nextNumber(tx, actor.industryId, 'RFQ', new Date()),
      createdBy: actor.id,
    });
    await writeLanesAndInvites(tx, rfqId, input, labels, invited);
    if (!(await rfqInScope(tx, rfqId, scope))) {
      throw badRequest('plantId', 'Choose one of your plants.');
    }
    return rfqId;
  });
  return rfqDetail(db, id, scope);
}

/** Edits a draft (lanes and invitations replaced); a published RFQ changes only through its rounds. */
export async function updateRfq(
  db: Db,
  actor: { id: number; industryId: number },
  id: number,
  scope: Rule<'rfq'>,
  input: RfqInputParsed,
): Promise<RfqDetail> {
  await db.transaction(async (tx) => {
    const row = await lockRfqStatus(tx, id, scope);
    if (!row) {
      throw notFound('RFQ');
    }
    if (row.status !== 'draft') {
      throw new AppError(409, 'RFQ_PUBLISHED', 'Only a draft RFQ can be edited; its quotes are already with the carriers.');
    }
    const { labels, invited } = await checkInput(tx, actor.industryId, input);
    await updateRfqFields(tx, id, fields(input));
    await writeLanesAndInvites(tx, id, input, labels, invited);
  });
  return rfqDetail(db, id, scope);
}

function toSummary(r: { [K in keyof typeof summaryColumns]: unknown }): RfqSummary {
  return {
    id: r.id as number,
    number: r.number as string,
    title: r.title as string,
    status: r.status as RfqStatus,
    plantId: r.plantId as number,
    plantName: r.plantName as string,
    periodFrom: r.periodFrom as string,
    periodTo: r.periodTo as string,
    lanes: Number(r.lanes),
    carriers: Number(r.carriers),
    round: r.round as number,
    roundEndsAt: r.roundEndsAt ? new Date(r.roundEndsAt as string).toISOString() : null,
    updatedAt: (r.updatedAt as Date).toISOString(),
  };
}

/** The RFQs in scope, newest first, searched by number or title, filtered by status; paginated. */
export async function listRfqs(db: DbOrTx, scope: Rule<'rfq'>, q: RfqListQuery): Promise<ListResponse<RfqSummary>> {
  const page = await rfqListPage(db, scope, q);
  return { ...page, data: page.data.map(toSummary) };
}

/** One RFQ in scope with its lanes, invited carriers and rounds; 404 outside the scope. */
export async function rfqDetail(db: DbOrTx, id: number, scope: Rule<'rfq'>): Promise<RfqDetail> {
  return detailOf(db, id, await rfqInScope(db, id, scope));
}

async function detailOf(db: DbOrTx, id: number, row: Awaited<ReturnType<typeof rfqInScope>>): Promise<RfqDetail> {
  if (!row) {
    throw notFound('RFQ');
  }
  const { lanes, invited, rounds } = await rfqParts(db, id);
  return {
    ...toSummary(row),
    hideMaterial: row.hideMaterial,
    remarks: row.remarks,
    laneList: lanes.map(({ l, vehicleTypeName, productName }) => ({
      id: l.id,
      seq: l.seq,
      origin: { kind: l.originKind, id: l.originId, label: l.originLabel },
      destination: { kind: l.destinationKind, id: l.destinationId, label: l.destinationLabel },
      vehicleTypeId: l.vehicleTypeId,
      vehicleTypeName,
      tripsPerMonth: l.tripsPerMonth,
      productId: l.productId,
      productName,
      weightTonnes: l.weightTonnes,
      benchmarkRupees: rupees(l.benchmarkPaise),
    })),
    invited,
    rounds: rounds.map((r) => ({
      number: r.number,
      startsAt: r.startsAt.toISOString(),
      endsAt: r.endsAt.toISOString(),
      closedAt: iso(r.closedAt),
      showRank: r.showRank,
      laneIds: r.laneIds,
      carrierLinkIds: r.carrierLinkIds,
    })),
  };
}

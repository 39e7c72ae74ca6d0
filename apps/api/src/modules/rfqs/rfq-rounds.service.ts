import type { RfqQuotesInput, RfqRoundInput } from '@freightdesk/shared/schemas/rfq';
import { rfqQuotesInputSchema, rfqRoundInputSchema } from '@freightdesk/shared/schemas/rfq';
import { formatIst } from '@freightdesk/shared/eway-bill';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import { scheduleJob } from '../../lib/jobs.ts';
import { carrierUsersOfLinks, notify } from '../../lib/notify.ts';
import { audience, type Viewer } from '../../lib/policy.ts';
import {
  closeRoundRow,
  insertRound,
  invitedLinksOfRfq,
  laneIdsOfRfq,
  lockRfqById,
  lockRfqForCarrier,
  lockRfqInScope,
  type RfqRow,
  rfqStateInScope,
  roundOf,
  saveQuote,
  updateRfq,
} from '../../repositories/rfq-rounds.repository.ts';
import type { Rule } from '../../lib/policy-require.ts';

export const ROUND_CLOSE_JOB = 'rfq-round-close';
const MINUTE = 60_000;

type LockedRfq = RfqRow;

async function lockRfq(tx: DbOrTx, id: number, scope: Rule<'rfq'>): Promise<LockedRfq> {
  const row = await lockRfqInScope(tx, id, scope);
  if (!row) {
    throw notFound('RFQ');
  }
  return row;
}

/**
 * Opens the next quoting round: round 1 to every lane and invited carrier (publishing the draft),
 * later rounds to the lanes and carriers chosen, optionally showing each carrier its rank per lane.
 * A durable job closes it at `endsAt`. Invited carriers in the round are told.
 */
export async function openRound(db: Db, actor: { id: number }, id: number, scope: Rule<'rfq'>, body: RfqRoundInput, now = new Date()) {
  const input = rfqRoundInputSchema.parse(body);
  return db.transaction(async (tx) => {
    const rfq = await lockRfq(tx, id, scope);
    if (rfq.status === 'open') {
      throw new AppError(409, 'ROUND_OPEN', `Round ${rfq.round} is open; open the next one after it closes.`);
    }
    if (rfq.status === 'awarded' || rfq.status === 'cancelled') {
      throw new AppError(409, 'RFQ_DONE', `This RFQ is ${rfq.status}; no more rounds.`);
    }
    if (input.endsAt.getTime() < now.getTime() + 5 * MINUTE) {
      throw badRequest('endsAt', 'Quotes must close at least 5 minutes from now.');
    }
    const lanes = await laneIdsOfRfq(tx, id);
    const invited = await invitedLinksOfRfq(tx, id);
    const first = rfq.round === 0;
    const laneIds = first || !input.laneIds?.length ? null : input.laneIds;
    const carrierLinkIds = first || !input.carrierLinkIds?.length ? null : input.carrierLinkIds;
    if (laneIds?.some((l) => !lanes.includes(l))) {
      throw badRequest('laneIds', 'Choose lanes of this RFQ.');
    }
    if (carrierLinkIds?.some((c) => !invited.includes(c))) {
      throw badRequest('carrierLinkIds', 'Choose carriers invited to this RFQ.');
    }
    const number = rfq.round + 1;
    await insertRound(tx, {
      rfqId: id,
      number,
      startsAt: now,
      endsAt: input.endsAt,
      laneIds,
      carrierLinkIds,
      showRank: input.showRank,
      createdBy: actor.id,
    });
    await updateRfq(tx, id, { status: 'open', round: number, updatedAt: now });
    await scheduleJob(tx, ROUND_CLOSE_JOB, `${ROUND_CLOSE_JOB}:${id}`, input.endsAt, { id, round: number });
    await notify(tx, await carrierUsersOfLinks(tx, carrierLinkIds ?? invited), {
      title: number === 1 ? 'New RFQ' : `RFQ round ${number}`,
      msg: `${rfq.number} ${rfq.title}: quote ${laneIds ? `${laneIds.length} lane${laneIds.length === 1 ? '' : 's'}` : `its ${lanes.length} lane${lanes.length === 1 ? '' : 's'}`} by ${formatIst(input.endsAt)}.`,
      type: 'rfp',
      referId: id,
      requestType: 1,
    });
    return { round: number, endsAt: input.endsAt.toISOString() };
  });
}

/** The close job: the round's quotes are final; the shipper's RFQ users are told. */
export async function closeRound(db: Db, id: number, round: number, now = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    const rfq = await lockRfqById(tx, id);
    if (rfq?.status !== 'open' || rfq.round !== round) {
      return;
    }
    await closeRoundRow(tx, id, round, now);
    await updateRfq(tx, id, { status: 'closed', updatedAt: now });
    await notify(tx, await audience(tx, rfq.industryId, 'rfq', id), {
      title: 'RFQ quotes closed',
      msg: `${rfq.number} ${rfq.title}: round ${round} has closed. Compare the quotes and award the lanes.`,
      type: 'rfp',
      referId: id,
      requestType: 1,
    });
  });
}

/**
 * Closes the open round now, before its end time (the shipper's "close quotes now"): the same
 * close as the job's; 409 when no round is open. The job, when it runs later, finds it closed.
 */
export async function closeRoundNow(db: Db, id: number, scope: Rule<'rfq'>, now = new Date()): Promise<{ round: number }> {
  const rfq = await rfqStateInScope(db, id, scope);
  if (!rfq) {
    throw notFound('RFQ');
  }
  if (rfq.status !== 'open') {
    throw new AppError(409, 'NO_OPEN_ROUND', 'No round is open on this RFQ.');
  }
  await closeRound(db, id, rfq.round, now);
  return { round: rfq.round };
}

/**
 * A carrier's quotes in the open round: an amount per trip (a new quote or a revision, every
 * revision kept) or a lane declined. Refused after the round closed (409), on a lane or for a
 * carrier the round is not open to (400 naming the quote).
 */
export async function submitQuotes(db: Db, viewer: Viewer, id: number, scope: Rule<'rfq'>, body: RfqQuotesInput, now = new Date()) {
  const input = rfqQuotesInputSchema.parse(body);
  const carrierId = viewer.carrierId ?? 0;
  return db.transaction(async (tx) => {
    const row = await lockRfqForCarrier(tx, id, scope, carrierId);
    if (!row?.link) {
      throw notFound('RFQ');
    }
    const round = await roundOf(tx, id, row.rfq.round);
    if (row.rfq.status !== 'open' || !round || round.closedAt || round.endsAt <= now) {
      throw new AppError(409, 'ROUND_CLOSED', 'Quoting is closed for this RFQ; the shipper may open another round.');
    }
    if (round.carrierLinkIds && !round.carrierLinkIds.includes(row.link)) {
      throw new AppError(409, 'NOT_IN_ROUND', `Round ${round.number} is open to other carriers only.`);
    }
    const lanes = new Set(await laneIdsOfRfq(tx, id));
    input.quotes.forEach((q, i) => {
      if (!lanes.has(q.laneId) || (round.laneIds && !round.laneIds.includes(q.laneId))) {
        throw badRequest(`quotes.${i}.laneId`, `Round ${round.number} is not open on this lane.`);
      }
    });
    for (const q of input.quotes) {
      const amountPaise = q.declined ? null : Math.round((q.amountRupees ?? 0) * 100);
      const quote = { rfqId: id, roundId: round.id, laneId: q.laneId, industryCarrierId: row.link, amountPaise, declined: q.declined };
      await saveQuote(tx, quote, viewer.id, now);
    }
    // A declined lane is answered, not quoted: the two are counted apart.
    const declined = input.quotes.filter((q) => q.declined).length;
    return { round: round.number, saved: input.quotes.length, quoted: input.quotes.length - declined, declined };
  });
}

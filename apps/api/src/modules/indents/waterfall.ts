import { plural } from '@freightdesk/shared/words';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { indiaTime } from '../../lib/india-time.ts';
import { cancelJob, scheduleJob } from '../../lib/jobs.ts';
import { carrierUsersOfLinks, notify } from '../../lib/notify.ts';
import { audience } from '../../lib/policy.ts';
import { recordIndentEvent } from '../../lib/webhook-emits.ts';
import {
  type AllocationRow,
  type IndentRow,
  linkCarrierName,
  lockIndent,
  nextQueuedTurn,
  offeredTurn,
  skipQueuedTurns,
  turnById,
  turnsOfLinks,
  updateIndent,
  updateTurn,
} from '../../repositories/indent-turns.repository.ts';
import { createIndentOrders } from './indent-orders.ts';
import { indianNumber } from '@freightdesk/shared/indian-number';

/**
 * The indent's waterfall: its carriers are asked one at a time, in `seq` order, for what is left;
 * each answers within the indent's `answerMinutes` (a durable job expires the turn). Every move
 * runs under the indent's row lock, so two answers, an answer and its deadline, or an edit and an
 * answer never interleave: vehicles = accepted + spot + (asked of the one carrier being asked).
 */
export const INDENT_DEADLINE_JOB = 'indent-deadline';
export type { AllocationRow, IndentRow };
export { lockIndent };

const deadlineKey = (allocationId: number) => `${INDENT_DEADLINE_JOB}:${allocationId}`;
export const vehiclesLeft = (i: IndentRow) => i.vehicles - i.acceptedVehicles - i.spotVehicles;

async function tellShipper(tx: DbOrTx, indent: IndentRow, title: string, msg: string) {
  await notify(tx, await audience(tx, indent.industryId, 'indent', indent.id), {
    title,
    msg,
    type: 'indent',
    referId: indent.id,
    requestType: indent.requestType,
  });
}

async function tellCarrier(tx: DbOrTx, indent: IndentRow, linkId: number, title: string, msg: string) {
  await notify(tx, await carrierUsersOfLinks(tx, [linkId]), {
    title,
    msg,
    type: 'indent',
    referId: indent.id,
    requestType: indent.requestType,
  });
}

async function carrierName(tx: DbOrTx, linkId: number): Promise<string> {
  return (await linkCarrierName(tx, linkId)) ?? 'The carrier';
}

/** Asks one carrier for `vehicles`, until the indent's answer time from now. */
async function offer(tx: DbOrTx, indent: IndentRow, turn: AllocationRow, vehicles: number, now: Date) {
  const deadlineAt = new Date(now.getTime() + indent.answerMinutes * 60_000);
  await updateTurn(tx, turn.id, { status: 'offered', vehiclesAsked: vehicles, offeredAt: now, deadlineAt });
  await scheduleJob(tx, INDENT_DEADLINE_JOB, deadlineKey(turn.id), deadlineAt, { allocationId: turn.id });
  await tellCarrier(
    tx,
    indent,
    turn.industryCarrierId,
    'Indent to accept',
    `${indent.number}: ${plural(vehicles, 'vehicle')} at ₹${indianNumber(turn.ratePaise / 100)} each, reporting ${indiaTime(indent.reportingAt)}. Answer by ${indiaTime(deadlineAt)}.`,
  );
}

/**
 * Moves the indent on after a turn ended: asks the next carrier for what is left, or, when
 * nothing is left, closes it as fulfilled (or spot, when some went to spot); when what is left
 * finds no carrier, it becomes the spot indent and the shipper is told.
 */
export async function advance(tx: DbOrTx, indent: IndentRow, now: Date): Promise<void> {
  const left = vehiclesLeft(indent);
  if (left <= 0) {
    await skipQueuedTurns(tx, indent.id);
    await updateIndent(tx, indent.id, { status: indent.spotVehicles > 0 ? 'spot' : 'fulfilled', updatedAt: now });
    return;
  }
  const next = await nextQueuedTurn(tx, indent.id);
  if (next) {
    await updateIndent(tx, indent.id, { status: 'open', updatedAt: now });
    await offer(tx, indent, next, left, now);
    if (next.seq > 1) {
      await tellShipper(
        tx,
        indent,
        'Indent passed to backup',
        `${indent.number}: ${plural(left, 'vehicle')} now asked of ${await carrierName(tx, next.industryCarrierId)}.`,
      );
    }
    return;
  }
  await updateIndent(tx, indent.id, { status: 'spot', spotVehicles: indent.spotVehicles + left, updatedAt: now });
  await tellShipper(
    tx,
    indent,
    'Spot indent raised',
    `${indent.number}: no contracted or backup carrier took ${plural(left, 'vehicle')}. Raise a spot request for ${left === 1 ? 'it' : 'them'}.`,
  );
}

/** The carrier's turn being asked now, for its links; why it cannot answer otherwise (409 / 404). */
async function turnOf(tx: DbOrTx, indent: IndentRow, linkIds: number[], now: Date): Promise<AllocationRow> {
  const turns = await turnsOfLinks(tx, indent.id, linkIds);
  const asked = turns.filter((t) => t.status !== 'queued');
  const open = asked.find((t) => t.status === 'offered');
  if (open?.deadlineAt && open.deadlineAt > now && indent.status === 'open') {
    return open;
  }
  const last = asked.at(-1);
  if (!last) {
    throw new AppError(404, 'NOT_FOUND', 'Indent not found.');
  }
  if (indent.status === 'cancelled') {
    throw new AppError(409, 'INDENT_CANCELLED', `The shipper cancelled ${indent.number}.`);
  }
  if (last.status === 'passed') {
    throw new AppError(409, 'INDENT_TURN_OVER', `The shipper passed ${indent.number} on to another carrier before your deadline.`);
  }
  if (last.status === 'expired' || (last.status === 'offered' && last.deadlineAt && last.deadlineAt <= now)) {
    throw new AppError(409, 'INDENT_TURN_OVER', `Your time to answer ${indent.number} ended at ${indiaTime(last.deadlineAt ?? now)}.`);
  }
  throw new AppError(409, 'INDENT_ANSWERED', `You already answered ${indent.number}.`);
}

/**
 * A carrier accepts some or all of the vehicles it was asked for: that many orders at its rate;
 * the rest goes to the next carrier. Or it rejects with a reason and the whole ask moves on.
 */
export async function answerTurn(
  db: Db,
  actor: { id: number; linkIds: number[] },
  indentId: number,
  answer: { answer: 'accept'; vehicles: number } | { answer: 'reject'; reason: string },
  now = new Date(),
): Promise<void> {
  await db.transaction(async (tx) => {
    const indent = await lockIndent(tx, indentId);
    if (!indent) {
      throw new AppError(404, 'NOT_FOUND', 'Indent not found.');
    }
    const turn = await turnOf(tx, indent, actor.linkIds, now);
    const asked = turn.vehiclesAsked ?? 0;
    await cancelJob(tx, deadlineKey(turn.id));
    const name = await carrierName(tx, turn.industryCarrierId);
    if (answer.answer === 'reject') {
      await updateTurn(tx, turn.id, { status: 'rejected', answeredAt: now, answeredBy: actor.id, reason: answer.reason });
      await tellShipper(tx, indent, 'Indent rejected', `${name} rejected ${indent.number}: ${answer.reason}`);
      await recordIndentEvent(tx, 'indent.declined', turn.id, { vehicles: 0, reason: answer.reason });
      await advance(tx, indent, now);
      return;
    }
    if (answer.vehicles > asked) {
      throw new AppError(400, 'VALIDATION_FAILED', `You were asked for ${plural(asked, 'vehicle')}.`, {
        vehicles: `You were asked for ${plural(asked, 'vehicle')}.`,
      });
    }
    await updateTurn(tx, turn.id, { status: 'accepted', vehiclesAccepted: answer.vehicles, answeredAt: now, answeredBy: actor.id });
    const moved = { ...indent, acceptedVehicles: indent.acceptedVehicles + answer.vehicles };
    await updateIndent(tx, indent.id, { acceptedVehicles: moved.acceptedVehicles, updatedAt: now });
    await createIndentOrders(tx, indent, turn, answer.vehicles, actor.id);
    await recordIndentEvent(tx, 'indent.accepted', turn.id, { vehicles: answer.vehicles, reason: null });
    await tellShipper(
      tx,
      indent,
      'Indent accepted',
      `${name} accepted ${answer.vehicles} of ${plural(asked, 'vehicle')} on ${indent.number}.`,
    );
    await advance(tx, moved, now);
  });
}

/** A turn that ended unanswered (its deadline, or the shipper passing it on): the carrier and the shipper are told, the ask moves on. */
async function endUnanswered(tx: DbOrTx, indent: IndentRow, turn: AllocationRow, now: Date, reason: string | null) {
  await cancelJob(tx, deadlineKey(turn.id));
  await updateTurn(tx, turn.id, { status: reason ? 'passed' : 'expired', answeredAt: null, reason });
  await tellCarrier(
    tx,
    indent,
    turn.industryCarrierId,
    'Indent time over',
    `Your time to answer ${indent.number} ended; it went to another carrier.`,
  );
  if (!reason) {
    await recordIndentEvent(tx, 'indent.declined', turn.id, { vehicles: 0, reason: 'not answered in time' });
    await tellShipper(
      tx,
      indent,
      'Indent not answered',
      `${await carrierName(tx, turn.industryCarrierId)} did not answer ${indent.number} in time.`,
    );
  }
  await advance(tx, indent, now);
}

/** The deadline job: a turn still unanswered at its deadline expires and the ask moves on. */
export async function expireTurn(db: Db, allocationId: number, now = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    const turn = await turnById(tx, allocationId);
    if (!turn) {
      return;
    }
    const indent = await lockIndent(tx, turn.indentId);
    // Read again under the lock: an answer may have come first.
    const current = await turnById(tx, allocationId);
    if (!indent || current?.status !== 'offered' || !current.deadlineAt || current.deadlineAt > now) {
      return;
    }
    await endUnanswered(tx, indent, current, now, null);
  });
}

/**
 * The shipper stops waiting for the carrier asked now (it said no on the phone, it does not pick
 * up): its turn ends unanswered before the deadline and the next carrier is asked. 409 when
 * nobody is being asked.
 */
export async function passOn(tx: DbOrTx, indent: IndentRow, by: string, now = new Date()): Promise<void> {
  const turn = await offeredTurn(tx, indent.id);
  if (indent.status !== 'open' || !turn) {
    throw new AppError(409, 'INDENT_NOT_ASKING', `${indent.number} is not waiting for any carrier's answer.`);
  }
  await endUnanswered(tx, indent, turn, now, `Passed on by ${by} before the deadline`);
}

/** Ends the turn being asked (cancel, edit that re-asks): no answer is taken for it any more. */
export async function withdrawTurn(tx: DbOrTx, indent: IndentRow, status: 'skipped' | 'queued'): Promise<AllocationRow | undefined> {
  const turn = await offeredTurn(tx, indent.id);
  if (turn) {
    await cancelJob(tx, deadlineKey(turn.id));
    await updateTurn(tx, turn.id, status === 'queued' ? { status, vehiclesAsked: null, offeredAt: null, deadlineAt: null } : { status });
  }
  return turn;
}

export { tellCarrier, tellShipper };

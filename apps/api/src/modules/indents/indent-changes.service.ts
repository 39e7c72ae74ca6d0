import { plural } from '@freightdesk/shared/words';
import type { IndentEdit, SpotIndentPrefill } from '@freightdesk/shared/schemas/indent';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import { writeAudit } from '../../repositories/audit.repository.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import { checkExternalRef } from '../../lib/external-ref.ts';
import { indiaTime } from '../../lib/india-time.ts';
import type { Viewer } from '../../lib/policy.ts';
import {
  batchSiblings,
  dropQueuedBackups,
  indentIsInScope,
  indentWithLane,
  laneRatesOf,
  lockIndentVersion,
  markSpotRequest,
  turnsOfIndent,
  updateIndentReturning,
} from '../../repositories/indent-changes.repository.ts';
import { insertTurns, isShipperProduct } from '../../repositories/indent-placing.repository.ts';
import { skipQueuedTurns, updateIndent } from '../../repositories/indent-turns.repository.ts';
import { laneForIndent } from './indent-lanes.ts';
import { checkBackups } from './indents.service.ts';
import { advance, type IndentRow, lockIndent, passOn, tellCarrier, withdrawTurn } from './waterfall.ts';
import type { Rule } from '../../lib/policy-require.ts';

type Actor = Viewer & { industryId: number };

/** The indent in scope, locked (404 outside it). */
async function locked(tx: DbOrTx, id: number, scope: Rule<'indent'>): Promise<IndentRow> {
  const row = (await indentIsInScope(tx, id, scope)) ? await lockIndent(tx, id) : undefined;
  if (!row) {
    throw notFound('Indent');
  }
  return row;
}

const audit = (tx: DbOrTx, actor: Actor, id: number, action: string, from: unknown, to: unknown, reason?: string) =>
  writeAudit(tx, { industryId: actor.industryId, actorUserId: actor.id, entity: 'indent', entityId: id, action, from, to, reason });

/**
 * Edits an indent nobody has accepted yet (409 once a carrier has: cancel and place a new one),
 * with the stale-save check. The carrier being asked is asked again for the new numbers with a
 * fresh deadline. `single: false` also moves the batch's other open indents to the new time,
 * material and remarks (each keeps its vehicles).
 */
export async function editIndent(
  db: Db,
  actor: Actor,
  id: number,
  scope: Rule<'indent'>,
  input: IndentEdit & { reportingAt: Date },
  expected: Date | undefined,
  now = new Date(),
) {
  await db.transaction(async (tx) => {
    const row = await locked(tx, id, scope);
    await lockIndentVersion(tx, id, expected);
    if (input.reportingAt <= now) {
      throw badRequest('reportingAt', 'Reporting date and time is in the past. Choose a later date and time.');
    }
    const targets = input.single === false ? await batchSiblings(tx, row.batchId, id) : [];
    for (const indent of [row, ...targets]) {
      const own = indent.id === id;
      if (indent.status !== 'open' || indent.acceptedVehicles > 0) {
        if (!own) {
          continue; // the batch's indents already taken or ended keep what they have
        }
        throw new AppError(
          409,
          'INDENT_TAKEN',
          `A carrier already took vehicles of ${indent.number} (or it ended): cancel it and place a new one.`,
        );
      }
      await editOne(tx, actor, indent, own, input, now);
    }
  });
}

type EditTarget = Awaited<ReturnType<typeof locked>> | Awaited<ReturnType<typeof batchSiblings>>[number];

/**
 * Edits one open indent (its own vehicles only when it is the one asked for), audits it, and asks
 * the carrier whose turn it was again with the new numbers.
 */
async function editOne(tx: Tx, actor: Actor, indent: EditTarget, own: boolean, input: IndentEdit & { reportingAt: Date }, now: Date) {
  await laneForIndent(tx, actor, indent.laneId, input.reportingAt);
  if (input.productId) {
    if (!(await isShipperProduct(tx, actor.industryId, input.productId))) {
      throw badRequest('productId', 'Choose one of your products.');
    }
  }
  if (own) {
    await checkExternalRef(tx, 'indent', actor.industryId, input.externalRef, indent.id);
  }
  const values = {
    reportingAt: input.reportingAt,
    productId: input.productId ?? null,
    weightTonnes: input.weightTonnes ?? null,
    remarks: input.remarks ?? null,
    ...(own ? { vehicles: input.vehicles, externalRef: input.externalRef ?? null } : {}),
    updatedAt: now,
  };
  const moved = await updateIndentReturning(tx, indent.id, values);
  await audit(
    tx,
    actor,
    indent.id,
    'update',
    { reportingAt: indent.reportingAt, vehicles: indent.vehicles, remarks: indent.remarks },
    values,
  );
  const turn = await withdrawTurn(tx, indent, 'queued');
  if (moved) {
    await advance(tx, moved, now);
    if (turn) {
      await tellCarrier(
        tx,
        moved,
        turn.industryCarrierId,
        'Indent changed',
        `${moved.number} changed: ${plural(moved.vehicles, 'vehicle')} reporting ${indiaTime(moved.reportingAt)}.`,
      );
    }
  }
}

/**
 * Replaces the backup carriers still waiting their turn, in the order given. A carrier already
 * asked stays where it is (400 naming it when listed again). On a spot indent whose spot request
 * is not raised yet, new backups take it back: the spot vehicles are asked of them.
 */
export async function updateBackups(db: Db, actor: Actor, id: number, scope: Rule<'indent'>, linkIds: number[], now = new Date()) {
  await db.transaction(async (tx) => {
    const row = await locked(tx, id, scope);
    const reopen = row.status === 'spot' && !row.spotRequestId && linkIds.length > 0;
    if (row.status !== 'open' && !reopen) {
      throw new AppError(
        409,
        'INDENT_ENDED',
        `${row.number} is ${row.status === 'spot' && row.spotRequestId ? 'already raised as a spot request' : row.status}: its carriers cannot change.`,
      );
    }
    await checkBackups(tx, actor.industryId, linkIds, 'backupCarrierLinkIds');
    const turns = await turnsOfIndent(tx, id);
    const asked = turns.filter((t) => t.status !== 'queued' || t.role === 'primary').map((t) => t.industryCarrierId);
    if (linkIds.some((l) => asked.includes(l))) {
      throw badRequest('backupCarrierLinkIds', 'A carrier already asked on this indent cannot be queued again.');
    }
    const last = await dropQueuedBackups(tx, id);
    const rates = linkIds.length ? await laneRatesOf(tx, row.laneId, linkIds) : [];
    if (linkIds.length) {
      await insertTurns(
        tx,
        linkIds.map((link, k) => {
          const own = rates.find((r) => r.link === link);
          return {
            indentId: id,
            seq: (last ?? 0) + k + 1,
            industryCarrierId: link,
            contractId: own?.contractId ?? null,
            ratePaise: own?.ratePaise ?? row.ratePaise,
            role: 'backup' as const,
          };
        }),
      );
    }
    await audit(tx, actor, id, 'backups', undefined, { backupCarrierLinkIds: linkIds });
    if (reopen) {
      const back = { ...row, spotVehicles: 0, status: 'open' as const };
      await updateIndent(tx, id, { spotVehicles: 0, status: 'open', updatedAt: now });
      await advance(tx, back, now);
    } else {
      await updateIndent(tx, id, { updatedAt: now });
    }
  });
}

/** The shipper passes the indent on from the carrier asked now to the next (or to spot). */
export async function passIndentOn(db: Db, actor: Actor & { name?: string }, id: number, scope: Rule<'indent'>, now = new Date()) {
  await db.transaction(async (tx) => {
    const row = await locked(tx, id, scope);
    await passOn(tx, row, actor.name ?? 'the shipper', now);
    await audit(tx, actor, id, 'pass-on', undefined, undefined);
  });
}

/** Cancels what is still asked or waiting as spot; orders already made stay (cancel them on the order). */
export async function cancelIndent(db: Db, actor: Actor, id: number, scope: Rule<'indent'>, reason: string, now = new Date()) {
  await db.transaction(async (tx) => {
    const row = await locked(tx, id, scope);
    if (row.status === 'cancelled' || row.status === 'fulfilled' || (row.status === 'spot' && row.spotRequestId)) {
      throw new AppError(
        409,
        'INDENT_ENDED',
        `${row.number} is ${row.status === 'spot' ? 'already raised as a spot request' : row.status}: nothing is left to cancel.`,
      );
    }
    const turn = await withdrawTurn(tx, row, 'skipped');
    await skipQueuedTurns(tx, id);
    await updateIndent(tx, id, { status: 'cancelled', cancelReason: reason, updatedAt: now });
    await audit(tx, actor, id, 'cancel', row.status, 'cancelled', reason);
    if (turn) {
      await tellCarrier(tx, row, turn.industryCarrierId, 'Indent cancelled', `The shipper cancelled ${row.number}: ${reason}`);
    }
  });
}

/** What the spot request of a spot indent starts from (409 for an indent that is not spot, or already raised). */
export async function spotPrefill(db: DbOrTx, id: number, scope: Rule<'indent'>): Promise<SpotIndentPrefill> {
  const row = await indentWithLane(db, id, scope);
  if (!row) {
    throw notFound('Indent');
  }
  const { indent, lane } = row;
  if (indent.status !== 'spot' || indent.spotRequestId) {
    throw new AppError(
      409,
      'NOT_SPOT',
      indent.spotRequestId ? `${indent.number} is already raised as a spot request.` : `${indent.number} is not a spot indent.`,
    );
  }
  const inbound = indent.requestType === 2;
  const drop = inbound
    ? undefined
    : lane.destinationKind === 'address'
      ? { addressId: lane.destinationId }
      : lane.destinationKind === 'stop'
        ? { stopId: lane.destinationId }
        : undefined;
  return {
    indentId: indent.id,
    indentNumber: indent.number,
    requestType: inbound ? 2 : 1,
    plantId: indent.plantId,
    pickupAddressId: inbound && lane.originKind === 'address' ? lane.originId : null,
    dropoffs: drop ? [drop] : [],
    vehicleTypeId: indent.vehicleTypeId,
    vehicleCount: indent.spotVehicles,
    productId: indent.productId,
    weightTonnes:
      indent.weightTonnes === null ? null : Math.round((indent.weightTonnes * indent.spotVehicles * 1000) / indent.vehicles) / 1000,
    pickupAt: indent.reportingAt.toISOString(),
    remarks: [`Spot indent ${indent.number}`, indent.remarks].filter(Boolean).join(' — '),
    targetPriceRupees: indent.ratePaise / 100,
  };
}

/** Links the transport request raised from a spot indent (in the request's transaction); 400 on spotIndentId otherwise. */
export async function linkSpotRequest(tx: DbOrTx, industryId: number, indentId: number, requestId: number): Promise<void> {
  if (!(await markSpotRequest(tx, industryId, indentId, requestId))) {
    throw badRequest('spotIndentId', 'This spot indent is not yours, not a spot indent, or already raised as a request.');
  }
}

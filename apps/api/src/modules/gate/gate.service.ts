import type { z } from 'zod';
import {
  GATE_DOCUMENT_LABEL,
  type gateInBodySchema,
  type gateOutBodySchema,
  type loadedBodySchema,
  type unloadedBodySchema,
} from '@freightdesk/shared/schemas/execution';
import type { Order } from '@freightdesk/shared/schemas/order';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { AuthUser } from '../../lib/access.ts';
import { AppError, badRequest, uniqueViolation } from '../../lib/errors.ts';
import { recordOrderEvent } from '../../lib/webhook-emits.ts';
import type { Direction } from '../../lib/policy.ts';
import { noticeOrder } from '../orders/carrier-moves.service.ts';
import { momentOf } from '../orders/move-times.ts';
import { tellOrderParties } from '../orders/order-notices.ts';
import { assertMove, moveOrder } from '../orders/orders.service.ts';
import { type LockedOrder, lockOrderToChange } from '../../repositories/order-moves.repository.ts';
import { orderById, orderOf } from '../../repositories/orders.repository.ts';
import { assertCleared, refreshForGate, type VerifyDeps } from '../verification/verification.service.ts';
import { issueText } from '../orders/pods.service.ts';
import { insertPod } from '../../repositories/order-pods.repository.ts';
import { makeConsignmentNote } from '../consignment-notes/consignment-notes.service.ts';
import { type GateEventValues, insertGateEvent, weighedEvent } from '../../repositories/gate-events.repository.ts';
import { indianNumber } from '@freightdesk/shared/indian-number';

type GateIn = z.infer<typeof gateInBodySchema>;
type Loaded = z.infer<typeof loadedBodySchema>;
type Unloaded = z.infer<typeof unloadedBodySchema>;
type GateOut = z.infer<typeof gateOutBodySchema>;

/**
 * One gate record in one transaction with the order locked: the order must be the user's to change
 * (tenant, direction, the guard's plants; 404 otherwise), the record is written once per kind (the
 * unique index on gate_events(order_id, kind) backs the row lock: a second guard gating the same
 * vehicle waits for the first and gets 409), and the answer is the order as the list shows it.
 */
async function gateMove(
  db: Db,
  user: AuthUser,
  direction: Direction,
  orderId: number,
  move: (tx: DbOrTx, row: LockedOrder) => Promise<void>,
): Promise<Order> {
  await db
    .transaction(async (tx) => move(tx, await lockOrderToChange(tx, user, orderId, direction)))
    .catch((err: unknown) => {
      if (uniqueViolation(err) === 'gate_events_once') {
        throw new AppError(409, 'ALREADY_RECORDED', 'The gate has recorded this for the order already.');
      }
      throw err;
    });
  return orderById(db, user.industryId ?? 0, direction, orderId);
}

const recordGate = (tx: DbOrTx, row: LockedOrder, by: number, values: GateEventValues) => insertGateEvent(tx, row, by, values);

/**
 * Gate in: the vehicle number read at the gate is checked against the order's (another vehicle
 * needs an override reason and flags the order and the record); the time defaults to now, never in
 * the future or before the vehicle reported. An order not yet reported is reported and gated in at
 * once (the guard's one tap), both moves on the timeline. The vehicle at the gate is checked in
 * VAHAN (and the order's driver in SARATHI) again first; red under the shipper's rules is refused
 * (409 NOT_CLEARED, issue 37).
 */
export async function gateIn(
  db: Db,
  user: AuthUser,
  direction: Direction,
  orderId: number,
  body: GateIn,
  verify: VerifyDeps,
): Promise<Order> {
  // The registers are asked again (outside the transaction) for an order the guard may read.
  await orderOf(db, user, user.industryId ?? 0, direction, orderId);
  await refreshForGate(verify, orderId, body.vehicleNumber);
  return gateMove(db, user, direction, orderId, async (tx, row) => {
    const reported = row.status !== 'vehicle_assigned';
    // From vehicle assigned the road is reported, then gate in; anything else must allow gate in itself.
    assertMove(row, reported ? 'gate_in' : 'reported');
    const at = momentOf(body.at, 'at', 'Gate in time', [{ at: row.reportedAt, what: 'vehicle reported' }]);
    const mismatch = body.vehicleNumber !== row.vehicleNumber;
    if (mismatch && !body.overrideReason) {
      throw badRequest(
        'overrideReason',
        `The vehicle at the gate (${body.vehicleNumber}) is not the order's (${row.vehicleNumber ?? 'none'}): give a reason to let it in.`,
      );
    }
    // A document the shipper's rules block on has lapsed: refused before anything is written.
    await assertCleared(tx, row.id, body.vehicleNumber);
    if (!reported) {
      await moveOrder(tx, row.id, row.status, 'reported', user.id, { at, reason: 'reported at the gate' });
    }
    await recordGate(tx, row, user.id, {
      kind: 'gate_in',
      at,
      vehicleNumberSeen: body.vehicleNumber,
      vehicleMismatch: mismatch,
      overrideReason: mismatch ? (body.overrideReason ?? null) : null,
      driverChecked: body.driverChecked,
      remarks: body.remarks ?? null,
    });
    const checked = body.driverChecked ? 'driver checked' : 'driver not checked';
    await moveOrder(tx, row.id, 'reported', 'gate_in', user.id, {
      at,
      vehicleMismatch: mismatch,
      reason: mismatch
        ? `vehicle ${body.vehicleNumber} let in instead of ${row.vehicleNumber ?? 'none'}: ${body.overrideReason}; ${checked}`
        : `vehicle ${body.vehicleNumber} checked; ${checked}`,
    });
    await tellOrderParties(
      tx,
      noticeOrder(row),
      {
        title: 'Gate in',
        msg: `${body.vehicleNumber} is inside ${row.plantName} for ${row.number}${mismatch ? ` (not the assigned ${row.vehicleNumber ?? 'vehicle'})` : ''}.`,
      },
      user.id,
    );
  });
}

/** The weighbridge record in words: "net 14,200 kg (gross 23,400, tare 9,200), seal S-991". */
const weighText = (b: Loaded, net: number) =>
  `net ${indianNumber(net)} kg (gross ${indianNumber(b.grossKg)}, tare ${indianNumber(b.tareKg)})${b.sealNumber ? `, seal ${b.sealNumber}` : ''}`;

/**
 * Loaded (outbound) or unloaded (inbound): gross, tare and the computed net weight, seal, invoice
 * and LR numbers; not before gate in. Unloading at the receiving plant is the inbound receipt: it
 * is written as the order's proof of delivery (received by the guard, with any shortage or damage).
 */
export function weigh(db: Db, user: AuthUser, direction: Direction, orderId: number, body: Loaded | Unloaded): Promise<Order> {
  const kind = direction === 2 ? 'unloaded' : 'loaded';
  return gateMove(db, user, direction, orderId, async (tx, row) => {
    assertMove(row, kind);
    const at = momentOf(body.at, 'at', kind === 'loaded' ? 'Loading time' : 'Unloading time', [{ at: row.gateInAt, what: 'gate in' }]);
    const net = Math.round((body.grossKg - body.tareKg) * 1000) / 1000;
    await recordGate(tx, row, user.id, {
      kind,
      at,
      grossKg: body.grossKg,
      tareKg: body.tareKg,
      netKg: net,
      sealNumber: body.sealNumber ?? null,
      invoiceNumber: body.invoiceNumber ?? null,
      lrNumber: body.lrNumber ?? null,
      remarks: body.remarks ?? null,
    });
    let reason = weighText(body, net);
    if ('shortageQty' in body) {
      const version = await insertPod(tx, row, {
        deliveredAt: at,
        receiverName: user.name,
        receiverMobile: user.mobile,
        shortageQty: body.shortageQty,
        damageQty: body.damageQty,
        remarks: body.remarks ?? null,
        submittedBy: user.id,
      });
      const issue = issueText(body);
      reason += `; receipt v${version}${issue ? ` · ${issue}` : ''}`;
    }
    await moveOrder(tx, row.id, row.status, kind, user.id, { at, reason });
  });
}

/**
 * Gate out: after gate in (and the loading or unloading), with the documents the guard saw; the
 * turnaround (reported → gate out) is stored by the move. Outbound the vehicle is in transit.
 * Outbound the consignment note (LR) is made here unless the carrier made it before. Inbound the trip ends here: the order moves on to delivered by itself (its receipt is the
 * unloading record), for the shipper to accept.
 */
export function gateOut(db: Db, user: AuthUser, direction: Direction, orderId: number, body: GateOut): Promise<Order> {
  return gateMove(db, user, direction, orderId, async (tx, row) => {
    assertMove(row, 'gate_out');
    const weighed = await weighedEvent(tx, row.id);
    const at = momentOf(body.at, 'at', 'Gate out time', [
      { at: row.gateInAt, what: 'gate in' },
      { at: weighed?.at ?? null, what: weighed?.kind === 'unloaded' ? 'unloading' : 'loading' },
    ]);
    await recordGate(tx, row, user.id, { kind: 'gate_out', at, documentsPresent: body.documents, remarks: body.remarks ?? null });
    const docs = body.documents.map((d) => GATE_DOCUMENT_LABEL[d]).join(', ');
    await moveOrder(tx, row.id, row.status, 'gate_out', user.id, { at, reason: docs ? `documents: ${docs}` : 'no documents recorded' });
    const vehicle = row.vehicleNumber ?? 'The vehicle';
    if (direction === 2) {
      await recordOrderEvent(tx, 'order.gate_out', row.id, at);
      await moveOrder(tx, row.id, 'gate_out', 'delivered', null, {
        at,
        reason: `received at ${row.plantName}: the unloading record is the receipt`,
      });
      await tellOrderParties(
        tx,
        noticeOrder(row),
        { title: 'Gate out', msg: `${vehicle} left ${row.plantName} after unloading ${row.number}. Accept its receipt to close it.` },
        user.id,
      );
      return;
    }
    const lr = await makeConsignmentNote(tx, row, user.id, 'gate_out', body.packages ?? null);
    // After the LR is made, so the event carries its number beside the e-way bills'.
    await recordOrderEvent(tx, 'order.gate_out', row.id, at);
    await tellOrderParties(
      tx,
      noticeOrder(row),
      { title: 'In transit', msg: `${vehicle} left ${row.plantName} with ${row.number} on consignment note ${lr.number}: in transit.` },
      user.id,
    );
  });
}

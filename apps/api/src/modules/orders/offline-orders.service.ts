import type { OfflineOrderInputParsed, Order } from '@freightdesk/shared/schemas/order';
import type { Db, DbOrTx } from '../../db/client.ts';
import { writeAudit } from '../../repositories/audit.repository.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import { checkExternalRef, withExternalRef } from '../../lib/external-ref.ts';
import { recordOrderEvent } from '../../lib/webhook-emits.ts';
import type { Direction, Viewer } from '../../lib/policy.ts';
import { checkCarrierLinkRef } from '../../repositories/common/references.ts';
import { buildLane, type LanePoint, readLane, writeLane } from './order-lane.ts';
import { moveOrder, nextOrderNumber } from './orders.service.ts';
import { addOrderEvent } from '../../repositories/order-events.repository.ts';
import { isOwnPlant, isProductOf, isVehicleTypeOf, lockOfflineOrder } from '../../repositories/offline-orders.repository.ts';
import { insertOrder, type LockedOrder, orderRow, updateOrder } from '../../repositories/order-moves.repository.ts';
import { orderById } from '../../repositories/orders.repository.ts';

/** An offline order is edited until its vehicle reports at the plant: after that the gate owns it. */
const EDITABLE = ['placed', 'vehicle_assigned'];

/** Every reference of the input must be the shipper's own (plants within a staff user's own); 400 naming the field. */
async function checkReferences(tx: DbOrTx, user: Viewer, industryId: number, input: OfflineOrderInputParsed) {
  if (!(await isOwnPlant(tx, user, industryId, input.plantId))) {
    throw badRequest('plantId', 'Choose one of your plants.');
  }
  await checkCarrierLinkRef(tx, industryId, input.carrierLinkId);
  if (!(await isVehicleTypeOf(tx, industryId, input.vehicleTypeId))) {
    throw badRequest('vehicleTypeId', 'Choose a vehicle type.');
  }
  if (input.productId) {
    if (!(await isProductOf(tx, industryId, input.productId))) {
      throw badRequest('productId', 'Choose one of your products.');
    }
  }
}

/** The lane of the input: outbound the plant then the drop-offs, inbound the vendor address then the plant. */
const laneOf = (tx: DbOrTx, industryId: number, direction: Direction, input: OfflineOrderInputParsed) =>
  buildLane(tx, { industryId, direction, plantId: input.plantId, pickupAddressId: input.pickupAddressId, dropoffs: input.dropoffs });

/** The columns the input sets. */
const values = (input: OfflineOrderInputParsed) => ({
  industryCarrierId: input.carrierLinkId,
  plantId: input.plantId,
  vehicleTypeId: input.vehicleTypeId,
  pricePaise: Math.round(input.priceRupees * 100),
  priceBasis: input.priceBasis,
  pickupAt: input.pickupAt,
  productId: input.productId,
  weightTonnes: input.weightTonnes,
  externalRef: input.externalRef ?? null,
});

/**
 * Records an order agreed outside the platform (offline), placed or with its vehicle already
 * known, with its lane, material and weight, inside `tx` (its own transaction, or a bulk call's
 * savepoint); answers its id. It then runs the same road as any other order.
 */
export async function insertOfflineOrder(
  tx: DbOrTx,
  user: Viewer,
  industryId: number,
  direction: Direction,
  input: OfflineOrderInputParsed,
): Promise<number> {
  await checkReferences(tx, user, industryId, input);
  await checkExternalRef(tx, 'order', industryId, input.externalRef);
  const lane = await laneOf(tx, industryId, direction, input);
  const status = input.vehicleNumber ? 'vehicle_assigned' : 'placed';
  const orderId = await withExternalRef('order', input.externalRef, async () =>
    insertOrder(tx, {
      ...values(input),
      industryId,
      number: await nextOrderNumber(tx, industryId, new Date()),
      source: 'offline',
      requestType: direction,
      status,
      vehicleNumber: input.vehicleNumber ?? null,
      driverName: input.driverName ?? null,
      driverMobile: input.driverMobile ?? null,
    }),
  );
  await writeLane(tx, orderId, lane);
  await addOrderEvent(tx, { orderId, toStatus: status, by: user.id, reason: 'offline order' });
  // Placed with its carrier at once: awarded (without a request), and with its vehicle when typed in.
  await recordOrderEvent(tx, 'order.awarded', orderId);
  if (status === 'vehicle_assigned') {
    await recordOrderEvent(tx, 'order.vehicle_assigned', orderId);
  }
  return orderId;
}

/** Records one offline order in its own transaction and answers it as the lists show it. */
export async function createOfflineOrder(
  db: Db,
  user: Viewer,
  industryId: number,
  direction: Direction,
  input: OfflineOrderInputParsed,
): Promise<Order> {
  const id = await db.transaction((tx) => insertOfflineOrder(tx, user, industryId, direction, input));
  return orderById(db, industryId, direction, id);
}

/** The places of a lane, in order, to tell whether an edit changed it. */
const laneKey = (lane: Pick<LanePoint, 'kind' | 'plantId' | 'addressId' | 'stopId'>[]) =>
  JSON.stringify(lane.map((s) => [s.kind, s.plantId, s.addressId, s.stopId]));

/** Field names whose values differ (what the timeline says was edited). */
function changedFields(before: Record<string, unknown>, after: Record<string, unknown>): string[] {
  const norm = (v: unknown) => (v instanceof Date ? v.toISOString() : (v ?? null));
  return Object.keys(after).filter((k) => JSON.stringify(norm(before[k])) !== JSON.stringify(norm(after[k])));
}

/**
 * Edits an offline order while it is placed or has its vehicle (409 after it reported), with the
 * stale-save check (`expected`: If-Match). A vehicle added moves it to vehicle assigned, a vehicle
 * changed is a vehicle change on the timeline; the lane is written again; the edit is audited.
 */
export async function updateOfflineOrder(
  db: Db,
  user: Viewer,
  industryId: number,
  direction: Direction,
  id: number,
  input: OfflineOrderInputParsed,
  expected?: Date,
): Promise<Order> {
  await db.transaction(async (tx) => {
    const row = await lockOfflineOrder(tx, user, direction, id, expected);
    if (!EDITABLE.includes(row.status)) {
      throw new AppError(409, 'NOT_EDITABLE', `${row.number} has reported at the plant; an offline order is edited only until then.`);
    }
    await checkReferences(tx, user, industryId, input);
    await checkExternalRef(tx, 'order', industryId, input.externalRef, id);
    const lane = await laneOf(tx, industryId, direction, input);
    const before = await orderRow(tx, id);
    const next = values(input);
    const changed = before ? changedFields(before, next) : [];
    if (laneKey(await readLane(tx, id)) !== laneKey(lane)) {
      // The new lane in words, so the timeline tells where the load now goes.
      changed.push(`lane now ${lane.map((s) => s.label).join(' → ')}`);
    }
    await withExternalRef('order', input.externalRef, () => updateOrder(tx, id, { ...next, updatedAt: new Date() }));
    await writeLane(tx, id, lane);
    await editVehicle(tx, row, user.id, input);
    if (changed.length) {
      await addOrderEvent(tx, {
        orderId: id,
        fromStatus: row.status,
        toStatus: row.status,
        by: user.id,
        reason: `Offline order edited: ${changed.join(', ')}`,
      });
    }
    await writeAudit(tx, { industryId, actorUserId: user.id, entity: 'order', entityId: id, action: 'update', from: before, to: input });
  });
  return orderById(db, industryId, direction, id);
}

/** The vehicle part of an edit: added (vehicle assigned), changed (a vehicle change), or kept. */
async function editVehicle(tx: DbOrTx, row: LockedOrder, by: number, input: OfflineOrderInputParsed) {
  const next = { vehicleNumber: input.vehicleNumber, driverName: input.driverName, driverMobile: input.driverMobile };
  if (!next.vehicleNumber) {
    if (row.status === 'vehicle_assigned') {
      throw badRequest('vehicleNumber', 'Keep a vehicle on this order: it has one assigned (change it, not remove it).');
    }
    return;
  }
  if (row.status === 'placed') {
    await moveOrder(tx, row.id, 'placed', 'vehicle_assigned', by, {
      ...next,
      reason: `vehicle ${next.vehicleNumber} (offline order edited)`,
    });
    return;
  }
  const same =
    next.vehicleNumber === row.vehicleNumber &&
    (next.driverName ?? null) === row.driverName &&
    (next.driverMobile ?? null) === row.driverMobile;
  if (!same) {
    await moveOrder(tx, row.id, row.status, row.status, by, {
      ...next,
      reason: `Vehicle changed: ${row.vehicleNumber ?? 'none'} → ${next.vehicleNumber} (offline order edited)`,
    });
  }
}

import type { DbOrTx } from '../../db/client.ts';
import type { indentAllocations, indents } from '../../db/schema/indents.ts';
import { placeLane, writeLane } from '../orders/order-lane.ts';
import { nextOrderNumber } from '../orders/orders.service.ts';
import { addOrderEvent } from '../../repositories/order-events.repository.ts';
import { insertIndentOrder, rfqLaneById } from '../../repositories/indent-turns.repository.ts';

/**
 * The orders of an accepted turn: one per vehicle, at the carrier's rate on the lane (its
 * contract's, or the indent's rate for a backup without one) — the rate that applied when the
 * indent was placed, whatever the contract says later — on the lane's places, reporting at the
 * indent's time, each carrying its share of the weight. They then run the road of any order.
 */
export async function createIndentOrders(
  tx: DbOrTx,
  indent: typeof indents.$inferSelect,
  turn: typeof indentAllocations.$inferSelect,
  vehicles: number,
  actorId: number,
): Promise<number[]> {
  const lane = await rfqLaneById(tx, indent.laneId);
  if (!lane) {
    throw new Error(`indent ${indent.id}: its lane ${indent.laneId} is gone`);
  }
  const points = await placeLane(
    tx,
    indent.industryId,
    [
      { kind: lane.originKind, id: lane.originId },
      { kind: lane.destinationKind, id: lane.destinationId },
    ],
    'laneId',
  );
  const made: number[] = [];
  for (let v = 0; v < vehicles; v++) {
    const orderId = await insertIndentOrder(tx, {
      industryId: indent.industryId,
      number: await nextOrderNumber(tx, indent.industryId, new Date()),
      source: 'indent',
      indentId: indent.id,
      indentAllocationId: turn.id,
      requestType: indent.requestType,
      industryCarrierId: turn.industryCarrierId,
      plantId: indent.plantId,
      vehicleTypeId: indent.vehicleTypeId,
      pricePaise: turn.ratePaise,
      priceBasis: 'trip',
      pickupAt: indent.reportingAt,
      productId: indent.productId,
      weightTonnes: indent.weightTonnes === null ? null : indent.weightTonnes / indent.vehicles,
    });
    await writeLane(tx, orderId, points);
    await addOrderEvent(tx, { orderId, toStatus: 'placed', by: actorId, reason: `accepted from indent ${indent.number}` });
    made.push(orderId);
  }
  return made;
}

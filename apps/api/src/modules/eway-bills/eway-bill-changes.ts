import { ewayCancelRefusal, ewayExtensionRefusal, formatIst } from '@freightdesk/shared/eway-bill';
import { EWAY_CANCEL_REASONS, EWAY_EXTEND_REASONS } from '@freightdesk/shared/schemas/eway-bill';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { cancelJob } from '../../lib/jobs.ts';
import { markBillCancelled, markBillExtended } from '../../repositories/eway-bills.repository.ts';
import { type EwayBillProvider, EwayBillProviderError } from './eway-bill-provider.ts';
import {
  type BillOrder,
  EWAY_EXPIRED_JOB,
  EWAY_EXPIRING_JOB,
  billOnTimeline,
  mustBeOnTheRoad,
  mustFindBill,
  scheduleAlerts,
} from './eway-bills.service.ts';

/**
 * Extends a bill in its window (8 hours either side of expiry) for the distance left, from where the
 * vehicle is now (place, PIN, state: suggested by suggestExtension, confirmed by the user).
 */
export async function extendBill(
  db: Db,
  provider: EwayBillProvider,
  by: number,
  order: BillOrder,
  billId: number,
  input: { remainingKm: number; reasonCode: number; remarks: string; fromPlace: string; fromPincode: string; fromState: number },
  now = new Date(),
) {
  // A bill of a delivered or cancelled order is not extended (it may still be cancelled).
  mustBeOnTheRoad(order);
  const bill = await mustFindBill(db, order, billId, now);
  if (bill.status === 'cancelled') {
    throw new AppError(409, 'CANCELLED', `E-way bill ${bill.number} is cancelled.`);
  }
  const refusal = ewayExtensionRefusal(new Date(bill.validUntil), now);
  if (refusal) {
    throw new AppError(409, 'NOT_IN_EXTENSION_WINDOW', refusal);
  }
  const { validUntil } = await callProvider(() =>
    provider.extend(order.plantGstin, bill.number, {
      ...input,
      vehicleNumber: order.vehicleNumber ?? bill.vehicleNumber ?? '',
      overDimensional: bill.overDimensional,
    }),
  );
  await db.transaction(async (tx) => {
    await markBillExtended(tx, billId, validUntil, now);
    await scheduleAlerts(tx, billId, validUntil);
    const why = EWAY_EXTEND_REASONS[input.reasonCode as keyof typeof EWAY_EXTEND_REASONS] ?? 'Others';
    await billOnTimeline(tx, order, by, `E-way bill ${bill.number} extended to ${formatIst(validUntil)}: ${why}, ${input.remarks}`);
  });
  return mustFindBill(db, order, billId, now);
}

/** Cancels a bill within 24 hours of its generation. */
export async function cancelBill(
  db: Db,
  provider: EwayBillProvider,
  by: number,
  order: BillOrder,
  billId: number,
  input: { reasonCode: number; remarks?: string },
  now = new Date(),
) {
  const bill = await mustFindBill(db, order, billId, now);
  if (bill.status === 'cancelled') {
    throw new AppError(409, 'CANCELLED', `E-way bill ${bill.number} is already cancelled.`);
  }
  const refusal = ewayCancelRefusal(new Date(bill.generatedAt), now);
  if (refusal) {
    throw new AppError(409, 'NOT_IN_CANCEL_WINDOW', refusal);
  }
  await callProvider(() => provider.cancel(order.plantGstin, bill.number, { code: input.reasonCode, remarks: input.remarks ?? '' }));
  await db.transaction(async (tx) => {
    await markBillCancelled(tx, billId, input.remarks ?? null, now);
    await cancelJob(tx, `${EWAY_EXPIRING_JOB}:${billId}`);
    await cancelJob(tx, `${EWAY_EXPIRED_JOB}:${billId}`);
    const why = EWAY_CANCEL_REASONS[input.reasonCode as keyof typeof EWAY_CANCEL_REASONS] ?? 'Others';
    await billOnTimeline(tx, order, by, `E-way bill ${bill.number} cancelled: ${why}${input.remarks ? `, ${input.remarks}` : ''}`);
  });
  return mustFindBill(db, order, billId, now);
}

async function callProvider<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (err instanceof EwayBillProviderError) {
      throw err.retryable
        ? new AppError(503, 'EWAY_BILL_SYSTEM_UNAVAILABLE', err.message, undefined, { 'retry-after': '30' })
        : new AppError(409, 'EWAY_BILL_SYSTEM_REFUSED', err.message);
    }
    throw err;
  }
}

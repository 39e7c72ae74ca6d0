import { type OrderStatus, orderStatusLabel } from '@freightdesk/shared/status/order';
import { ewayBillState, ewayValidUntil, EWAY_EXPIRY_WARNING_HOURS, formatIst } from '@freightdesk/shared/eway-bill';
import { roadKmAlong } from '@freightdesk/shared/geo';
import type { EwayBill, EwayBillInputParsed } from '@freightdesk/shared/schemas/eway-bill';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import { scheduleJob } from '../../lib/jobs.ts';
import type { Action, Direction, Viewer } from '../../lib/policy.ts';
import {
  activeBillOf,
  billOfOrder,
  billOrderRow,
  billsOfOrder,
  type EwayBillRow,
  insertBill,
  orderStopPoints,
} from '../../repositories/eway-bills.repository.ts';
import { type BillContext, type EwayBillProvider, EwayBillProviderError, type ProviderBill } from './eway-bill-provider.ts';
import { addOrderEvent } from '../../repositories/order-events.repository.ts';

/** The order an e-way bill belongs to, with what the checks and the simulator need. */
export type BillOrder = {
  id: number;
  industryId: number;
  number: string;
  requestType: number;
  status: string;
  vehicleNumber: string | null;
  carrierLinkId: number;
  /** The shipper's GSTINs: the company's and its plants'. */
  gstins: string[];
  /** The GSTIN the shipper calls the e-way bill system as: the order's plant's. */
  plantGstin: string;
  distanceKm: number;
};

/** Orders on which bills are still recorded and watched: loaded or on the road, not done. */
const ACTIVE = ['placed', 'vehicle_assigned', 'reported', 'gate_in', 'loaded', 'unloaded', 'gate_out', 'arrived'];

/** The order, if the policy lets the viewer take `action` on it (403 without any right, 404 out of reach). */
export async function billOrder(db: DbOrTx, viewer: Viewer, action: Action, orderId: number, direction?: Direction): Promise<BillOrder> {
  const row = await billOrderRow(db, viewer, action, orderId, direction);
  const lane = await orderStopPoints(db, orderId);
  const points = lane.flatMap((p) =>
    p.latitude === null || p.longitude === null ? [] : [{ latitude: p.latitude, longitude: p.longitude }],
  );
  return { ...row, distanceKm: Math.round(roadKmAlong(points)) };
}

const toBill = (row: EwayBillRow, order: Pick<BillOrder, 'vehicleNumber'>, now: Date): EwayBill => ({
  id: row.id,
  orderId: row.orderId,
  number: row.number,
  generatedAt: row.generatedAt.toISOString(),
  distanceKm: row.distanceKm,
  overDimensional: row.overDimensional,
  validUntil: row.validUntil.toISOString(),
  valueRupees: row.valuePaise / 100,
  fromGstin: row.fromGstin,
  toGstin: row.toGstin,
  vehicleNumber: row.vehicleNumber,
  status: row.status,
  state: ewayBillState(row, now),
  extensions: row.extensions,
  source: row.source,
  warnings:
    row.vehicleNumber && order.vehicleNumber && row.vehicleNumber !== order.vehicleNumber
      ? [`Part B names vehicle ${row.vehicleNumber}; the order's vehicle is ${order.vehicleNumber}. Update Part B.`]
      : [],
});

/** The order's e-way bills, newest first, each with its state now (valid, expiring, expired, cancelled). */
export async function listBills(db: Db, order: BillOrder, now = new Date()): Promise<EwayBill[]> {
  const rows = await billsOfOrder(db, order.id);
  return rows.map((r) => toBill(r, order, now));
}

const context = (order: BillOrder): BillContext => ({ vehicleNumber: order.vehicleNumber, distanceKm: order.distanceKm });

/** Asks the e-way bill system for the bill (the form's "fetch"); a failure to reach it is a 503 the user can retry. */
export async function fetchBill(provider: EwayBillProvider, order: BillOrder, number: string): Promise<ProviderBill> {
  let bill: ProviderBill | null;
  try {
    bill = await provider.getBill(order.plantGstin, number, context(order));
  } catch (err) {
    if (err instanceof EwayBillProviderError && err.retryable) {
      throw new AppError(
        503,
        'EWAY_BILL_SYSTEM_UNAVAILABLE',
        `${err.message} Try again, or enter the bill's details from its copy.`,
        undefined,
        {
          'retry-after': '30',
        },
      );
    }
    throw badRequest('number', err instanceof Error ? err.message : 'The e-way bill system refused this number.');
  }
  if (!bill) {
    throw badRequest('number', `The e-way bill system has no e-way bill ${number}. Check the number.`);
  }
  return bill;
}

/** Refuses a bill that is not this shipper's for this direction, cancelled, or already expired. */
export function checkBill(
  order: BillOrder,
  bill: Pick<ProviderBill, 'number' | 'fromGstin' | 'toGstin' | 'status' | 'validUntil'>,
  now: Date,
) {
  const ours = order.requestType === 2 ? bill.toGstin : bill.fromGstin;
  const side = order.requestType === 2 ? 'consignee' : 'consignor';
  if (!ours || !order.gstins.includes(ours)) {
    throw badRequest(
      'number',
      `E-way bill ${bill.number} is another business's: its ${side} GSTIN ${ours ?? '(none)'} is not one of yours.`,
    );
  }
  if (bill.status === 'cancelled') {
    throw badRequest('number', `E-way bill ${bill.number} is cancelled in the e-way bill system.`);
  }
  if (bill.validUntil.getTime() < now.getTime()) {
    throw badRequest('number', `E-way bill ${bill.number} expired on ${formatIst(bill.validUntil)}; generate a new one.`);
  }
}

/** The provider's bill, or the typed one when the system is out of reach. */
async function billToRecord(
  provider: EwayBillProvider,
  order: BillOrder,
  input: EwayBillInputParsed,
): Promise<ProviderBill & { source: 'provider' | 'manual' }> {
  try {
    return { ...(await fetchBill(provider, order, input.number)), source: 'provider' };
  } catch (err) {
    const m = input.manual;
    if (!(err instanceof AppError && err.statusCode === 503) || !m) {
      throw err;
    }
    return {
      number: input.number,
      generatedAt: m.generatedAt,
      distanceKm: m.distanceKm,
      validUntil: ewayValidUntil(m.generatedAt, m.distanceKm, input.overDimensional),
      valuePaise: Math.round(m.valueRupees * 100),
      fromGstin: m.fromGstin,
      toGstin: m.toGstin ?? null,
      vehicleNumber: m.vehicleNumber ?? null,
      status: 'active',
      extensions: 0,
      overDimensional: input.overDimensional,
      source: 'manual',
    };
  }
}

/** 409 unless the order is still on the road: bills are added and extended only there. */
export function mustBeOnTheRoad(order: BillOrder) {
  if (!ACTIVE.includes(order.status)) {
    const status = orderStatusLabel(order.status as OrderStatus, order.requestType).toLowerCase();
    throw new AppError(409, 'ORDER_DONE', `E-way bills are added and extended on orders still on the road; ${order.number} is ${status}.`);
  }
}

/** Records an e-way bill on an order, with its expiry alerts. */
export async function addBill(
  db: Db,
  provider: EwayBillProvider,
  viewer: Viewer,
  order: BillOrder,
  input: EwayBillInputParsed,
  now = new Date(),
) {
  mustBeOnTheRoad(order);
  const bill = await billToRecord(provider, order, input);
  checkBill(order, bill, now);
  // The system's bill as NIC holds it (its validity and its vehicle type); a typed one's validity is
  // computed from its generation and distance (billToRecord), never taken as typed.
  const id = await db.transaction(async (tx) => {
    const taken = await activeBillOf(tx, bill.number);
    if (taken) {
      throw new AppError(
        409,
        'CONFLICT',
        `E-way bill ${bill.number} is already recorded${taken.orderId === order.id ? ' on this order' : ' on another order'}.`,
        {
          number: 'Already recorded',
        },
      );
    }
    const row = await insertBill(tx, {
      industryId: order.industryId,
      orderId: order.id,
      number: bill.number,
      generatedAt: bill.generatedAt,
      distanceKm: bill.distanceKm,
      overDimensional: bill.overDimensional,
      validUntil: bill.validUntil,
      valuePaise: bill.valuePaise,
      fromGstin: bill.fromGstin,
      toGstin: bill.toGstin,
      vehicleNumber: bill.vehicleNumber,
      extensions: bill.extensions,
      source: bill.source,
      createdBy: viewer.id,
    });
    if (!row) {
      throw new Error('e-way bill not stored');
    }
    await scheduleAlerts(tx, row.id, row.validUntil);
    await billOnTimeline(tx, order, viewer.id, `E-way bill ${bill.number} added, valid until ${formatIst(row.validUntil)}`);
    return row.id;
  });
  return mustFindBill(db, order, id, now);
}

/** A bill added, extended or cancelled goes on the order's timeline as a change on the way (same status): who, what, when. */
export async function billOnTimeline(tx: DbOrTx, order: BillOrder, by: number, reason: string) {
  await addOrderEvent(tx, { orderId: order.id, fromStatus: order.status, toStatus: order.status, by, reason });
}

export async function mustFindBill(db: DbOrTx, order: BillOrder, billId: number, now = new Date()): Promise<EwayBill> {
  const row = await billOfOrder(db, order.id, billId);
  if (!row) {
    throw notFound('E-way bill');
  }
  return toBill(row, order, now);
}

export const EWAY_EXPIRING_JOB = 'eway-bill.expiring';
export const EWAY_EXPIRED_JOB = 'eway-bill.expired';

/** The two alerts of a bill: 8 hours before it expires, and when it has. */
export async function scheduleAlerts(tx: DbOrTx, billId: number, validUntil: Date) {
  const warnAt = new Date(validUntil.getTime() - EWAY_EXPIRY_WARNING_HOURS * 3_600_000);
  await scheduleJob(tx, EWAY_EXPIRING_JOB, `${EWAY_EXPIRING_JOB}:${billId}`, warnAt, { billId, validUntil: validUntil.toISOString() });
  await scheduleJob(tx, EWAY_EXPIRED_JOB, `${EWAY_EXPIRED_JOB}:${billId}`, validUntil, { billId, validUntil: validUntil.toISOString() });
}

export { ACTIVE as EWAY_ACTIVE_ORDER_STATUSES };

import type { SQL } from 'drizzle-orm';
import { ORDER_STATUS_LABEL, type OrderStatus } from '@freightdesk/shared/status/order';
import { SIM_OPERATOR_LABEL, TRACKING_METHOD_LABEL, type OrderTracking, type TrackingChoice } from '@freightdesk/shared/schemas/tracking';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { SIM_OPERATORS } from '../../db/schema/tracking.ts';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.ts';
import { scheduleJob } from '../../lib/jobs.ts';
import { adoptLentDevices } from '../../repositories/tracking-devices.repository.ts';
import {
  busyElsewhere,
  choiceDevice,
  deviceLabelFacts,
  insertTypedDevice,
  lockOrderForTracking,
  moveLentLock,
  notifyRoutes,
  orderTrackingRow,
  standingConsent,
  trackingDeviceBefore,
  upsertOrderTracking,
} from '../../repositories/tracking-methods.repository.ts';
import { deviceLabel } from './device-credentials.ts';
import { identifierUnusable } from './tracking-devices.service.ts';
import { addOrderEvent } from '../../repositories/order-events.repository.ts';

/** Orders whose trip is over: their tracking can no longer change. */
export const FINISHED_STATUSES: OrderStatus[] = ['delivered', 'closed', 'rejected', 'cancelled'];
/** The durable job that asks the providers (FASTag, rail, phone-SIM); rescheduled to now when one is chosen. */
export const PROVIDERS_JOB = 'tracking-providers';

export type TrackingActor = { id: number; industryId?: number; carrierId?: number };

/** Why phone-SIM tracking may not work for this operator (spec: say so). */
export function simNote(operator: string | null): string | null {
  if (operator === 'jio') {
    return 'Jio asks the driver for consent on every trip.';
  }
  if (operator === 'other') {
    return 'Only Airtel, Vi and Jio numbers can be tracked; a number ported to another operator cannot.';
  }
  return operator ? 'Consent lasts about a year; a number ported to another operator cannot be tracked.' : null;
}

/** The order's tracking as the API shows it (null: none chosen yet). */
export async function orderTrackingOf(db: DbOrTx, orderId: number): Promise<OrderTracking | null> {
  const row = await orderTrackingRow(db, orderId);
  if (!row) {
    return null;
  }
  const t = row.t;
  const iso = (v: Date | null) => (v ? v.toISOString() : null);
  return {
    orderId,
    method: t.method,
    device:
      t.deviceId && row.identifier && row.kind && row.credential
        ? {
            id: t.deviceId,
            label: deviceLabel({ credential: row.credential, identifier: row.identifier, hint: row.hint }),
            kind: row.kind,
            credential: row.credential,
          }
        : null,
    simNumber: t.simNumber,
    simOperator: t.simOperator,
    consentState: t.consentState,
    consentExpiresAt: iso(t.consentExpiresAt),
    simNote: t.method === 'sim' ? simNote(t.simOperator) : null,
    vehicleNumber: t.vehicleNumber,
    fnr: t.fnr,
    startedAt: iso(t.startedAt),
    stoppedAt: iso(t.stoppedAt),
  };
}

type LockedOrder = {
  id: number;
  industryId: number;
  status: OrderStatus;
  vehicleNumber: string | null;
  carrierId: number;
  number: string;
  gateOutAt: Date | null;
};

/**
 * The device a choice names, checked: the order's shipper's or carrier's, active, not on another
 * trip. A typed identifier is a GPS unit's (a phone is paired first, for an identifier issued
 * here): registered on the way when new; one registered by anyone else "cannot be used", which
 * says nothing of whose it is or whether it exists.
 */
async function deviceFor(tx: DbOrTx, actor: TrackingActor, order: LockedOrder, choice: Extract<TrackingChoice, { method: 'device' }>) {
  if (!choice.deviceId && !choice.identifier) {
    throw badRequest('deviceId', 'Choose a device, pair a phone, or type a GPS unit’s identifier.');
  }
  await adoptLentDevices(tx, order.industryId);
  let device = await choiceDevice(tx, order, choice);
  const field = choice.deviceId ? 'deviceId' : 'identifier';
  if (device && !device.owned) {
    throw choice.deviceId ? badRequest(field, 'Choose a device of yours.') : identifierUnusable();
  }
  if (!device && choice.identifier) {
    // A new GPS unit: registered on the way, owned by whoever sets the tracking.
    const made = await insertTypedDevice(tx, {
      identifier: choice.identifier,
      kind: 'gps',
      credential: 'typed',
      industryId: actor.carrierId ? null : order.industryId,
      carrierId: actor.carrierId ?? null,
      createdBy: actor.id,
    });
    if (!made) {
      throw identifierUnusable();
    }
    device = { ...made, owned: true };
  }
  if (!device) {
    throw badRequest(field, 'Choose a device of yours.');
  }
  if (device.status !== 'active') {
    throw badRequest(field, 'This device is switched off; switch it on first.');
  }
  const busy = await busyElsewhere(tx, device.id, order.id);
  if (busy) {
    throw conflict(field, `This device tracks ${busy.number} until it is delivered.`);
  }
  return device;
}

/**
 * A driver's standing consent (Airtel and Vi: about a year) from an earlier trip with the same
 * number and operator: its expiry, or null (Jio asks on every trip).
 */
async function heldConsent(tx: DbOrTx, simNumber: string, operator: (typeof SIM_OPERATORS)[number]): Promise<Date | null> {
  if (operator === 'jio') {
    return null;
  }
  return standingConsent(tx, simNumber, operator);
}

/** The columns a choice sets (the others cleared), checked. */
async function valuesFor(tx: DbOrTx, actor: TrackingActor, order: LockedOrder, choice: TrackingChoice) {
  const none = {
    deviceId: null,
    simNumber: null,
    simOperator: null,
    consentState: null,
    consentUpdatedAt: null,
    consentExpiresAt: null,
    vehicleNumber: null,
    fnr: null,
    // A new choice starts its provider's bookkeeping afresh.
    providerState: null,
    lastPolledAt: null,
  };
  switch (choice.method) {
    case 'device': {
      const device = await deviceFor(tx, actor, order, choice);
      return { values: { ...none, deviceId: device.id }, platformDeviceId: device.platformDeviceId, text: `device` };
    }
    case 'sim': {
      if (choice.simOperator === 'bsnl') {
        throw badRequest('simOperator', 'BSNL numbers cannot be tracked by SIM; choose the app, a GPS device or FASTag.');
      }
      const held = await heldConsent(tx, choice.simNumber, choice.simOperator);
      return {
        values: {
          ...none,
          simNumber: choice.simNumber,
          simOperator: choice.simOperator,
          consentState: held ? ('approved' as const) : ('pending' as const),
          consentUpdatedAt: new Date(),
          consentExpiresAt: held,
        },
        platformDeviceId: null,
        text: `${SIM_OPERATOR_LABEL[choice.simOperator]} ${choice.simNumber}`,
      };
    }
    case 'fastag': {
      const vehicleNumber = choice.vehicleNumber ?? order.vehicleNumber;
      if (!vehicleNumber) {
        throw badRequest('vehicleNumber', 'Type the vehicle number (no vehicle is assigned yet).');
      }
      return { values: { ...none, vehicleNumber }, platformDeviceId: null, text: vehicleNumber };
    }
    case 'rail':
      return { values: { ...none, fnr: choice.fnr }, platformDeviceId: null, text: `FNR ${choice.fnr}` };
  }
}

/**
 * Sets how an order is tracked (the carrier when it assigns the vehicle, the shipper at any time
 * before delivery). `scope` is the policy's change rule for the caller. The order's timeline gets
 * a line; a lent lock moves to "on an order"; every ingest forgets the devices' routes.
 */
export async function setOrderTracking(
  db: Db,
  actor: TrackingActor,
  orderId: number,
  choice: TrackingChoice,
  scope: SQL,
): Promise<OrderTracking> {
  await db.transaction(async (tx) => {
    const order = await lockOrderForTracking(tx, orderId, scope);
    if (!order) {
      throw notFound('Order');
    }
    const status = order.status as OrderStatus;
    if (FINISHED_STATUSES.includes(status)) {
      throw new AppError(409, 'TRIP_OVER', `The order is ${ORDER_STATUS_LABEL[status].toLowerCase()}: its tracking cannot change.`);
    }
    const locked = { ...order, status };
    const { values, platformDeviceId, text } = await valuesFor(tx, actor, locked, choice);
    const before = await trackingDeviceBefore(tx, orderId);
    const now = new Date();
    // A trip already on the road starts at its gate out; a provider is asked at once.
    const set = { ...values, method: choice.method, setBy: actor.id, updatedAt: now, stoppedAt: null, startedAt: order.gateOutAt };
    await upsertOrderTracking(tx, orderId, order.industryId, set);
    if (before?.platformDeviceId && before.platformDeviceId !== platformDeviceId) {
      await moveLentLock(tx, before.platformDeviceId, 'with_shipper', now);
    }
    if (platformDeviceId) {
      await moveLentLock(tx, platformDeviceId, 'on_order', now);
    }
    const device = values.deviceId ? await deviceLabelFacts(tx, values.deviceId) : undefined;
    await addOrderEvent(tx, {
      orderId,
      fromStatus: status,
      toStatus: status,
      by: actor.id,
      reason: `Tracking: ${TRACKING_METHOD_LABEL[choice.method]} ${device ? deviceLabel(device) : text}`.trim(),
    });
    await announceRoutes(
      tx,
      [before?.identifier, device?.identifier].filter((x): x is string => Boolean(x)),
    );
    if (choice.method !== 'device') {
      await scheduleJob(tx, PROVIDERS_JOB, PROVIDERS_JOB, now);
    }
  });
  const tracking = await orderTrackingOf(db, orderId);
  if (!tracking) {
    throw notFound('Order');
  }
  return tracking;
}

/** Tells every API process to forget these devices' routes (after commit). */
export async function announceRoutes(tx: DbOrTx, identifiers: string[]): Promise<void> {
  if (identifiers.length) {
    await notifyRoutes(tx, identifiers);
  }
}

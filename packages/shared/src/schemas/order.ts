import { z } from 'zod';
import { ORDER_STATUSES } from '../status/order.ts';
import { mobileSchema, vehicleNumberSchema } from '../validation/india.ts';
import { dobSchema, licenceNumberSchema } from './verification.ts';
import {
  dayQuery,
  externalRefQuery,
  externalRefSchema,
  listQuerySchema,
  optionalText,
  requiredText,
  rupeesSchema,
  idRef,
  idQuery,
} from './common.ts';
import { dropoffSchema, KEEP_ONE_DROPOFF } from './request.ts';

export const awardBodySchema = z.object({
  awards: z
    .array(
      z.object({
        bidId: idRef(),
        vehicles: z.number().int().min(1, 'At least 1 vehicle'),
      }),
      {
        error: 'Choose the bids to award',
      },
    )
    .min(1, 'Choose at least one bid to award'),
});
export type AwardBody = z.infer<typeof awardBodySchema>;

/** The vehicle and driver a carrier assigns; the licence number and date of birth, both or neither, let SARATHI check the driver (issue 37). */
export const assignVehicleFields = z.object({
  vehicleNumber: vehicleNumberSchema,
  driverName: requiredText('Driver name', 120),
  driverMobile: mobileSchema,
  driverLicenceNumber: licenceNumberSchema.optional(),
  driverDob: dobSchema.optional(),
});
/** The licence number and the date of birth go together. */
export function checkLicencePair(v: { driverLicenceNumber?: string; driverDob?: string }, ctx: z.RefinementCtx) {
  if (v.driverLicenceNumber && !v.driverDob) {
    ctx.addIssue({ code: 'custom', path: ['driverDob'], message: "Give the driver's date of birth with the licence number" });
  }
  if (v.driverDob && !v.driverLicenceNumber) {
    ctx.addIssue({ code: 'custom', path: ['driverLicenceNumber'], message: "Give the driver's licence number with the date of birth" });
  }
}
export const assignVehicleBodySchema = assignVehicleFields.superRefine(checkLicencePair);
export const rejectOrderBodySchema = z.object({ reason: optionalText(300) });
/** The shipper cancels an order: why, for the timeline and the carrier's notification. */
export const cancelOrderBodySchema = z.object({ reason: requiredText('Reason', 300) });
export type CancelOrderBody = z.infer<typeof cancelOrderBodySchema>;

export const orderSchema = z.object({
  id: z.number().int(),
  number: z.string(),
  source: z.enum(['request', 'indent', 'offline']),
  requestId: z.number().int().nullable(),
  requestNumber: z.string().nullable(),
  /** The indent whose acceptance made the order (source 'indent'). */
  indentId: z.number().int().nullable(),
  indentNumber: z.string().nullable(),
  requestType: z.number().int(),
  status: z.enum(ORDER_STATUSES),
  carrierLinkId: z.number().int(),
  carrierName: z.string(),
  /** The shipper's company: what the carrier's order list shows. */
  shipperName: z.string(),
  plantId: z.number().int(),
  plantName: z.string(),
  vehicleTypeId: z.number().int(),
  vehicleTypeName: z.string(),
  priceRupees: z.number(),
  priceBasis: z.string(),
  pickupAt: z.string(),
  vehicleNumber: z.string().nullable(),
  driverName: z.string().nullable(),
  driverMobile: z.string().nullable(),
  rejectedAt: z.string().nullable(),
  rejectReason: z.string().nullable(),
  gateInAt: z.string().nullable(),
  gateOutAt: z.string().nullable(),
  /** Each move's time (stamped by the move; null until it happens). */
  reportedAt: z.string().nullable(),
  arrivedAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  closedAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  cancelReason: z.string().nullable(),
  /** Reported → gate out at the plant, in minutes (set at gate out). */
  turnaroundMinutes: z.number().int().nullable(),
  /** The vehicle at the gate was not the one assigned (let in with an override reason). */
  vehicleMismatch: z.boolean(),
  productId: z.number().int().nullable(),
  productName: z.string().nullable(),
  /** The vehicle's share of the load, in tonnes. */
  weightTonnes: z.number().nullable(),
  /** The ERP's own reference (offline orders created through the inbound API), or null. */
  externalRef: z.string().nullable(),
  /** The lane in short: pickup → last drop-off, and how many drop-offs. */
  pickupLabel: z.string().nullable(),
  dropLabel: z.string().nullable(),
  dropCount: z.number().int(),
  /** The same vehicle is on another active order of this shipper. */
  vehicleOnAnotherOrder: z.boolean(),
  /** The latest proof of delivery reports a shortage or damage. */
  podIssue: z.boolean(),
  /** The shipper's reason when it sent the latest proof of delivery back (null otherwise). */
  podSentBackReason: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Order = z.infer<typeof orderSchema>;

export const orderListQuerySchema = listQuerySchema.extend({
  status: z.enum(ORDER_STATUSES).optional(),
  source: z.enum(['request', 'indent', 'offline']).optional(),
  plantId: idQuery.optional(),
  carrierLinkId: idQuery.optional(),
  pickupFrom: dayQuery,
  pickupTo: dayQuery,
  rejectedFrom: dayQuery,
  rejectedTo: dayQuery,
  gateInFrom: dayQuery,
  gateInTo: dayQuery,
  gateOutFrom: dayQuery,
  gateOutTo: dayQuery,
  /** The order with this ERP reference (exact). */
  externalRef: externalRefQuery,
});
export type OrderListQuery = z.infer<typeof orderListQuerySchema>;

/**
 * An order agreed outside the platform, typed in by the shipper. Its lane: outbound, the plant
 * then the drop-offs (client addresses or locations, at least one); inbound, a vendor address then
 * the plant. `offlineOrderBodySchema(direction)` adds those rules; the API validates with it.
 */
export const offlineOrderInputSchema = z.object({
  carrierLinkId: idRef('Choose a carrier'),
  plantId: idRef('Choose a plant'),
  vehicleTypeId: idRef('Choose a vehicle type'),
  priceRupees: rupeesSchema('Price'),
  priceBasis: z.enum(['trip', 'tonne']).default('trip'),
  pickupAt: z.coerce.date({ error: 'Pickup date must be a date and time' }),
  vehicleNumber: z.union([vehicleNumberSchema, z.literal('').transform(() => undefined)]).optional(),
  driverName: optionalText(120),
  driverMobile: z.union([mobileSchema, z.literal('').transform(() => undefined)]).optional(),
  /** Inbound: the vendor address the load is picked up from. */
  pickupAddressId: idRef().nullable().default(null),
  /** Outbound: where the load goes, in order. */
  dropoffs: z.array(dropoffSchema).max(20, 'At most 20 drop-offs').default([]),
  productId: idRef().nullable().default(null),
  weightTonnes: z.number().positive('Weight must be more than 0').max(1000, 'Weight can be at most 1000 t').nullable().default(null),
  /** The ERP's own reference (unique within the shipper). */
  externalRef: externalRefSchema,
});
export type OfflineOrderInput = z.input<typeof offlineOrderInputSchema>;
export type OfflineOrderInputParsed = z.infer<typeof offlineOrderInputSchema>;

/** The offline order body of a direction: outbound needs a drop-off, inbound the vendor's pickup address. */
export function offlineOrderBodySchema(direction: 1 | 2) {
  return offlineOrderInputSchema.superRefine((v, ctx) => {
    if (direction === 1 && v.dropoffs.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['dropoffs'], message: KEEP_ONE_DROPOFF });
    }
    if (direction === 1 && v.pickupAddressId) {
      ctx.addIssue({ code: 'custom', path: ['pickupAddressId'], message: 'An outbound order picks up at its plant' });
    }
    if (direction === 2 && !v.pickupAddressId) {
      ctx.addIssue({ code: 'custom', path: ['pickupAddressId'], message: 'Choose the vendor address to pick up from' });
    }
    if (direction === 2 && v.dropoffs.length > 0) {
      ctx.addIssue({ code: 'custom', path: ['dropoffs'], message: 'An inbound order drops at its plant' });
    }
  });
}

/** One line's result: created with its id, or its errors by field (`code` and `message` say why). */
export const bulkLineResultSchema = z.object({
  index: z.number().int(),
  status: z.enum(['created', 'error']),
  id: z.number().int().optional(),
  code: z.string().optional(),
  message: z.string().optional(),
  errors: z.record(z.string(), z.string()).optional(),
});
export type BulkLineResult = z.infer<typeof bulkLineResultSchema>;

/** The answer of a bulk call of the inbound API: each line's result in order, and the counts. */
export const bulkAnswerSchema = z.object({
  data: z.array(bulkLineResultSchema),
  created: z.number().int(),
  failed: z.number().int(),
});

import { z } from 'zod';
import { REQUEST_STATUSES } from '../status/request.ts';
import {
  dayQuery,
  externalRefQuery,
  externalRefSchema,
  listQuerySchema,
  optionalText,
  rupeesSchema,
  idRef,
  idQuery,
  idList,
} from './common.ts';

export const REQUEST_TYPE = { outbound: 1, inbound: 2 } as const;
export const requestTypeSchema = z.union([z.literal(1), z.literal(2)], { error: 'requestType must be 1 (outbound) or 2 (inbound)' });
export const PRICE_BASES = ['trip', 'tonne'] as const;
export const KEEP_ONE_DROPOFF = 'Keep at least one drop-off Address.';

const isoDate = (label: string) =>
  z.coerce
    .date({ error: `${label} must be a date and time` })
    .refine((d) => !Number.isNaN(d.getTime()), `${label} must be a date and time`);

/** A drop-off: a client address (or vendor address) or one of the shipper's locations. */
export const dropoffSchema = z
  .object({
    addressId: idRef().optional(),
    stopId: idRef().optional(),
  })
  .refine((d) => (d.addressId === undefined) !== (d.stopId === undefined), 'Choose a client address or a location');

/**
 * A transport request. Outbound (type 1) picks up at the plant and drops at client addresses or
 * locations; inbound (type 2) picks up at a vendor address and drops at the plant.
 */
export const requestInputSchema = z
  .object({
    requestType: requestTypeSchema,
    plantId: idRef('Choose a plant'),
    pickupAddressId: idRef().nullable().default(null),
    dropoffs: z.array(dropoffSchema).max(20).default([]),
    productId: idRef().nullable().default(null),
    packageId: idRef().nullable().default(null),
    quantity: z.number().positive('Quantity must be more than 0').max(1_000_000).nullable().default(null),
    weightTonnes: z.number({ error: 'Weight is required' }).positive('Weight must be more than 0').max(1000),
    vehicleTypeId: idRef('Choose a vehicle type'),
    vehicleCount: z.number({ error: 'Number of vehicles is required' }).int().min(1, 'At least 1 vehicle').max(500),
    pickupAt: isoDate('Pickup date'),
    bidStartAt: isoDate('Bid start'),
    bidEndAt: isoDate('Bid end'),
    targetPriceRupees: rupeesSchema('Target price').nullable().default(null),
    priceBasis: z.enum(PRICE_BASES, { error: 'Choose per trip or per tonne' }).default('trip'),
    carrierLinkIds: idList('Carriers'),
    groupIds: idList('Groups'),
    hideMaterial: z.boolean().default(false),
    remarks: optionalText(1000),
    /** The ERP's own reference (unique within the shipper). */
    externalRef: externalRefSchema,
    /** false keeps a draft; true schedules or opens it by its bid window. */
    publish: z.boolean().default(true),
    /** The spot indent this request is raised for (`new/spot-indent/{spotIndent}`); the indent then points to it. */
    spotIndentId: idRef().nullable().default(null),
  })
  .superRefine((v, ctx) => {
    if (v.bidEndAt <= v.bidStartAt) {
      ctx.addIssue({ code: 'custom', path: ['bidEndAt'], message: 'Bid end must be after bid start' });
    }
    if (v.pickupAt < v.bidEndAt) {
      ctx.addIssue({ code: 'custom', path: ['pickupAt'], message: 'Pickup must be after the bid end' });
    }
    if (v.requestType === 1 && v.dropoffs.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['dropoffs'], message: KEEP_ONE_DROPOFF });
    }
    if (v.requestType === 2 && !v.pickupAddressId) {
      ctx.addIssue({ code: 'custom', path: ['pickupAddressId'], message: 'Choose the vendor address to pick up from' });
    }
    if (v.publish && v.carrierLinkIds.length + v.groupIds.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['carrierLinkIds'], message: 'Invite at least one carrier or group' });
    }
  });
export type RequestInput = z.input<typeof requestInputSchema>;
export type RequestInputParsed = z.infer<typeof requestInputSchema>;

export const requestSchema = z.object({
  id: z.number().int(),
  number: z.string(),
  requestType: requestTypeSchema,
  status: z.enum(REQUEST_STATUSES),
  plantId: z.number().int(),
  plantName: z.string(),
  pickupAddressId: z.number().int().nullable(),
  /** Inbound: the vendor and its pickup address, as one label; outbound: null (the plant). */
  pickupLabel: z.string().nullable(),
  dropoffs: z.array(z.object({ addressId: z.number().int().nullable(), stopId: z.number().int().nullable(), label: z.string() })),
  productId: z.number().int().nullable(),
  productName: z.string().nullable(),
  packageId: z.number().int().nullable(),
  quantity: z.number().nullable(),
  weightTonnes: z.number(),
  vehicleTypeId: z.number().int(),
  vehicleTypeName: z.string(),
  vehicleCount: z.number().int(),
  pickupAt: z.string(),
  bidStartAt: z.string(),
  bidEndAt: z.string(),
  targetPriceRupees: z.number().nullable(),
  priceBasis: z.enum(PRICE_BASES),
  carrierLinkIds: z.array(z.number().int()),
  groupIds: z.array(z.number().int()),
  hideMaterial: z.boolean(),
  remarks: z.string().nullable(),
  /** The ERP's own reference, or null. */
  externalRef: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TransportRequest = z.infer<typeof requestSchema>;

export const requestListQuerySchema = listQuerySchema.extend({
  status: z.enum(REQUEST_STATUSES).optional(),
  plantId: idQuery.optional(),
  carrierLinkId: idQuery.optional(),
  pickupFrom: dayQuery,
  pickupTo: dayQuery,
  /** The request with this ERP reference (exact). */
  externalRef: externalRefQuery,
});
export type RequestListQuery = z.infer<typeof requestListQuerySchema>;

/** Several requests created together: all or none. */
export const requestBatchSchema = z.object({
  requests: z
    .array(requestInputSchema, { error: 'Add the requests of the batch' })
    .min(1, 'Add at least one request')
    .max(25, 'At most 25 requests in one batch'),
});

/** One line of a request's history tab: its audit entries, bids and awards, oldest first. */
export const requestHistoryEntrySchema = z.object({
  at: z.string(),
  kind: z.enum(['created', 'status', 'edited', 'bid', 'awarded']),
  /** Who acted and their company; both null for the platform's own jobs (the bid window). */
  byName: z.string().nullable(),
  byCompany: z.string().nullable(),
  /** For status: the states; for edits: the changed fields as [before, after]. */
  from: z.unknown().nullable(),
  to: z.unknown().nullable(),
  reason: z.string().nullable(),
  carrierName: z.string().nullable(),
  amountRupees: z.number().nullable(),
  vehicles: z.number().int().nullable(),
});
export type RequestHistoryEntry = z.infer<typeof requestHistoryEntrySchema>;

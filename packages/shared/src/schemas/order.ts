import { z } from 'zod';
import { ORDER_STATUSES } from '../status/order.ts';
import { mobileSchema, vehicleNumberSchema } from '../validation/india.ts';
import { dayQuery, listQuerySchema, optionalText, requiredText } from './common.ts';

export const awardBodySchema = z.object({
  awards: z
    .array(z.object({ bidId: z.number().int().positive(), vehicles: z.number().int().min(1, 'At least 1 vehicle') }), {
      error: 'Choose the bids to award',
    })
    .min(1, 'Choose at least one bid to award'),
});
export type AwardBody = z.infer<typeof awardBodySchema>;

export const assignVehicleBodySchema = z.object({
  vehicleNumber: vehicleNumberSchema,
  driverName: requiredText('Driver name', 120),
  driverMobile: mobileSchema,
});
export const rejectOrderBodySchema = z.object({ reason: optionalText(300) });

export const orderSchema = z.object({
  id: z.number().int(),
  number: z.string(),
  source: z.enum(['request', 'indent', 'offline']),
  requestId: z.number().int().nullable(),
  requestNumber: z.string().nullable(),
  requestType: z.number().int(),
  status: z.enum(ORDER_STATUSES),
  carrierLinkId: z.number().int(),
  carrierName: z.string(),
  /** The shipper's company: what the carrier's order list shows. */
  shipperName: z.string(),
  plantId: z.number().int(),
  plantName: z.string(),
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
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Order = z.infer<typeof orderSchema>;

export const orderListQuerySchema = listQuerySchema.extend({
  status: z.enum(ORDER_STATUSES).optional(),
  source: z.enum(['request', 'indent', 'offline']).optional(),
  plantId: z.coerce.number().int().positive().optional(),
  carrierLinkId: z.coerce.number().int().positive().optional(),
  pickupFrom: dayQuery,
  pickupTo: dayQuery,
  rejectedFrom: dayQuery,
  rejectedTo: dayQuery,
  gateInFrom: dayQuery,
  gateInTo: dayQuery,
  gateOutFrom: dayQuery,
  gateOutTo: dayQuery,
});
export type OrderListQuery = z.infer<typeof orderListQuerySchema>;

/** An order agreed outside the platform, typed in by the shipper. */
export const offlineOrderInputSchema = z.object({
  carrierLinkId: z.number({ error: 'Choose a carrier' }).int().positive('Choose a carrier'),
  plantId: z.number({ error: 'Choose a plant' }).int().positive('Choose a plant'),
  vehicleTypeId: z.number({ error: 'Choose a vehicle type' }).int().positive('Choose a vehicle type'),
  priceRupees: z.number({ error: 'Price is required' }).positive('Price must be more than 0').max(100_000_000),
  priceBasis: z.enum(['trip', 'tonne']).default('trip'),
  pickupAt: z.coerce.date({ error: 'Pickup date must be a date and time' }),
  vehicleNumber: z.union([vehicleNumberSchema, z.literal('').transform(() => undefined)]).optional(),
  driverName: optionalText(120),
  driverMobile: z.union([mobileSchema, z.literal('').transform(() => undefined)]).optional(),
});
export type OfflineOrderInput = z.input<typeof offlineOrderInputSchema>;
export type OfflineOrderInputParsed = z.infer<typeof offlineOrderInputSchema>;

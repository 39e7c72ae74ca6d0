import { z } from 'zod';
import type { ConsignmentNoteView } from './consignment-note.ts';
import type { OrderAction } from '../status/order-actions.ts';
import type { EwayBill } from './eway-bill.ts';
import type { GateEvent } from './execution.ts';
import type { Order } from './order.ts';
import type { Pod } from './pod.ts';

/** What an order's page answers: its lane, its timeline, and the order with all of it. */

/** One place on the order's lane (a snapshot taken when the order was placed). */
export const orderStopSchema = z.object({
  seq: z.number().int(),
  kind: z.enum(['pickup', 'drop']),
  label: z.string(),
  city: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  geofenceRadius: z.number().int().nullable(),
  plantId: z.number().int().nullable(),
  addressId: z.number().int().nullable(),
  stopId: z.number().int().nullable(),
});
export type OrderStop = z.infer<typeof orderStopSchema>;

/** One line of the order's timeline: the move, who (user and company; null name: the platform itself), when, why. */
export const orderTimelineEntrySchema = z.object({
  from: z.string().nullable(),
  to: z.string(),
  by: z.number().int().nullable(),
  byName: z.string().nullable(),
  byCompany: z.string().nullable(),
  /** "Asha Kulkarni, Demo Industries", or "Freightdesk (automatic)" for the platform's own moves. */
  byLabel: z.string(),
  reason: z.string().nullable(),
  at: z.string(),
});
export type OrderTimelineEntry = z.infer<typeof orderTimelineEntrySchema>;

/**
 * `GET /api/orders/{dir}/:id`, `GET /api/offline-orders/{dir}/:id` and `GET /api/carrier/orders/:id`:
 * the order with everything its page shows, and the actions the viewer may take on it right now.
 */
export type OrderDetail = Order & {
  lane: OrderStop[];
  ewayBills: EwayBill[];
  /** The newest POD version (null before delivery) and every version, newest first. */
  pod: Pod | null;
  podVersions: Pod[];
  gateEvents: GateEvent[];
  timeline: OrderTimelineEntry[];
  actions: OrderAction[];
  /** The consignment note (LR), once made at gate out or by the carrier. */
  consignmentNote: ConsignmentNoteView | null;
};

import { z } from 'zod';
import { ORDER_STATUSES } from '../status/order.ts';
import { lastPositionSchema } from './tracking.ts';
import { publicConsignmentNoteSchema } from './consignment-note.ts';

/** Tracking (issue 10): an order's public links (`/live/{token}`, `/fast/{token}`) and what they show. */
/** A public link as its shipper sees it (the token only once, when created). */
export const trackingLinkSchema = z.object({
  id: z.number().int(),
  kind: z.enum(['live', 'fast']),
  createdAt: z.string(),
  revokedAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  active: z.boolean(),
  /** `#/live/{token}`: present only in the answer that created it. */
  token: z.string().optional(),
  path: z.string().optional(),
  shareText: z.string().optional(),
});
export type TrackingLink = z.infer<typeof trackingLinkSchema>;
export const createTrackingLinkSchema = z.object({ kind: z.enum(['live', 'fast']).default('live') });

/** What anyone holding a public link sees: that shipment only, no prices, no ids. */
export const publicTrackSchema = z.object({
  orderNumber: z.string(),
  status: z.enum(ORDER_STATUSES),
  statusLabel: z.string(),
  vehicleNumber: z.string().nullable(),
  stops: z.array(
    z.object({
      kind: z.enum(['pickup', 'drop']),
      label: z.string(),
      city: z.string().nullable(),
      latitude: z.number().nullable(),
      longitude: z.number().nullable(),
      arrivedAt: z.string().nullable(),
    }),
  ),
  trail: z.array(z.tuple([z.number(), z.number(), z.number()])),
  lastPosition: lastPositionSchema.omit({ source: true }).nullable(),
  etaAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  /** The consignment note (LR): its number, goods, packages and weight, and who sends and receives; null before one is made. */
  consignmentNote: publicConsignmentNoteSchema.nullable(),
  /** FASTag toll plazas crossed on this trip, in order (the `/fast/…` link's list; empty otherwise). */
  tolls: z.array(z.object({ plaza: z.string(), readAt: z.string() })),
});
export type PublicTrack = z.infer<typeof publicTrackSchema>;
export const publicTokenParamSchema = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{22,64}$/, 'No such link'),
});

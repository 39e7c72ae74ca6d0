import { z } from 'zod';

/**
 * The carrier's dashboard (`GET /api/dashboard/carrier`): its live auctions and where its bids
 * stand in them, and the orders it has to serve. A position the shipper hides (bid visibility
 * "nothing") is counted as hidden, never as leading or trailing.
 */
export const carrierDashboardSchema = z.object({
  liveAuctions: z.number().int(),
  bidsLeading: z.number().int(),
  bidsTrailing: z.number().int(),
  bidsPositionHidden: z.number().int(),
  ordersToServe: z.number().int(),
  ordersInTransit: z.number().int(),
});
export type CarrierDashboard = z.infer<typeof carrierDashboardSchema>;

/** Days ahead in which a shipper's plan ending counts as "expiring" on the admin's dashboard. */
export const PLAN_EXPIRY_WARNING_DAYS = 30;

/**
 * The platform admin's dashboard (`GET /api/dashboard/admin`): shippers, plans ending within
 * PLAN_EXPIRY_WARNING_DAYS, the platform's devices out with shippers, and the mail outbox.
 */
export const adminDashboardSchema = z.object({
  shippersActive: z.number().int(),
  plansExpiring: z.number().int(),
  devicesWithShippers: z.number().int(),
  devicesOnOrders: z.number().int(),
  devicesSentBack: z.number().int(),
  mailWaiting: z.number().int(),
  mailFailed: z.number().int(),
  /** Mail of the last 7 days kept in the outbox only, because no SMTP server is configured. */
  mailKept: z.number().int(),
});
export type AdminDashboard = z.infer<typeof adminDashboardSchema>;

import { z } from 'zod';

/**
 * The carrier's dashboard (`GET /api/dashboard/carrier`): its live auctions and where its bids
 * stand in them, and the orders it has to serve. A position the shipper hides (bid visibility
 * "nothing") is counted as hidden, never as leading or trailing. Bids won and lost: its bids on
 * requests awarded, with an order of its own from the award or without one. Invoices due: its
 * approved invoices not yet paid in full, across shippers, and what is left to pay on them.
 */
export const carrierDashboardSchema = z.object({
  liveAuctions: z.number().int(),
  bidsLeading: z.number().int(),
  bidsTrailing: z.number().int(),
  bidsPositionHidden: z.number().int(),
  ordersToServe: z.number().int(),
  ordersInTransit: z.number().int(),
  bidsWon: z.number().int(),
  bidsLost: z.number().int(),
  invoicesDue: z.number().int(),
  invoicesDueRupees: z.number(),
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

/**
 * The shipper dashboard's charts (`GET /api/dashboard/trends`), over the orders created in the
 * dashboard's date range, plant and business unit (see trends.ts in the API for each rule).
 */
export const dashboardTrendsSchema = z.object({
  spendByMonth: z.array(z.object({ month: z.string(), spendRupees: z.number(), savingRupees: z.number(), orders: z.number().int() })),
  ordersByStatus: z.array(z.object({ status: z.string(), label: z.string(), count: z.number().int() })),
  onTime: z.object({
    /** Percent of the orders reported that were reported on time; null when none was reported. */
    placementPercent: z.number().nullable(),
    /** Percent of the orders arrived that arrived without a delay; null when none arrived. */
    deliveryPercent: z.number().nullable(),
    /** Orders reported (the placement's base) and, of them, on time. */
    placed: z.number().int(),
    placedOnTime: z.number().int(),
    /** Orders arrived (the delivery's base) and, of them, without a delay. */
    delivered: z.number().int(),
    deliveredOnTime: z.number().int(),
  }),
  topLanes: z.array(z.object({ lane: z.string(), spendRupees: z.number(), orders: z.number().int() })),
  carrierRanking: z.array(
    z.object({ carrier: z.string(), orders: z.number().int(), spendRupees: z.number(), onTimePercent: z.number().nullable() }),
  ),
  inTransit: z.number().int(),
});
export type DashboardTrends = z.infer<typeof dashboardTrendsSchema>;

import { z } from 'zod';
import { dataAnswer } from './answers.ts';
import { carrierScorecardSchema } from './carrier-scorecard.ts';
import { adminDashboardSchema, carrierDashboardSchema, dashboardTrendsSchema } from './dashboard.ts';
import {
  REPORT_COLUMN_KINDS,
  type ReportCatalogEntry,
  type ReportPage,
  SPEND_GROUPS,
  SUMMARY_REPORTS,
  exportViewSchema,
} from './report.ts';

/**
 * The declared answers of the dashboards, the summary reports and the report exports (issue 34,
 * record 0286). Money is in rupees, as the figures are sent.
 */

/** The shipper's master-data cards: each a count (the date range counts records created in it). */
export const masterCardsSchema = z.object({
  activePlants: z.number().int(),
  activeCarriers: z.number().int(),
  blockedCarriers: z.number().int(),
  clients: z.number().int(),
  vendors: z.number().int(),
  staff: z.number().int(),
  routes: z.number().int(),
  devices: z.number().int(),
});

/** The shipper's freight figures: requests and orders of the period, their spend and saving in rupees. */
export const freightCardsSchema = z.object({
  liveRequests: z.number().int(),
  awaitingAward: z.number().int(),
  awaitingVehicle: z.number().int(),
  inTransit: z.number().int(),
  delivered: z.number().int(),
  ordersPlaced: z.number().int(),
  spendRupees: z.number(),
  savingRupees: z.number(),
});

/** `GET /api/dashboard`: the cards, the freight figures, and the filters they were counted for. */
export const dashboardAnswer = dataAnswer(
  z.object({
    cards: masterCardsSchema,
    freight: freightCardsSchema,
    filters: z.object({
      startDate: z.string().optional(),
      endDate: z.string().optional(),
      plantId: z.number().int().optional(),
      businessUnitId: z.number().int().optional(),
    }),
  }),
);

/** `GET /api/dashboard/:card`: one card broken down (plants by state, carriers by status …). */
export const dashboardBreakdownAnswer = dataAnswer(z.array(z.object({ label: z.string(), count: z.number().int() })));
export const dashboardTrendsAnswer = dataAnswer(dashboardTrendsSchema);
export const carrierDashboardAnswer = dataAnswer(carrierDashboardSchema);
export const adminDashboardAnswer = dataAnswer(adminDashboardSchema);
/** `GET /api/carrier/scorecard`: the carrier's own scorecard per shipper and its emissions by month (issue 37). */
export const carrierScorecardAnswer = dataAnswer(carrierScorecardSchema);

/** A column of a report: its key in each row, its heading, and how its values read. */
export const reportColumnSchema = z.object({ key: z.string(), label: z.string(), kind: z.enum(REPORT_COLUMN_KINDS) });

/** A summary report the user may read, as `GET /api/reports` lists it. */
export const reportCatalogEntrySchema = z.object({
  name: z.enum(SUMMARY_REPORTS),
  label: z.string(),
  description: z.string(),
  /** What the date range filters on. */
  dateLabel: z.string(),
  /** Spend's groupings; absent for the others. */
  groupBy: z.array(z.enum(SPEND_GROUPS)).readonly().optional(),
  columns: z.array(reportColumnSchema),
}) satisfies z.ZodType<ReportCatalogEntry>;

/** A report's cell: text, a number (count, rupees, percent, minutes, tonnes) or empty. */
const reportCell = z.union([z.string(), z.number(), z.null()]);

/**
 * One page of a summary report: its columns, its rows and the totals over every row, each keyed
 * by the columns' `key`, and how many rows there are.
 */
export const reportPageSchema = z.object({
  columns: z.array(reportColumnSchema),
  rows: z.array(z.record(z.string(), reportCell)),
  totals: z.record(z.string(), reportCell),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
}) satisfies z.ZodType<ReportPage>;

export const reportCatalogAnswer = dataAnswer(z.array(reportCatalogEntrySchema));
export const reportPageAnswer = dataAnswer(reportPageSchema);
/** The lanes the user's records of a report ran on (the lane filter's picker), by name. */
export const reportLanesAnswer = dataAnswer(z.array(z.string()));

export const exportAnswer = dataAnswer(exportViewSchema);
export const exportListAnswer = dataAnswer(z.array(exportViewSchema));

import { z } from 'zod';
import { ORDER_STATUSES } from '../status/order.ts';
import { dayQuery, idQuery, listQuerySchema } from './common.ts';

/**
 * The reports a logistics head reads on screen, each a summary (grouped rows with totals) over the
 * shipper's own records (issue 12), and exported like the order register.
 */
export const SUMMARY_REPORTS = [
  'spend',
  'bid-summary',
  'carrier-scorecard',
  'gate-turnaround',
  'indent-fulfilment',
  'contract-performance',
  'eway-compliance',
  'emissions',
  'brsr-scope3',
] as const;
export type SummaryReportName = (typeof SUMMARY_REPORTS)[number];

/** Reports that export as background jobs (issue 12). */
export const REPORT_NAMES = ['order-register', ...SUMMARY_REPORTS] as const;
export type ReportName = (typeof REPORT_NAMES)[number];

export const REPORT_LABEL: Record<ReportName, string> = {
  'order-register': 'Order register',
  spend: 'Spend',
  'bid-summary': 'Request and bid summary',
  'carrier-scorecard': 'Carrier scorecard',
  'gate-turnaround': 'Gate turnaround',
  'indent-fulfilment': 'Indent fulfilment',
  'contract-performance': 'RFQ and contract performance',
  'eway-compliance': 'E-way bill compliance',
  emissions: 'Emissions (ISO 14083)',
  'brsr-scope3': 'BRSR Scope 3: upstream transportation',
};

/**
 * `/my-reports?days=any`: a link to a report that asks for every day (the dashboard without dates),
 * where a link without dates opens on the current month.
 */
export const ANY_DAY = 'any';

/** How spend groups its rows. */
export const SPEND_GROUPS = ['month', 'lane', 'plant', 'carrier'] as const;
export type SpendGroup = (typeof SPEND_GROUPS)[number];

/** Longest lane name a filter takes ("Pune Chakan Plant → Surat" is 25). */
export const MAX_LANE_NAME = 200;
/** A lane filter: the lane's name exactly as the reports show it (repositories/common/lane-names.ts on the API). */
export const laneQuery = z
  .string()
  .trim()
  .min(1, 'Choose a lane')
  .max(MAX_LANE_NAME, `A lane name is at most ${MAX_LANE_NAME} characters`)
  .optional();

/**
 * A summary report's filters: direction, plant, carrier (its link to the shipper), lane, and one date
 * range (India days) whose meaning each report names (`dateLabel`: Pickup Date, Gate In Date …);
 * spend also takes how to group.
 */
const summaryFilters = {
  direction: z.coerce
    .number()
    .pipe(z.union([z.literal(1), z.literal(2)]))
    .optional(),
  plantId: idQuery.optional(),
  carrierLinkId: idQuery.optional(),
  lane: laneQuery,
  from: dayQuery,
  to: dayQuery,
  groupBy: z.enum(SPEND_GROUPS, { error: `groupBy must be one of: ${SPEND_GROUPS.join(', ')}` }).optional(),
};
const rangeInOrder = (p: { from?: string; to?: string }) => !p.from || !p.to || p.from <= p.to;
const rangeMessage = { path: ['to'], message: 'The end date must not be before the start date' };
export const summaryParamsSchema = z.object(summaryFilters).strict().refine(rangeInOrder, rangeMessage);
/** `GET /api/reports/:name`: the filters and a page of rows (25, 50 or 100). */
export const summaryPageQuerySchema = z
  .object({ ...summaryFilters, page: listQuerySchema.shape.page, pageSize: listQuerySchema.shape.pageSize })
  .strict()
  .refine(rangeInOrder, rangeMessage);
export type SummaryParams = z.infer<typeof summaryParamsSchema>;

/** How a report's column reads: text, a count, rupees (sent as rupees, paise kept exact), a percentage, minutes, tonnes. */
export const REPORT_COLUMN_KINDS = ['text', 'count', 'rupees', 'percent', 'minutes', 'tonnes'] as const;
export type ReportColumnKind = (typeof REPORT_COLUMN_KINDS)[number];
export type ReportColumnView = { key: string; label: string; kind: ReportColumnKind };

/** A summary report as `GET /api/reports` lists it. */
export type ReportCatalogEntry = {
  name: SummaryReportName;
  label: string;
  description: string;
  /** What the date range filters on (the spec's label). */
  dateLabel: string;
  /** Spend's groupings; absent for the others. */
  groupBy?: readonly SpendGroup[];
  columns: ReportColumnView[];
};

/** One page of a summary report (`GET /api/reports/:name`): its rows, the totals over every row, and how many rows there are. */
export type ReportPage = {
  columns: ReportColumnView[];
  rows: Record<string, string | number | null>[];
  totals: Record<string, string | number | null>;
  total: number;
  page: number;
  pageSize: number;
};

/**
 * The order register's filters: the spec's labels (Plant, Pickup Date, Gate In Date, Gate Out
 * Date, Rejected Date) plus carrier, lane, direction and status. Dates are India days (YYYY-MM-DD).
 */
export const orderRegisterParamsSchema = z
  .object({
    direction: z.coerce
      .number()
      .pipe(z.union([z.literal(1), z.literal(2)]))
      .optional(),
    plantId: idQuery.optional(),
    carrierLinkId: idQuery.optional(),
    lane: laneQuery,
    status: z.enum(ORDER_STATUSES).optional(),
    pickupFrom: dayQuery,
    pickupTo: dayQuery,
    gateInFrom: dayQuery,
    gateInTo: dayQuery,
    gateOutFrom: dayQuery,
    gateOutTo: dayQuery,
    rejectedFrom: dayQuery,
    rejectedTo: dayQuery,
  })
  .strict();
export type OrderRegisterParams = z.infer<typeof orderRegisterParamsSchema>;

export const exportRequestSchema = z.object({
  report: z.enum(REPORT_NAMES, { error: `report must be one of: ${REPORT_NAMES.join(', ')}` }),
  format: z.enum(['csv', 'xlsx'], { error: 'format must be csv or xlsx' }),
  params: z.record(z.string(), z.unknown()).default({}),
});
export type ExportRequest = z.input<typeof exportRequestSchema>;

export const EXPORT_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type ExportStatus = (typeof EXPORT_STATUSES)[number];

/**
 * An export as `/api/exports` answers it: its progress (`rowsDone` of the estimated `rowsTotal`),
 * then the file's name and size once done, or the reason it failed.
 */
export const exportViewSchema = z.object({
  id: z.number().int(),
  report: z.string(),
  label: z.string(),
  format: z.enum(['csv', 'xlsx']),
  status: z.enum(EXPORT_STATUSES),
  rowsDone: z.number().int(),
  rowsTotal: z.number().int().nullable(),
  fileName: z.string().nullable(),
  bytes: z.number().int().nullable(),
  error: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type ExportView = z.infer<typeof exportViewSchema>;

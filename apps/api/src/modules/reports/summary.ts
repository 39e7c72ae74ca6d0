import { type SQL, sql } from 'drizzle-orm';
import {
  REPORT_LABEL,
  type ReportCatalogEntry,
  type ReportColumnView,
  type ReportPage,
  type SpendGroup,
  type SummaryParams,
  type SummaryReportName,
  summaryParamsSchema,
} from '@freightdesk/shared/schemas/report';
import type { DbOrTx } from '../../db/client.ts';
import type { AuthUser } from '../../lib/access.ts';
import type { ReportDef } from '../../lib/export-jobs.ts';
import { inDays } from '../../lib/rows.ts';
import { likePattern } from '../../lib/pagination.ts';
import { scratchRows } from '../../lib/scratch-rows.ts';
import { orders } from '../../db/schema/orders.ts';
import { orderLane } from '../../lib/order-measures.ts';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { and, eq } from 'drizzle-orm';

type Cell = string | number | null;
type Row = Record<string, Cell>;

/**
 * A summary report (issue 12): grouped rows over the shipper's own records with a totals row. Its
 * SQL names each output column as the column's key (quoted: `as "ordersPlaced"`); rupees come as
 * paise, percentages as numbers 0–100 (null without a denominator). The rows' SQL ends with its
 * ORDER BY (a page is appended as LIMIT/OFFSET); the totals' SQL answers one row.
 */
export type SummaryReport = {
  name: SummaryReportName;
  description: string;
  /** What `from`/`to` filter on (the spec's label: Pickup Date, Gate In Date …). */
  dateLabel: string;
  groupBy?: readonly SpendGroup[];
  columns: (p: SummaryParams) => ReportColumnView[];
  /** The policy's rule for the viewer (SQL over the report's base table), or null when it may not read it. */
  scope: (viewer: AuthUser, p: SummaryParams) => SQL | null;
  /** Why `scope` refused (the 403's message). */
  refused: string;
  rows: (scope: SQL, p: SummaryParams) => SQL;
  /**
   * The totals row: over the report's records (one row), or — for a report whose every figure adds
   * up across its rows (counts, sums, longest) — `fromRows`, computed from the rows themselves
   * (`rows` names them in FROM): the report's query then runs once for the page, the count and the
   * totals, where rows and totals each scanning years of orders would take twice as long.
   */
  totals: ((scope: SQL, p: SummaryParams) => SQL) | { fromRows: (rows: SQL) => SQL };
  /**
   * How many rows `rows` answers, for a report of one row per record whose rows compute more than
   * their count needs (the bid summary's bids and awards): the page then reads only its rows.
   * Without it the page counts its rows in the same run (`count(*) over ()`).
   */
  count?: (scope: SQL, p: SummaryParams) => SQL;
  /** Where the lane filter's choices come from: the report's base table (`scope` applies) and its lane's name. */
  lanes: LaneSource;
};

/** The lanes a report's records ran on (the lane picker): rows `from` (with `where`) and the lane's name. */
export type LaneSource = { from: SQL; lane: SQL; where?: SQL };

/** The filters every summary over a table with a plant, a carrier link and a direction shares. */
export function commonFilters(
  p: SummaryParams,
  cols: { plantId: PgColumn; carrierLinkId?: PgColumn; direction?: PgColumn; day: PgColumn; lane?: SQL },
): SQL | undefined {
  return and(
    p.plantId ? eq(cols.plantId, p.plantId) : undefined,
    p.lane && cols.lane ? sql`${cols.lane} = ${p.lane}` : undefined,
    p.carrierLinkId && cols.carrierLinkId ? eq(cols.carrierLinkId, p.carrierLinkId) : undefined,
    p.direction && cols.direction ? eq(cols.direction, p.direction) : undefined,
    inDays(cols.day, p.from, p.to),
  );
}

/** The lanes of orders (every report over orders offers these). */
export const orderLanes: LaneSource = { from: sql`${orders}`, lane: orderLane };

/** Most lanes the picker offers at once (it searches on the server). */
export const LANE_CHOICES = 20;

/** The lanes the viewer's records of a report ran on, most used first, those whose name holds `search`. */
export async function laneChoices(db: DbOrTx, source: LaneSource, scope: SQL, search: string | undefined): Promise<string[]> {
  const pattern = search ? likePattern(search) : undefined;
  const rows = resultRows(
    await db.execute(sql`select lane from (select ${source.lane} as lane from ${source.from} where ${and(scope, source.where)}) named
      where lane is not null ${pattern ? sql`and lane ilike ${pattern}` : sql``}
      group by lane order by count(*) desc, lane limit ${LANE_CHOICES}`),
  );
  return rows.map((r) => String(r.lane));
}

/** A status column read as its label (the screens' words), the raw value for one the map lacks. */
export const labelOf = (column: PgColumn, labels: Record<string, string>) =>
  sql`case ${column} ${sql.join(
    Object.entries(labels).map(([value, label]) => sql`when ${value} then ${label}`),
    sql` `,
  )} else ${column} end`;

/** A percentage of two SQL counts, one decimal, null when the denominator is 0. */
export const percent = (part: SQL, whole: SQL) => sql`round((100.0 * (${part}) / nullif(${whole}, 0))::numeric, 1)`;

const resultRows = (result: unknown) => (result as { rows: Row[] }).rows;

/** Reads a cell as its kind shows it: counts and percentages as numbers, paise as rupees. */
function shown(kind: ReportColumnView['kind'], value: Cell | undefined): Cell {
  if (value === null || value === undefined) {
    return null;
  }
  switch (kind) {
    case 'text':
      return String(value);
    case 'rupees':
      return Number(value) / 100;
    default:
      return Number(value);
  }
}

function shape(columns: ReportColumnView[], row: Row | undefined): Row {
  return Object.fromEntries(columns.map((c) => [c.key, shown(c.kind, row?.[c.key])]));
}

export const catalogEntry = (def: SummaryReport): ReportCatalogEntry => ({
  name: def.name,
  label: REPORT_LABEL[def.name],
  description: def.description,
  dateLabel: def.dateLabel,
  ...(def.groupBy ? { groupBy: def.groupBy } : {}),
  columns: def.columns({}),
});

/** The query of a report's totals row (one over its rows runs the report again: an export's rows are read in batches). */
const totalsQuery = (def: SummaryReport, scope: SQL, p: SummaryParams) =>
  typeof def.totals === 'function' ? def.totals(scope, p) : def.totals.fromRows(sql`(${def.rows(scope, p)}) report_rows`);

/** One page of a report's rows with its totals and row count, as the screen shows them. */
export async function summaryPage(
  db: DbOrTx,
  def: SummaryReport,
  scope: SQL,
  p: SummaryParams,
  page: number,
  pageSize: number,
): Promise<ReportPage> {
  const columns = def.columns(p);
  const base = def.rows(scope, p);
  const offset = (page - 1) * pageSize;
  if (typeof def.totals !== 'function') {
    // One run of the report: its rows kept for the statement, the page, the count and the totals read from them.
    const [one] = resultRows(
      await db.execute(sql`with report_rows as materialized (select row_number() over () as "__seq", ranked.* from (${base}) ranked)
        select (select coalesce(json_agg(paged order by paged."__seq"), '[]'::json)
            from (select * from report_rows order by "__seq" limit ${pageSize} offset ${offset}) paged) as "rows",
          (select count(*)::int from report_rows) as "__rows",
          (select row_to_json(t) from (${def.totals.fromRows(sql`report_rows`)}) t) as "totals"`),
    ) as unknown as { rows: Row[]; __rows: number; totals: Row }[];
    return {
      columns,
      rows: (one?.rows ?? []).map((r) => shape(columns, r)),
      totals: shape(columns, one?.totals),
      total: Number(one?.__rows ?? 0),
      page,
      pageSize,
    };
  }
  const countAlone = async (query: SQL) => resultRows(await db.execute(sql`select (${query}) as "__rows"`))[0]?.__rows ?? 0;
  let rows: Row[];
  let counted: Cell | undefined;
  if (def.count) {
    rows = resultRows(await db.execute(sql`${base} limit ${pageSize} offset ${offset}`));
    counted = await countAlone(def.count(scope, p));
  } else {
    // The page and the row count from one run of the report's query (a count beside it would run it twice).
    rows = resultRows(
      await db.execute(sql`select paged.*, count(*) over () as "__rows" from (${base}) paged limit ${pageSize} offset ${offset}`),
    );
    // Past the last page no row carries the count: ask for it alone.
    counted = rows.length ? rows[0]?.__rows : await countAlone(sql`select count(*)::int from (${base}) counted`);
  }
  const [totals] = resultRows(await db.execute(def.totals(scope, p)));
  return {
    columns,
    rows: rows.map((r) => shape(columns, r)),
    totals: shape(columns, totals),
    total: Number(counted ?? 0),
    page,
    pageSize,
  };
}

/**
 * The same report as an export (lib/export-jobs.ts): its rows in batches, then the totals as a
 * last row labelled "Total". The report's query runs once (lib/scratch-rows.ts): a report of many
 * rows is never re-run per batch nor held in memory.
 */
export function summaryExport(def: SummaryReport): ReportDef<SummaryParams, Row> {
  return {
    name: def.name,
    label: REPORT_LABEL[def.name],
    params: summaryParamsSchema,
    refused: def.refused,
    scope: def.scope,
    // No estimate before: the count comes from the report's one run into its scratch table.
    async *batches(db, scope, p, size, total) {
      const columns = def.columns(p);
      for await (const rows of scratchRows(db, def.rows(scope, p), size, total)) {
        yield rows.map((r) => shape(columns, r as Row));
      }
      const [totals] = resultRows(await db.execute(totalsQuery(def, scope, p)));
      const first = columns[0]?.key ?? 'label';
      yield [{ ...shape(columns, totals), [first]: 'Total' }];
    },
    // On screen a duration reads "1 h 2 min"; a file holds the minutes as a number, so its heading names the unit.
    columns: (p) => def.columns(p).map((c) => ({ key: c.key, label: c.kind === 'minutes' ? `${c.label} (min)` : c.label })),
    trailerRows: 1,
  };
}

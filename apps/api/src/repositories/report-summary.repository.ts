import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { SummaryParams } from '@freightdesk/shared/schemas/report';
import type { DbOrTx } from '../db/client.ts';
import { orders } from '../db/schema/orders.ts';
import { orderLane } from './common/order-measures.ts';
import { likePattern } from './common/pagination.ts';
import { inDays } from './common/rows.ts';

/**
 * The statements of the summary reports (modules/reports/summary.ts): each report's rows, totals,
 * count and lanes as SQL over its base table, within the scope its policy rule gives, and the
 * statements that read a page, its totals and the lane picker's choices.
 */

export type Cell = string | number | null;
export type Row = Record<string, Cell>;

/** The lanes a report's records ran on (the lane picker): rows `from` (with `where`) and the lane's name. */
export type LaneSource = { from: SQL; lane: SQL; where?: SQL };

/** A summary report's statements (see modules/reports/summary.ts SummaryReport). */
export type ReportStatements = {
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

/** The statement of the lane picker's choices: the lanes of the scope's records, most used first, those holding `search`. */
export function laneChoicesStatement(source: LaneSource, scope: SQL, search: string | undefined): SQL {
  const pattern = search ? likePattern(search) : undefined;
  return sql`select lane from (select ${source.lane} as lane from ${source.from} where ${and(scope, source.where)}) named
      where lane is not null ${pattern ? sql`and lane ilike ${pattern}` : sql``}
      group by lane order by count(*) desc, lane limit ${LANE_CHOICES}`;
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

/** The rows of a statement, as the driver returns them. */
export const runRows = async (db: DbOrTx, statement: SQL): Promise<Row[]> => resultRows(await db.execute(statement));

/** The lanes the viewer's records of a report ran on, most used first, those whose name holds `search`. */
export async function laneChoices(db: DbOrTx, source: LaneSource, scope: SQL, search: string | undefined): Promise<string[]> {
  const rows = await runRows(db, laneChoicesStatement(source, scope, search));
  return rows.map((r) => String(r.lane));
}

/** The query of a report's totals row (one over its rows runs the report again: an export's rows are read in batches). */
export const totalsQuery = (def: ReportStatements, scope: SQL, p: SummaryParams) =>
  typeof def.totals === 'function' ? def.totals(scope, p) : def.totals.fromRows(sql`(${def.rows(scope, p)}) report_rows`);

/** A report's totals row. */
export async function totalsRow(db: DbOrTx, def: ReportStatements, scope: SQL, p: SummaryParams): Promise<Row | undefined> {
  const [totals] = await runRows(db, totalsQuery(def, scope, p));
  return totals;
}

/** A page of a report's rows (as the driver returns them), its totals row and how many rows it has. */
export type PageRows = { rows: Row[]; totals: Row | undefined; total: number };

/** The statement of a report whose totals come from its rows: the page, the count and the totals of one run. */
export function onePassStatement(
  def: ReportStatements & { totals: { fromRows: (rows: SQL) => SQL } },
  base: SQL,
  size: number,
  offset: number,
) {
  return sql`with report_rows as materialized (select row_number() over () as "__seq", ranked.* from (${base}) ranked)
        select (select coalesce(json_agg(paged order by paged."__seq"), '[]'::json)
            from (select * from report_rows order by "__seq" limit ${size} offset ${offset}) paged) as "rows",
          (select count(*)::int from report_rows) as "__rows",
          (select row_to_json(t) from (${def.totals.fromRows(sql`report_rows`)}) t) as "totals"`;
}

/** One run of the report: its rows kept for the statement, the page, the count and the totals read from them. */
async function onePass(
  db: DbOrTx,
  def: ReportStatements & { totals: { fromRows: (rows: SQL) => SQL } },
  base: SQL,
  size: number,
  offset: number,
): Promise<PageRows> {
  const [one] = (await runRows(db, onePassStatement(def, base, size, offset))) as unknown as { rows: Row[]; __rows: number; totals: Row }[];
  return { rows: one?.rows ?? [], totals: one?.totals, total: Number(one?.__rows ?? 0) };
}

/** The page, its count and the totals, each its own statement. */
async function apart(
  db: DbOrTx,
  def: ReportStatements & { totals: (scope: SQL, p: SummaryParams) => SQL },
  scope: SQL,
  p: SummaryParams,
  base: SQL,
  size: number,
  offset: number,
): Promise<PageRows> {
  const countAlone = async (query: SQL) => (await runRows(db, sql`select (${query}) as "__rows"`))[0]?.__rows ?? 0;
  let rows: Row[];
  let counted: Cell | undefined;
  if (def.count) {
    rows = await runRows(db, sql`${base} limit ${size} offset ${offset}`);
    counted = await countAlone(def.count(scope, p));
  } else {
    // The page and the row count from one run of the report's query (a count beside it would run it twice).
    rows = await runRows(db, sql`select paged.*, count(*) over () as "__rows" from (${base}) paged limit ${size} offset ${offset}`);
    // Past the last page no row carries the count: ask for it alone.
    counted = rows.length ? rows[0]?.__rows : await countAlone(sql`select count(*)::int from (${base}) counted`);
  }
  const [totals] = await runRows(db, def.totals(scope, p));
  return { rows, totals, total: Number(counted ?? 0) };
}

/** One page of a report's rows with its totals and row count, as the database answers them. */
export function reportPageRows(db: DbOrTx, def: ReportStatements, scope: SQL, p: SummaryParams, page: number, pageSize: number) {
  const base = def.rows(scope, p);
  const offset = (page - 1) * pageSize;
  const { totals } = def;
  return typeof totals !== 'function'
    ? onePass(db, { ...def, totals }, base, pageSize, offset)
    : apart(db, { ...def, totals }, scope, p, base, pageSize, offset);
}

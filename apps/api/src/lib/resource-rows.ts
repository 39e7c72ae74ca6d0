import { Column, is, SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { type PgColumn, PgDialect } from 'drizzle-orm/pg-core';
import type { ListQuery } from '@freightdesk/shared/schemas/common';
import type { DbOrTx } from '../db/client.ts';
import { inIdOrder, LIST_COUNT_CAP, rowCountInText } from './list-page.ts';
import { preparedOnce, runWithText } from './prepared.ts';
import type { ResourceSpec } from './resource-spec.ts';

/**
 * How a resource's rows are read (lib/resource-read.ts reads its pages and single rows with
 * these): its select with its joins, the rows of a page's ids, and a page's ids, rows and count in
 * one statement.
 */

/**
 * A page's row as first read: its id, its mark (the sort value, for the cursor) and, read with the
 * ids, the row and the list's count when it was counted along.
 */
export type Found<Row> = { id: unknown; mark?: string; count?: number; row?: Row };

/** The mark of rows read with their ids where the sort has none to give (`withRows` reads one). */
export const NO_MARK = sql<null>`null::text`.as('mark');

/** What `"counted"` answers when the page is read without its count. */
const NOT_COUNTED = sql`(select null::int as "n")`;
/** How far a count read along with its page counts: as `pageTotal` counts a page below the cap. */
export const COUNTED_ALONG = LIST_COUNT_CAP + 1;

/** The fewest ids a page's rows are read by (`rowsOf`): the smallest page. */
const PLANNED_IDS = 25;

/** Resources made so far: each names its prepared statements apart. */
let resources = 0;
const dialect = new PgDialect();

/**
 * A select of `fields` from the resource's table with its joins (`joined`), and joined first to
 * `page` (a statement of ids) when given.
 */
export function resourceSelect<Row extends { id: number; status: string }, Input, Q extends ListQuery>(spec: ResourceSpec<Row, Input, Q>) {
  const t = spec.table;
  return (db: DbOrTx, fields: Record<string, PgColumn | SQL.Aliased | SQL>, joined = true, page?: SQL) => {
    let q = db.select(fields).from(t).$dynamic();
    if (page) {
      q = q.innerJoin(page, sql`${page}."id" = ${t.id}`);
    }
    for (const j of joined ? (spec.joins ?? []) : []) {
      q = q.leftJoin(j.table, j.on);
    }
    return q;
  };
}

type Select = ReturnType<typeof resourceSelect>;

/** The row reads of a resource whose select is `base` (`resourceSelect`). */
export function resourceRows<Row extends { id: number; status: string }, Input, Q extends ListQuery>(
  spec: ResourceSpec<Row, Input, Q>,
  base: Select,
) {
  const t = spec.table;
  /** The rows of a page's ids (any order): the same statement every time, built once. */
  const rowsKey = `${spec.entity}:rows:${++resources}`;
  const rowsById = (db: DbOrTx) =>
    preparedOnce(db, rowsKey, () => base(db, spec.select).where(sql`${t.id} = any(${sql.placeholder('ids')}::int[])`));

  /**
   * The rows of a page joined to the page's ids (the statement `"page"`, with each id's mark) and
   * its count (`"counted"`, a count up to the cap or none), built once: a page without a search is
   * read as `with "page" as (its ids), "counted" as (…) <these rows> order by …`, one statement
   * and one round trip (`runWithText`). Each row comes with its mark and the count apart.
   */
  const pagedKey = `${spec.entity}:paged:${resources}`;
  const flat = Object.values(spec.select).every((f) => is(f, Column) || is(f, SQL) || is(f, SQL.Aliased));
  const pagedRows = (db: DbOrTx) => {
    if (!flat) {
      return undefined;
    }
    const fields = { ...spec.select, pageMark: sql`"page"."mark"`, pageCount: sql`(select "n" from "counted")` };
    const paged = preparedOnce(db, pagedKey, () => base(db, fields, true, sql`"page"`), { trailing: 2 });
    // Its text follows the ids' in one statement: it may not number parameters of its own.
    return paged.getQuery().params.length ? undefined : paged;
  };

  /**
   * The rows of `ids` (a select of `id` and `mark`) joined to them in one statement (`pagedRows`),
   * in `order` when given, with `count` (a select of `n`) when given: each row with its id, mark
   * and the count.
   */
  const withRows = async (paged: NonNullable<ReturnType<typeof pagedRows>>, ids: SQLWrapper, order?: SQL[], count?: SQLWrapper) => {
    const ordered = order ? sql` order by ${sql.join(order, sql`, `)}` : sql``;
    const q = dialect.sqlToQuery(
      sql`with "page" as ${ids}, "counted" as ${count ?? NOT_COUNTED} ${sql.raw(paged.getQuery().sql)}${ordered}`,
    );
    const pairs = await runWithText<{ row: Record<string, unknown>; extra: [string | null, number | null] }[]>(paged, q.sql, q.params);
    return pairs.map(
      ({ row, extra: [mark, count] }): Found<Row> => ({
        id: row.id,
        mark: mark ?? undefined,
        count: count ?? undefined,
        row: spec.toRow(row),
      }),
    );
  };

  /** The matches of a list up to `max`, counted along the index the page is read from (in the page's order). */
  const countOf = (db: DbOrTx, where: SQL | undefined, order: SQL[], joined: boolean, max: number) =>
    db.select({ n: sql<number>`count(*)::int`.as('n') }).from(
      base(db, { one: sql`1`.as('one') }, joined)
        .where(where)
        .orderBy(...order)
        .limit(rowCountInText(max))
        .as('capped'),
    );

  /**
   * The rows of a page's ids, in their order. The ids go as an array of at least
   * PLANNED_IDS (the first repeated): with fewer, PostgreSQL priced a plan for that very array
   * below its reusable plan (priced for ten) and planned the wide statement again on every call, 1.5
   * ms for a search that found one order (2026-11-29). A repeated id is read once.
   */
  const rowsOf = async (db: DbOrTx, ids: number[]): Promise<Row[]> => {
    const padded = ids.length < PLANNED_IDS ? [...ids, ...Array<number>(PLANNED_IDS - ids.length).fill(ids[0] as number)] : ids;
    const rows = ids.length ? await rowsById(db).execute({ ids: padded }) : [];
    return inIdOrder(
      ids,
      rows.map((r) => spec.toRow(r)),
    );
  };

  return { rowsKey, rowsOf, pagedRows, withRows, countOf };
}

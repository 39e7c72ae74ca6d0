import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { ListQuery } from '@freightdesk/shared/schemas/common';
import type { DbOrTx } from '../../db/client.ts';
import { inIdOrder, LIST_COUNT_CAP, rowCountInText } from './list-page.ts';
import { preparedOnce } from './prepared.ts';
import type { ResourceSpec } from '../../lib/resource-spec.ts';

/**
 * How a resource's rows are read (repositories/common/resource-read.ts finds its single rows and pages with
 * these): its select with its joins, the count of a list's matches, and the rows of a page's ids.
 */

/** How far a count read along with a page's ids counts: as `pageTotal` counts a page below the cap. */
export const COUNTED_ALONG = LIST_COUNT_CAP + 1;

/** The fewest ids a page's rows are read by (`rowsOf`): the smallest page. */
const PLANNED_IDS = 25;

/** Resources made so far: each names its prepared statements apart. */
let resources = 0;

/** A select of `fields` from the resource's table, with its joins when `joined`. */
export function resourceSelect<Row extends { id: number; status: string }, Input, Q extends ListQuery>(spec: ResourceSpec<Row, Input, Q>) {
  const t = spec.table;
  return (db: DbOrTx, fields: Record<string, PgColumn | SQL.Aliased | SQL>, joined = true) => {
    let q = db.select(fields).from(t).$dynamic();
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
  /**
   * The rows of a page's ids (any order): the same statement every time, built once per resource
   * and database. Every page, search and single row reads its rows through it, after its ids, so
   * each pooled connection keeps this wide statement's plan once (about 0.6 MB on PostgreSQL for an
   * order row): a page's ids, rows and count read as one statement were faster by a round trip, but
   * kept a wide plan for each shape of a list (its filters, sort, page size, first pages), thirty
   * times an ids statement's memory
   * (docs/decisions/0196-rows-stay-one-statement-per-resource-by-id-read.md).
   */
  const rowsKey = `${spec.entity}:rows:${++resources}`;
  const rowsById = (db: DbOrTx) =>
    preparedOnce(db, rowsKey, () => base(db, spec.select).where(sql`${t.id} = any(${sql.placeholder('ids')}::int[])`));

  /**
   * The matches of a list up to `max`, counted along the index the page is read from (in the
   * page's order): a select of `n`, run alone or read along with a page's ids (`countAlong`).
   */
  const countOf = (db: DbOrTx, where: SQL | undefined, order: SQL[], joined: boolean, max: number) =>
    db.select({ n: sql<number>`count(*)::int`.as('n') }).from(
      base(db, { one: sql`1`.as('one') }, joined)
        .where(where)
        .orderBy(...order)
        .limit(rowCountInText(max))
        .as('capped'),
    );

  /** The count of `countOf`, up to COUNTED_ALONG, as a column of a page's ids statement (computed once for the statement). */
  const countAlong = (db: DbOrTx, where: SQL | undefined, order: SQL[], joined: boolean) =>
    sql<number | null>`${countOf(db, where, order, joined, COUNTED_ALONG)}`.as('counted');

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

  return { rowsKey, rowsOf, countOf, countAlong };
}

import { and, type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { ListQuery, ListResponse } from '@freightdesk/shared/schemas/common';
import type { DbOrTx } from '../../db/client.ts';
import type { ResourceSpec } from '../../lib/resource-spec.ts';
import { type Mark, markColumn, type PagePlan, pagePlan, readCursor, type Seekable, seekable, writeCursor } from './list-cursor.ts';
import { countsAlong, listOrder, offsetInText, pageTotal, rowCountInText } from './list-page.ts';
import { plannedForValues, reused } from './prepared.ts';
import { listWhere, type Reads, type Res, readsJoins } from './resource-conditions.ts';
import { COUNTED_ALONG } from './resource-rows.ts';

/**
 * A page's id as first read: with its mark (the sort value, for the cursor) and, when counted
 * along, the count of the list's matches up to COUNTED_ALONG.
 */
type Found = { id: unknown; mark?: string; counted?: number | null };

/** Renders a list's conditions to text, as the key of its count. */
const dialect = new PgDialect();

/** A list query's statements as planned before its page is read (`planList`). */
type ListPlan<Q> = {
  q: Q;
  where: SQL | undefined;
  order: SQL[];
  joined: boolean;
  /** The list's count key (`countKey`). */
  key: string;
  seek: Seekable | undefined;
  /** The list's name for its cursors. */
  listName: string;
  mark: Mark | undefined;
  plan: PagePlan | undefined;
  offset: number;
  run: typeof reused;
  counted: SQL.Aliased<number | null> | undefined;
};

/** What a list counts: its table and conditions, values included (the tenant, the user's scope). */
function countKey(rowsKey: string, where: SQL | undefined, joined: boolean) {
  const { sql: text, params } = dialect.sqlToQuery(where ?? sql`true`);
  return `${rowsKey}|${joined}|${text}|${JSON.stringify(params)}`;
}

/** The sort of a list query as one that can seek, or none (repositories/common/list-cursor.ts). */
function seekableSort<Row extends Res, Input, Q extends ListQuery>(spec: ResourceSpec<Row, Input, Q>, sort: string | undefined) {
  const t = spec.table;
  if (!sort) {
    return seekable(t, t.id, undefined, true);
  }
  const column = spec.sorts[sort.replace(/^-/, '')];
  return column ? seekable(t, t.id, column, sort.startsWith('-')) : undefined;
}

/** A list's conditions, order, cursor and page plan, and whether its count is read along with its ids. */
async function planList<Row extends Res, Input, Q extends ListQuery>(
  r: Reads<Row, Input, Q>,
  db: DbOrTx,
  industryId: number,
  asked: Q,
  restrict?: SQL,
): Promise<ListPlan<Q>> {
  const { spec, t } = r;
  const q = asked.sort || !spec.defaultSort ? asked : { ...asked, sort: spec.defaultSort };
  const where = await listWhere(spec, db, industryId, q, restrict);
  const order = listOrder(q.sort, spec.sorts, t.id);
  const joined = readsJoins(spec, q);
  const key = countKey(r.rowsKey, where, joined);
  const seek = seekableSort(spec, q.sort);
  const listName = `${key}|${q.sort ?? ''}|${q.pageSize}`;
  const mark = seek && q.cursor ? await readCursor(db, listName, q.cursor) : undefined;
  const plan = seek ? pagePlan(seek, q.page, q.pageSize, mark) : undefined;
  const offset = (q.page - 1) * q.pageSize;
  // A search's statements are planned for its text (repositories/common/prepared.ts plannedForValues); others keep theirs.
  const run = q.search ? plannedForValues : reused;
  const counted = countsAlong(offset, q.pageSize, { db, list: key }) ? r.countAlong(db, where, order, joined) : undefined;
  return { q, where, order, joined, key, seek, listName, mark, plan, offset, run, counted };
}

/** A page's ids (with one more, to tell whether more follow), by `p` or else by offset. */
async function readIds<Row extends Res, Input, Q extends ListQuery>(
  r: Reads<Row, Input, Q>,
  db: DbOrTx,
  lp: ListPlan<Q>,
  p: PagePlan | undefined,
): Promise<Found[]> {
  const { q, seek, counted } = lp;
  const marked = seek && markColumn(seek);
  const fields = { id: r.t.id, ...(marked ? { mark: marked } : {}), ...(counted ? { counted } : {}) };
  return (await lp.run(
    r
      .base(db, fields, lp.joined)
      .where(and(lp.where, p?.from))
      .orderBy(...(p?.order ?? lp.order))
      .limit(rowCountInText(p?.limit ?? q.pageSize + 1))
      .offset(offsetInText(p?.offset ?? lp.offset, q.pageSize)),
  )) as Found[];
}

/** The page's ids in order, read from its cursor's page when the plan says so. */
async function readPageIds<Row extends Res, Input, Q extends ListQuery>(r: Reads<Row, Input, Q>, db: DbOrTx, lp: ListPlan<Q>) {
  const { q, plan, mark } = lp;
  let found = await readIds(r, db, lp, plan);
  if (plan?.backwards) {
    // Read backwards from the cursor's page: put back in order; the cursor's page follows. Fewer
    // rows than a page (rows removed since) is read again by offset.
    found =
      found.length === q.pageSize
        ? [...found.reverse(), { id: mark?.id }]
        : await readIds(r, db, lp, pagePlan(lp.seek as Seekable, q.page, q.pageSize, undefined));
  }
  return found;
}

/** The list's matches up to `max`: as counted along with the page's ids, or counted now. */
async function countMatches<Row extends Res, Input, Q extends ListQuery>(
  r: Reads<Row, Input, Q>,
  db: DbOrTx,
  lp: ListPlan<Q>,
  found: Found[],
  max: number,
) {
  const along = found[0]?.counted;
  if (along != null && max === COUNTED_ALONG) {
    return Number(along);
  }
  // In the page's order: the planner then counts along the index the page was read from
  // (a few thousand index entries) rather than scanning the table for a large match.
  const [row] = await lp.run(r.countOf(db, lp.where, lp.order, lp.joined, max));
  return Number(row?.n ?? 0);
}

/**
 * One page: its ids first (with one more, to tell whether more follow), from the index of the
 * filter and sort alone, then those rows joined; the total counted only when the page cannot
 * tell it, and then only up to the cap (`pageTotal`). A sort that can seek answers a cursor and
 * reads a page from the cursor of another page of the same list where that skips fewer rows
 * (repositories/common/list-cursor.ts). A page that may need its count reads it with its ids (`countsAlong`):
 * one statement, the rows by id the second.
 */
export async function list<Row extends Res, Input, Q extends ListQuery>(
  r: Reads<Row, Input, Q>,
  db: DbOrTx,
  industryId: number,
  asked: Q,
  restrict?: SQL,
): Promise<ListResponse<Row>> {
  const lp = await planList(r, db, industryId, asked, restrict);
  const { q, offset, seek, listName } = lp;
  const found = await readPageIds(r, db, lp);
  const ids = found.slice(0, q.pageSize).map((f) => Number(f.id));
  const [data, totals, cursor] = await Promise.all([
    r.rowsOf(db, ids),
    pageTotal(offset, q.pageSize, found.length, (max) => countMatches(r, db, lp, found, max), { key: { db, list: lp.key } }),
    seek && ids.length ? writeCursor(db, listName, { page: q.page, value: found[0]?.mark ?? null, id: ids[0] as number }) : undefined,
  ]);
  return { data, ...totals, page: q.page, pageSize: q.pageSize, ...(cursor ? { cursor } : {}) };
}

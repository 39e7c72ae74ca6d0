import { and, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { ListQuery, ListResponse } from '@freightdesk/shared/schemas/common';
import type { DbOrTx } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import { markColumn, type PagePlan, pagePlan, readCursor, type Seekable, seekable, writeCursor } from './list-cursor.ts';
import { countsAlong, listOrder, numberMatch, offsetInText, pageTotal, rowCountInText, vehicleMatch } from './list-page.ts';
import { likePattern } from './pagination.ts';
import { plannedForValues, reused } from './prepared.ts';
import { COUNTED_ALONG, resourceRows, resourceSelect } from './resource-rows.ts';
import { EXPORT_MAX_ROWS, type ResourceSpec, type TenantTable } from '../../lib/resource-spec.ts';

/**
 * A page's id as first read: with its mark (the sort value, for the cursor) and, when counted
 * along, the count of the list's matches up to COUNTED_ALONG.
 */
type Found = { id: unknown; mark?: string; counted?: number | null };

/** Renders a list's conditions to text, as the key of its count. */
const dialect = new PgDialect();

/**
 * The reads of a resource (tenantResource): one row, a page of its list, the rows of an export,
 * every query scoped to the caller's tenant (and the user's restriction). Another tenant's row is
 * "not found".
 */ export function resourceReads<Row extends { id: number; status: string }, Input, Q extends ListQuery>(
  spec: ResourceSpec<Row, Input, Q>,
) {
  const t = spec.table;
  const base = resourceSelect(spec);
  const { rowsKey, rowsOf, countOf, countAlong } = resourceRows(spec, base);
  /**
   * Do this query's search or sort read a joined table? Otherwise a page's ids and its count are
   * read without the joins: PostgreSQL drops unused left joins, but still plans as if the join
   * keys were needed, and then will not answer from the index alone. (Filters, scope and
   * restrictions are on the table itself.)
   */
  const readsJoins = (q: ListQuery) =>
    Boolean(spec.joins?.length) &&
    [...(q.search ? spec.search : []), spec.sorts[(q.sort ?? '').replace(/^-/, '')]].some((c) => c !== undefined && c.table !== t);

  /** The tenant (and scope) condition every query carries. */
  const owned = (industryId: number, id?: number) =>
    and(spec.global ? undefined : eq((t as TenantTable).industryId, industryId), spec.scope, id === undefined ? undefined : eq(t.id, id));

  /**
   * `restrict` narrows what one user sees (a staff user's plants); it never widens. The row is
   * found as a page's are: its id under the conditions (a small statement kept per shape of them),
   * then its row by the resource's one statement by id, not a wide select built and planned again
   * on every call.
   */
  const find = async (db: DbOrTx, industryId: number, id: number, restrict?: SQL): Promise<Row | undefined> => {
    const [hit] = (await reused(base(db, { id: t.id }).where(and(owned(industryId, id), restrict)))) as { id: number }[];
    const [row] = hit ? await rowsOf(db, [Number(hit.id)]) : [];
    return row;
  };

  const mustFind = async (db: DbOrTx, industryId: number, id: number, restrict?: SQL): Promise<Row> => {
    const row = await find(db, industryId, id, restrict);
    if (!row) {
      throw notFound(spec.label);
    }
    return row;
  };

  const searchWhere = async (db: DbOrTx, industryId: number, search: string | undefined) => {
    if (!search) {
      return undefined;
    }
    const refs = await Promise.all((spec.searchRefs ?? []).map((ref) => ref(db, industryId, search)));
    return or(
      ...spec.search.map((c) => ilike(c, likePattern(search))),
      ...(spec.numbers ?? []).map((c) => numberMatch(c, search)),
      ...(spec.vehicles ?? []).map((c) => vehicleMatch(c, search)),
      ...refs,
    );
  };

  const listWhere = async (db: DbOrTx, industryId: number, q: Q, restrict?: SQL) =>
    and(owned(industryId), restrict, await searchWhere(db, industryId, q.search), ...(spec.filters?.(q) ?? []));

  /** What a list counts: its table and conditions, values included (the tenant, the user's scope). */
  const countKey = (where: SQL | undefined, joined: boolean) => {
    const { sql: text, params } = dialect.sqlToQuery(where ?? sql`true`);
    return `${rowsKey}|${joined}|${text}|${JSON.stringify(params)}`;
  };

  /**
   * One page: its ids first (with one more, to tell whether more follow), from the index of the
   * filter and sort alone, then those rows joined; the total counted only when the page cannot
   * tell it, and then only up to the cap (`pageTotal`). A sort that can seek answers a cursor and
   * reads a page from the cursor of another page of the same list where that skips fewer rows
   * (repositories/common/list-cursor.ts). A page that may need its count reads it with its ids (`countsAlong`):
   * one statement, the rows by id the second.
   */
  const list = async (db: DbOrTx, industryId: number, asked: Q, restrict?: SQL): Promise<ListResponse<Row>> => {
    const q = asked.sort || !spec.defaultSort ? asked : { ...asked, sort: spec.defaultSort };
    const where = await listWhere(db, industryId, q, restrict);
    const order = listOrder(q.sort, spec.sorts, t.id);
    const joined = readsJoins(q);
    const key = countKey(where, joined);
    const seek = seekableSort(q.sort);
    const listName = `${key}|${q.sort ?? ''}|${q.pageSize}`;
    const mark = seek && q.cursor ? await readCursor(db, listName, q.cursor) : undefined;
    const plan = seek ? pagePlan(seek, q.page, q.pageSize, mark) : undefined;
    const offset = (q.page - 1) * q.pageSize;
    // A search's statements are planned for its text (repositories/common/prepared.ts plannedForValues); others keep theirs.
    const run = q.search ? plannedForValues : reused;
    const counted = countsAlong(offset, q.pageSize, { db, list: key }) ? countAlong(db, where, order, joined) : undefined;
    const read = async (p: PagePlan | undefined) => {
      const marked = seek && markColumn(seek);
      const fields = { id: t.id, ...(marked ? { mark: marked } : {}), ...(counted ? { counted } : {}) };
      return (await run(
        base(db, fields, joined)
          .where(and(where, p?.from))
          .orderBy(...(p?.order ?? order))
          .limit(rowCountInText(p?.limit ?? q.pageSize + 1))
          .offset(offsetInText(p?.offset ?? offset, q.pageSize)),
      )) as Found[];
    };
    let found = await read(plan);
    if (plan?.backwards) {
      // Read backwards from the cursor's page: put back in order; the cursor's page follows. Fewer
      // rows than a page (rows removed since) is read again by offset.
      found =
        found.length === q.pageSize
          ? [...found.reverse(), { id: mark?.id }]
          : await read(pagePlan(seek as Seekable, q.page, q.pageSize, undefined));
    }
    const ids = found.slice(0, q.pageSize).map((r) => Number(r.id));
    const [data, totals, cursor] = await Promise.all([
      rowsOf(db, ids),
      pageTotal(
        offset,
        q.pageSize,
        found.length,
        async (max) => {
          const along = found[0]?.counted;
          if (along != null && max === COUNTED_ALONG) {
            return Number(along);
          }
          // In the page's order: the planner then counts along the index the page was read from
          // (a few thousand index entries) rather than scanning the table for a large match.
          const [row] = await run(countOf(db, where, order, joined, max));
          return Number(row?.n ?? 0);
        },
        { key: { db, list: key } },
      ),
      seek && ids.length ? writeCursor(db, listName, { page: q.page, value: found[0]?.mark ?? null, id: ids[0] as number }) : undefined,
    ]);
    return { data, ...totals, page: q.page, pageSize: q.pageSize, ...(cursor ? { cursor } : {}) };
  };

  /** The sort of a list query as one that can seek, or none (repositories/common/list-cursor.ts). */
  const seekableSort = (sort: string | undefined) => {
    if (!sort) {
      return seekable(t, t.id, undefined, true);
    }
    const column = spec.sorts[sort.replace(/^-/, '')];
    return column ? seekable(t, t.id, column, sort.startsWith('-')) : undefined;
  };

  /** Every row the list's search and filters select (for CSV / XLSX export), up to `max`. */
  const exportRows = async (db: DbOrTx, industryId: number, q: Q, restrict?: SQL, max = EXPORT_MAX_ROWS): Promise<Row[]> => {
    const rows = await base(db, spec.select)
      .where(await listWhere(db, industryId, q, restrict))
      .orderBy(...listOrder(q.sort, spec.sorts, t.id))
      .limit(max);
    return rows.map((r) => spec.toRow(r));
  };

  return { t, owned, find, mustFind, list, exportRows };
}

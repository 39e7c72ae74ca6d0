import { and, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import { type PgColumn, PgDialect } from 'drizzle-orm/pg-core';
import type { ListQuery, ListResponse } from '@freightdesk/shared/schemas/common';
import type { DbOrTx } from '../db/client.ts';
import { notFound } from './errors.ts';
import { markColumn, type PagePlan, pagePlan, readCursor, type Seekable, seekable, writeCursor } from './list-cursor.ts';
import { inIdOrder, listOrder, numberMatch, offsetInText, pageTotal, rowCountInText, vehicleMatch } from './list-page.ts';
import { likePattern } from './pagination.ts';
import { plannedForValues, preparedOnce, reused } from './prepared.ts';
import { EXPORT_MAX_ROWS, type ResourceSpec, type TenantTable } from './resource-spec.ts';

/** Resources made so far: each names its prepared statements apart. */
let resources = 0;
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
  const base = (db: DbOrTx, fields: Record<string, PgColumn | SQL.Aliased | SQL>, joined = true) => {
    let q = db.select(fields).from(t).$dynamic();
    for (const j of joined ? (spec.joins ?? []) : []) {
      q = q.leftJoin(j.table, j.on);
    }
    return q;
  };
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

  /** `restrict` narrows what one user sees (a staff user's plants); it never widens. */
  const find = async (db: DbOrTx, industryId: number, id: number, restrict?: SQL): Promise<Row | undefined> => {
    const [row] = await base(db, spec.select).where(and(owned(industryId, id), restrict));
    return row ? spec.toRow(row) : undefined;
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

  /** The rows of a page's ids (any order): the same statement every time, built once. */
  const rowsKey = `${spec.entity}:rows:${++resources}`;
  const rowsById = (db: DbOrTx) =>
    preparedOnce(db, rowsKey, () => base(db, spec.select).where(sql`${t.id} = any(${sql.placeholder('ids')}::int[])`));

  /**
   * One page: its ids first (with one more, to tell whether more follow), from the index of the
   * filter and sort alone, then those rows joined; the total counted only when the page cannot
   * tell it, and then only up to the cap (`pageTotal`). A sort that can seek answers a cursor and
   * reads a page from the cursor of another page of the same list where that skips fewer rows
   * (lib/list-cursor.ts).
   */
  const list = async (db: DbOrTx, industryId: number, q: Q, restrict?: SQL): Promise<ListResponse<Row>> => {
    const where = await listWhere(db, industryId, q, restrict);
    const order = listOrder(q.sort, spec.sorts, t.id);
    const joined = readsJoins(q);
    const key = countKey(where, joined);
    const seek = seekableSort(q.sort);
    const listName = `${key}|${q.sort ?? ''}|${q.pageSize}`;
    const mark = seek && q.cursor ? await readCursor(db, listName, q.cursor) : undefined;
    const plan = seek ? pagePlan(seek, q.page, q.pageSize, mark) : undefined;
    const offset = (q.page - 1) * q.pageSize;
    // A search's statements are planned for its text (lib/prepared.ts plannedForValues); the
    // others keep their plan.
    const run = q.search ? plannedForValues : reused;
    const read = (p: PagePlan | undefined) => {
      const marked = seek && markColumn(seek);
      return run(
        base(db, marked ? { id: t.id, mark: marked } : { id: t.id }, joined)
          .where(and(where, p?.from))
          .orderBy(...(p?.order ?? order))
          .limit(rowCountInText(p?.limit ?? q.pageSize + 1))
          .offset(offsetInText(p?.offset ?? offset, q.pageSize)),
      ) as Promise<{ id: unknown; mark?: string }[]>;
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
    const [rows, totals, cursor] = await Promise.all([
      ids.length ? rowsById(db).execute({ ids }) : [],
      pageTotal(
        offset,
        q.pageSize,
        found.length,
        async (max) => {
          // In the page's order: the planner then counts along the index the page was read from
          // (a few thousand index entries) rather than scanning the table for a large match.
          const matches = base(db, { one: sql`1`.as('one') }, joined)
            .where(where)
            .orderBy(...order)
            .limit(rowCountInText(max));
          const [row] = await run(db.select({ n: sql<number>`count(*)::int` }).from(matches.as('capped')));
          return Number(row?.n ?? 0);
        },
        { key: { db, list: key } },
      ),
      seek && ids.length ? writeCursor(db, listName, { page: q.page, value: found[0]?.mark ?? null, id: ids[0] as number }) : undefined,
    ]);
    const data = inIdOrder(
      ids,
      rows.map((r) => spec.toRow(r)),
    );
    return { data, ...totals, page: q.page, pageSize: q.pageSize, ...(cursor ? { cursor } : {}) };
  };

  /** The sort of a list query as one that can seek, or none (lib/list-cursor.ts). */
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

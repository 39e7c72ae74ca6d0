import { and, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import { type PgColumn, PgDialect, type PgTable } from 'drizzle-orm/pg-core';
import type { ListQuery, ListResponse } from '@freightdesk/shared/schemas/common';
import type { Db, DbOrTx } from '../db/client.ts';
import { writeAudit } from './audit.ts';
import { AppError, conflict, isForeignKeyViolation, notFound, uniqueViolation } from './errors.ts';
import { inIdOrder, listOrder, numberMatch, pageIds, pageTotal, vehicleMatch } from './list-page.ts';
import { likePattern } from './pagination.ts';
import { preparedOnce, reused } from './prepared.ts';
import { lockVersion } from './version-check.ts';

/** A shipper-owned table: every row carries its tenant, a status and timestamps. */
export type TenantTable = PgTable & { id: PgColumn; industryId: PgColumn; status: PgColumn; updatedAt: PgColumn };
/** A platform-wide table (geography, plans, notices): no tenant column. */
export type GlobalTable = PgTable & { id: PgColumn; status: PgColumn; updatedAt: PgColumn };
export type Actor = { id: number; industryId: number };

/** The most rows one export returns. */
export const EXPORT_MAX_ROWS = 50_000;

type Join = { table: PgTable; on: SQL };

export type ResourceSpec<Row extends { id: number; status: string }, Input, Q extends ListQuery> = {
  /** Audit entity name, e.g. 'plant'. */
  entity: string;
  /** Name in messages, e.g. 'Plant'. */
  label: string;
  /** A shipper-owned table, or a platform table when `global` is set. */
  table: TenantTable | GlobalTable;
  /** Platform data managed by the admin: no tenant scoping (callers pass industryId 0). */
  global?: boolean;
  /** Columns of a row (list and detail), possibly from joined tables. */
  select: Record<string, PgColumn | SQL.Aliased>;
  joins?: Join[];
  /** Text columns the search matches anywhere (ILIKE): short master lists. */
  search: PgColumn[];
  /** Number columns of this table (order, request, vehicle numbers): matched through their prefix and trigram indexes. */
  numbers?: PgColumn[];
  /** Vehicle number columns of this table, matched through their trigram index (`vehicleMatch`). */
  vehicles?: PgColumn[];
  /**
   * Names in other tables the search also matches (a carrier, a plant, a request number), each
   * resolved to ids first (`matchingIds`) into a condition on this table's own column.
   */
  searchRefs?: ((db: DbOrTx, industryId: number, search: string) => Promise<SQL>)[];
  sorts: Record<string, PgColumn>;
  /** Extra list filters from the query (status, business unit …). */
  filters?: (q: Q) => (SQL | undefined)[];
  /** Unique constraint name → [field, message], so a duplicate answers 409 naming the field. */
  unique?: Record<string, [string, string]>;
  toRow: (raw: Record<string, unknown>) => Row;
  toValues: (input: Input) => Record<string, unknown>;
  /** Checks of references and limits, inside the write transaction. */
  check?: (tx: DbOrTx, actor: Actor, input: Input, existing?: Row) => Promise<void>;
  /** Runs before a row becomes active again (e.g. plan limits). */
  beforeActivate?: (tx: DbOrTx, actor: Actor) => Promise<void>;
  /** Rows of the table this resource may touch at all (e.g. users of type 4 only). */
  scope?: SQL;
  /** Writes that belong with the row (assignment tables …), in the same transaction. */
  afterWrite?: (tx: DbOrTx, actor: Actor, id: number, input: Input) => Promise<void>;
  /** Runs after a status change, in its transaction. */
  afterStatus?: (tx: DbOrTx, actor: Actor, id: number, status: Row['status']) => Promise<void>;
};

/** Resources made so far: each names its prepared statements apart. */
let resources = 0;
/** Renders a list's conditions to text, as the key of its count. */
const dialect = new PgDialect();

/**
 * List, read, create, update and activate/deactivate for a shipper-owned table, every query scoped
 * to the caller's tenant, every write audited in its transaction. Another tenant's row is "not found".
 */
export function tenantResource<Row extends { id: number; status: string }, Input, Q extends ListQuery>(spec: ResourceSpec<Row, Input, Q>) {
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
   * tell it, and then only up to the cap (`pageTotal`).
   */
  const list = async (db: DbOrTx, industryId: number, q: Q, restrict?: SQL): Promise<ListResponse<Row>> => {
    const where = await listWhere(db, industryId, q, restrict);
    const order = listOrder(q.sort, spec.sorts, t.id);
    const joined = readsJoins(q);
    const { limit, offset } = pageIds(q);
    const found = (
      await reused(
        base(db, { id: t.id }, joined)
          .where(where)
          .orderBy(...order)
          .limit(limit)
          .offset(offset),
      )
    ).map((r) => Number(r.id));
    const ids = found.slice(0, q.pageSize);
    const [rows, totals] = await Promise.all([
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
            .limit(max);
          const [row] = await reused(db.select({ n: sql<number>`count(*)::int` }).from(matches.as('capped')));
          return Number(row?.n ?? 0);
        },
        { key: countKey(where, joined) },
      ),
    ]);
    const data = inIdOrder(
      ids,
      rows.map((r) => spec.toRow(r)),
    );
    return { data, ...totals, page: q.page, pageSize: q.pageSize };
  };

  /** Every row the list's search and filters select (for CSV / XLSX export), up to `max`. */
  const exportRows = async (db: DbOrTx, industryId: number, q: Q, restrict?: SQL, max = EXPORT_MAX_ROWS): Promise<Row[]> => {
    const rows = await base(db, spec.select)
      .where(await listWhere(db, industryId, q, restrict))
      .orderBy(...listOrder(q.sort, spec.sorts, t.id))
      .limit(max);
    return rows.map((r) => spec.toRow(r));
  };

  const rethrowDuplicate = (err: unknown): never => {
    const hit = spec.unique?.[uniqueViolation(err) ?? ''];
    if (hit) {
      throw conflict(hit[0], hit[1]);
    }
    throw err;
  };

  const audit = (tx: DbOrTx, actor: Actor, id: number, action: string, from?: unknown, to?: unknown, reason?: string) =>
    writeAudit(tx, {
      industryId: spec.global ? null : actor.industryId,
      actorUserId: actor.id,
      entity: spec.entity,
      entityId: id,
      action,
      from,
      to,
      reason,
    });

  const create = async (db: Db, actor: Actor, input: Input): Promise<Row> => {
    const id = await db
      .transaction(async (tx) => {
        await spec.check?.(tx, actor, input);
        await spec.beforeActivate?.(tx, actor);
        const [row] = await tx
          .insert(t)
          .values({ ...spec.toValues(input), ...(spec.global ? {} : { industryId: actor.industryId }) } as never)
          .returning({ id: t.id });
        const newId = Number(row?.id);
        await spec.afterWrite?.(tx, actor, newId, input);
        await audit(tx, actor, newId, 'create', undefined, input);
        return newId;
      })
      .catch(rethrowDuplicate);
    return mustFind(db, actor.industryId, id);
  };

  /** `expected`: the `updatedAt` the client loaded (If-Match); a row changed since is refused (409 STALE). */
  const update = async (db: Db, actor: Actor, id: number, input: Input, expected?: Date): Promise<Row> => {
    await db
      .transaction(async (tx) => {
        await lockVersion(tx, { table: t, where: owned(actor.industryId, id), expected, label: spec.label, entity: spec.entity });
        const before = await mustFind(tx, actor.industryId, id);
        await spec.check?.(tx, actor, input, before);
        await tx
          .update(t)
          .set({ ...spec.toValues(input), updatedAt: new Date() } as never)
          .where(owned(actor.industryId, id));
        await spec.afterWrite?.(tx, actor, id, input);
        await audit(tx, actor, id, 'update', before, input);
      })
      .catch(rethrowDuplicate);
    return mustFind(db, actor.industryId, id);
  };

  const setStatus = async (db: Db, actor: Actor, id: number, status: Row['status'], reason?: string): Promise<Row> => {
    await db.transaction(async (tx) => {
      const before = await mustFind(tx, actor.industryId, id);
      if (before.status === status) {
        return;
      }
      if (status === 'active') {
        await spec.beforeActivate?.(tx, actor);
      }
      await tx
        .update(t)
        .set({ status, updatedAt: new Date() } as never)
        .where(owned(actor.industryId, id));
      await spec.afterStatus?.(tx, actor, id, status);
      await audit(tx, actor, id, 'status', before.status, status, reason);
    });
    return mustFind(db, actor.industryId, id);
  };

  /** Deletes a row nothing references; one still in use is refused (deactivate it instead). */
  const remove = async (db: Db, actor: Actor, id: number): Promise<void> => {
    await db
      .transaction(async (tx) => {
        const before = await mustFind(tx, actor.industryId, id);
        await tx.delete(t).where(owned(actor.industryId, id));
        await audit(tx, actor, id, 'delete', before);
      })
      .catch((err: unknown) => {
        if (isForeignKeyViolation(err)) {
          throw new AppError(409, 'IN_USE', `This ${spec.label.toLowerCase()} is in use and cannot be deleted. Deactivate it instead.`);
        }
        throw err;
      });
  };

  return { find, mustFind, list, exportRows, create, update, setStatus, remove, audit };
}

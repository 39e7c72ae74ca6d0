import { and, count, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { ListQuery, ListResponse } from '@freightdesk/shared/schemas/common';
import type { Db, DbOrTx } from '../db/client.ts';
import { writeAudit } from './audit.ts';
import { AppError, conflict, isForeignKeyViolation, notFound, uniqueViolation } from './errors.ts';
import { likePattern, orderBy, pageWindow } from './pagination.ts';
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
  search: PgColumn[];
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

/**
 * List, read, create, update and activate/deactivate for a shipper-owned table, every query scoped
 * to the caller's tenant, every write audited in its transaction. Another tenant's row is "not found".
 */
export function tenantResource<Row extends { id: number; status: string }, Input, Q extends ListQuery>(spec: ResourceSpec<Row, Input, Q>) {
  const t = spec.table;
  const base = (db: DbOrTx, fields: Record<string, PgColumn | SQL.Aliased | SQL>) => {
    let q = db.select(fields).from(t).$dynamic();
    for (const j of spec.joins ?? []) {
      q = q.leftJoin(j.table, j.on);
    }
    return q;
  };

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

  const listWhere = (industryId: number, q: Q, restrict?: SQL) =>
    and(
      owned(industryId),
      restrict,
      q.search ? or(...spec.search.map((c) => ilike(c, likePattern(q.search ?? '')))) : undefined,
      ...(spec.filters?.(q) ?? []),
    );

  const list = async (db: DbOrTx, industryId: number, q: Q, restrict?: SQL): Promise<ListResponse<Row>> => {
    const where = listWhere(industryId, q, restrict);
    const { limit, offset } = pageWindow(q);
    const [rows, totals] = await Promise.all([
      base(db, spec.select)
        .where(where)
        .orderBy(...orderBy(q.sort, spec.sorts, sql`${t.id} desc`))
        .limit(limit)
        .offset(offset),
      base(db, { n: count() }).where(where),
    ]);
    return { data: rows.map((r) => spec.toRow(r)), total: Number(totals[0]?.n ?? 0), page: q.page, pageSize: q.pageSize };
  };

  /** Every row the list's search and filters select (for CSV / XLSX export), up to `max`. */
  const exportRows = async (db: DbOrTx, industryId: number, q: Q, restrict?: SQL, max = EXPORT_MAX_ROWS): Promise<Row[]> => {
    const rows = await base(db, spec.select)
      .where(listWhere(industryId, q, restrict))
      .orderBy(...orderBy(q.sort, spec.sorts, sql`${t.id} desc`))
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

import type { ListQuery } from '@freightdesk/shared/schemas/common';
import type { Db, DbOrTx } from '../db/client.ts';
import { writeAudit } from '../repositories/audit.repository.ts';
import { AppError, conflict, isForeignKeyViolation, uniqueViolation } from './errors.ts';
import { resourceReads } from '../repositories/common/resource-read.ts';
import type { Actor, ResourceSpec } from './resource-spec.ts';
import { lockVersion } from './version-check.ts';

export { type Actor, EXPORT_MAX_ROWS, type GlobalTable, type ResourceSpec, type TenantTable } from './resource-spec.ts';

type Res = { id: number; status: string };
/** What a resource's writes share: its spec and its reads. */
type Writes<Row extends Res, Input, Q extends ListQuery> = {
  spec: ResourceSpec<Row, Input, Q>;
  reads: ReturnType<typeof resourceReads<Row, Input, Q>>;
};

function rethrowDuplicate<Row extends Res, Input, Q extends ListQuery>(spec: ResourceSpec<Row, Input, Q>, err: unknown): never {
  const hit = spec.unique?.[uniqueViolation(err) ?? ''];
  if (hit) {
    throw conflict(hit[0], hit[1]);
  }
  throw err;
}

function audit<Row extends Res, Input, Q extends ListQuery>(
  spec: ResourceSpec<Row, Input, Q>,
  tx: DbOrTx,
  actor: Actor,
  id: number,
  action: string,
  from?: unknown,
  to?: unknown,
  reason?: string,
) {
  return writeAudit(tx, {
    industryId: spec.global ? null : actor.industryId,
    actorUserId: actor.id,
    entity: spec.entity,
    entityId: id,
    action,
    from,
    to,
    reason,
  });
}

async function create<Row extends Res, Input, Q extends ListQuery>(
  w: Writes<Row, Input, Q>,
  db: Db,
  actor: Actor,
  input: Input,
): Promise<Row> {
  const { spec, reads } = w;
  const t = reads.t;
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
      await audit(spec, tx, actor, newId, 'create', undefined, input);
      return newId;
    })
    .catch((err: unknown) => rethrowDuplicate(spec, err));
  return reads.mustFind(db, actor.industryId, id);
}

/** `expected`: the `updatedAt` the client loaded (If-Match); a row changed since is refused (409 STALE). */
async function update<Row extends Res, Input, Q extends ListQuery>(
  w: Writes<Row, Input, Q>,
  db: Db,
  actor: Actor,
  id: number,
  input: Input,
  expected?: Date,
): Promise<Row> {
  const { spec, reads } = w;
  const { t, owned, mustFind } = reads;
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
      await audit(spec, tx, actor, id, 'update', before, input);
    })
    .catch((err: unknown) => rethrowDuplicate(spec, err));
  return mustFind(db, actor.industryId, id);
}

async function setStatus<Row extends Res, Input, Q extends ListQuery>(
  w: Writes<Row, Input, Q>,
  db: Db,
  actor: Actor,
  id: number,
  status: Row['status'],
  reason?: string,
): Promise<Row> {
  const { spec, reads } = w;
  const { t, owned, mustFind } = reads;
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
    await audit(spec, tx, actor, id, 'status', before.status, status, reason);
  });
  return mustFind(db, actor.industryId, id);
}

/** Deletes a row nothing references; one still in use is refused (deactivate it instead). */
async function remove<Row extends Res, Input, Q extends ListQuery>(
  w: Writes<Row, Input, Q>,
  db: Db,
  actor: Actor,
  id: number,
): Promise<void> {
  const { spec, reads } = w;
  const { t, owned, mustFind } = reads;
  await db
    .transaction(async (tx) => {
      const before = await mustFind(tx, actor.industryId, id);
      await tx.delete(t).where(owned(actor.industryId, id));
      await audit(spec, tx, actor, id, 'delete', before);
    })
    .catch((err: unknown) => {
      if (isForeignKeyViolation(err)) {
        throw new AppError(409, 'IN_USE', `This ${spec.label.toLowerCase()} is in use and cannot be deleted. Deactivate it instead.`);
      }
      throw err;
    });
}

/**
 * List, read, create, update and activate/deactivate for a shipper-owned table, every query scoped
 * to the caller's tenant, every write audited in its transaction. Another tenant's row is "not found".
 * The reads are in resource-read.ts.
 */
export function tenantResource<Row extends Res, Input, Q extends ListQuery>(spec: ResourceSpec<Row, Input, Q>) {
  const reads = resourceReads(spec);
  const w: Writes<Row, Input, Q> = { spec, reads };
  const { find, mustFind, list, exportRows } = reads;
  return {
    find,
    mustFind,
    list,
    exportRows,
    create: (db: Db, actor: Actor, input: Input) => create(w, db, actor, input),
    /** `expected`: the `updatedAt` the client loaded (If-Match); a row changed since is refused (409 STALE). */
    update: (db: Db, actor: Actor, id: number, input: Input, expected?: Date) => update(w, db, actor, id, input, expected),
    setStatus: (db: Db, actor: Actor, id: number, status: Row['status'], reason?: string) => setStatus(w, db, actor, id, status, reason),
    /** Deletes a row nothing references; one still in use is refused (deactivate it instead). */
    remove: (db: Db, actor: Actor, id: number) => remove(w, db, actor, id),
    audit: (tx: DbOrTx, actor: Actor, id: number, action: string, from?: unknown, to?: unknown, reason?: string) =>
      audit(spec, tx, actor, id, action, from, to, reason),
  };
}

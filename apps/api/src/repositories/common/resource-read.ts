import { and, type SQL } from 'drizzle-orm';
import type { ListQuery } from '@freightdesk/shared/schemas/common';
import type { DbOrTx } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import { EXPORT_MAX_ROWS, type ResourceSpec } from '../../lib/resource-spec.ts';
import { listOrder } from './list-page.ts';
import { reused } from './prepared.ts';
import { listWhere, owned, type Reads, type Res } from './resource-conditions.ts';
import { list } from './resource-list.ts';
import { resourceRows, resourceSelect } from './resource-rows.ts';

/**
 * `restrict` narrows what one user sees (a staff user's plants); it never widens. The row is
 * found as a page's are: its id under the conditions (a small statement kept per shape of them),
 * then its row by the resource's one statement by id, not a wide select built and planned again
 * on every call.
 */
async function find<Row extends Res, Input, Q extends ListQuery>(
  r: Reads<Row, Input, Q>,
  db: DbOrTx,
  industryId: number,
  id: number,
  restrict?: SQL,
): Promise<Row | undefined> {
  const [hit] = (await reused(r.base(db, { id: r.t.id }).where(and(owned(r.spec, industryId, id), restrict)))) as { id: number }[];
  const [row] = hit ? await r.rowsOf(db, [Number(hit.id)]) : [];
  return row;
}

async function mustFind<Row extends Res, Input, Q extends ListQuery>(
  r: Reads<Row, Input, Q>,
  db: DbOrTx,
  industryId: number,
  id: number,
  restrict?: SQL,
): Promise<Row> {
  const row = await find(r, db, industryId, id, restrict);
  if (!row) {
    throw notFound(r.spec.label);
  }
  return row;
}

/** Every row the list's search and filters select (for CSV / XLSX export), up to `max`. */
async function exportRows<Row extends Res, Input, Q extends ListQuery>(
  r: Reads<Row, Input, Q>,
  db: DbOrTx,
  industryId: number,
  q: Q,
  restrict?: SQL,
  max = EXPORT_MAX_ROWS,
): Promise<Row[]> {
  const { spec } = r;
  const rows = await r
    .base(db, spec.select)
    .where(await listWhere(spec, db, industryId, q, restrict))
    .orderBy(...listOrder(q.sort, spec.sorts, r.t.id))
    .limit(max);
  return rows.map((row) => spec.toRow(row));
}

/**
 * The reads of a resource (tenantResource): one row, a page of its list, the rows of an export,
 * every query scoped to the caller's tenant (and the user's restriction). Another tenant's row is
 * "not found".
 */
export function resourceReads<Row extends Res, Input, Q extends ListQuery>(spec: ResourceSpec<Row, Input, Q>) {
  const t = spec.table;
  const base = resourceSelect(spec);
  const r: Reads<Row, Input, Q> = { spec, t, base, ...resourceRows(spec, base) };
  return {
    t,
    owned: (industryId: number, id?: number) => owned(spec, industryId, id),
    find: (db: DbOrTx, industryId: number, id: number, restrict?: SQL) => find(r, db, industryId, id, restrict),
    mustFind: (db: DbOrTx, industryId: number, id: number, restrict?: SQL) => mustFind(r, db, industryId, id, restrict),
    list: (db: DbOrTx, industryId: number, asked: Q, restrict?: SQL) => list(r, db, industryId, asked, restrict),
    exportRows: (db: DbOrTx, industryId: number, q: Q, restrict?: SQL, max = EXPORT_MAX_ROWS) =>
      exportRows(r, db, industryId, q, restrict, max),
  };
}

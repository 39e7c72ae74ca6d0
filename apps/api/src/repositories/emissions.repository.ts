import { and, count, desc, eq, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { ListQuery, ListResponse } from '@freightdesk/shared/schemas/common';
import type { FactorVersion, FactorVersionInput } from '@freightdesk/shared/schemas/emissions';
import type { DbOrTx } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';
import { emissionFactorVersions } from '../db/schema/emissions.ts';
import { emissionFactorsFor, type Viewer } from '../lib/policy.ts';

/**
 * Emission factor versions (issue 37): the viewer's list (the policy's rule), the version in
 * force for a company on a day, and a new version. Versions are never changed or deleted.
 */
const f = emissionFactorVersions;
type Row = typeof f.$inferSelect;

const toVersion = (r: Row): FactorVersion => ({
  id: r.id,
  industryId: r.industryId,
  label: r.label,
  validFrom: r.validFrom,
  note: r.note,
  factors: r.factors,
  createdAt: r.createdAt.toISOString(),
});

const scopeOf = (viewer: Viewer): SQL => emissionFactorsFor(viewer, 'list') ?? sql`false`;
const searchOf = (search: string | undefined): SQL | undefined => (search ? sql`${f.label} ilike ${`%${search}%`}` : undefined);

/** A page of the versions the viewer reads, newest first. */
export function factorVersionPageQuery(db: DbOrTx, viewer: Viewer, q: ListQuery) {
  return db
    .select()
    .from(f)
    .where(and(scopeOf(viewer), searchOf(q.search)))
    .orderBy(desc(f.validFrom), desc(f.id))
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
}

export function factorVersionCountQuery(db: DbOrTx, viewer: Viewer, q: ListQuery) {
  return db
    .select({ n: count() })
    .from(f)
    .where(and(scopeOf(viewer), searchOf(q.search)));
}

export async function factorVersionList(db: DbOrTx, viewer: Viewer, q: ListQuery): Promise<ListResponse<FactorVersion>> {
  const [rows, [total]] = await Promise.all([factorVersionPageQuery(db, viewer, q), factorVersionCountQuery(db, viewer, q)]);
  return { data: rows.map(toVersion), total: Number(total?.n ?? 0), page: q.page, pageSize: q.pageSize };
}

/**
 * The version in force for a company on a day: the latest started by then, of the company's own
 * or the platform's defaults (the company's own first on the same day).
 */
export const versionInForceStatement = (industryId: number, day: string): SQL => sql`
  select * from ${f}
  where ${and(or(isNull(f.industryId), eq(f.industryId, industryId)), sql`${f.validFrom} <= ${day}::date`)}
  order by ${f.validFrom} desc, ${f.industryId} nulls last, ${f.id} desc
  limit 1`;

type RawRow = {
  id: number;
  industry_id: number | null;
  label: string;
  valid_from: string | Date;
  note: string | null;
  factors: unknown;
  created_at: Date | string;
};

const dayText = (v: string | Date) => (typeof v === 'string' ? v.slice(0, 10) : v.toISOString().slice(0, 10));

export async function versionInForce(db: DbOrTx, industryId: number, day: string): Promise<FactorVersion | null> {
  const [r] = rowsOf<RawRow>(await db.execute(versionInForceStatement(industryId, day)));
  if (!r) {
    return null;
  }
  const factors = (typeof r.factors === 'string' ? JSON.parse(r.factors) : r.factors) as FactorVersion['factors'];
  return {
    id: Number(r.id),
    industryId: r.industry_id === null ? null : Number(r.industry_id),
    label: r.label,
    validFrom: dayText(r.valid_from),
    note: r.note,
    factors,
    createdAt: new Date(r.created_at).toISOString(),
  };
}

/** Whether the owner already has a version of this label. */
export async function factorLabelTaken(db: DbOrTx, industryId: number | null, label: string): Promise<boolean> {
  const owner = industryId === null ? isNull(f.industryId) : eq(f.industryId, industryId);
  const [row] = await db
    .select({ id: f.id })
    .from(f)
    .where(and(owner, eq(f.label, label)));
  return row !== undefined;
}

export async function insertFactorVersion(
  db: DbOrTx,
  industryId: number | null,
  by: number,
  input: FactorVersionInput,
): Promise<FactorVersion> {
  const [row] = await db
    .insert(f)
    .values({ industryId, label: input.label, validFrom: input.validFrom, note: input.note ?? null, factors: input.factors, createdBy: by })
    .returning();
  if (!row) {
    throw new Error('The factor version was not stored');
  }
  return toVersion(row);
}

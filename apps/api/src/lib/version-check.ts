import type { SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import type { DbOrTx } from '../db/client.ts';
import { lastChange } from '../repositories/audit.repository.ts';
import { lockedVersionRow } from '../repositories/version-check.repository.ts';
import { AppError } from './errors.ts';
import { indiaTime } from './india-time.ts';

/**
 * Optimistic concurrency for edits. A form loads a record with its `updatedAt`; its save sends that
 * back as `If-Match`. The write locks the row and compares: another save in between (a colleague,
 * another tab) answers 409 `STALE` instead of being overwritten without anyone noticing. Without the
 * header there is no check, so API clients that do not care keep working.
 */
export const IF_MATCH_HEADER = 'if-match';
const IF_MATCH_FIELD = 'If-Match';
const IF_MATCH_HELP = 'If-Match must be the updatedAt of the record as you loaded it (an ISO date and time)';

/** The version the client loaded, from `If-Match` (quoted or not); undefined when none (or `*`) was sent. */
export function expectedVersion(request: FastifyRequest): Date | undefined {
  const raw = request.headers[IF_MATCH_HEADER];
  const value = (Array.isArray(raw) ? raw[0] : raw)?.trim();
  if (value === undefined || value === '' || value === '*') {
    return undefined;
  }
  const text = value.replace(/^W\//, '').replace(/^"(.*)"$/, '$1');
  const ms = text.length <= 40 && /^\d{4}-\d{2}-\d{2}T/.test(text) ? Date.parse(text) : Number.NaN;
  if (Number.isNaN(ms)) {
    throw new AppError(400, 'VALIDATION_FAILED', IF_MATCH_HELP, { [IF_MATCH_FIELD]: IF_MATCH_HELP });
  }
  return new Date(ms);
}

export type VersionedTable = PgTable & { id: PgColumn; updatedAt: PgColumn };

export type VersionCheck = {
  table: VersionedTable;
  /** The row (and its tenant): nothing is locked or checked when no row matches (the caller answers 404). */
  where: SQL | undefined;
  /** The version the client loaded; undefined: lock only. */
  expected: Date | undefined;
  /** Name in the message, e.g. 'plant' ("This plant changed since you opened it"). */
  label: string;
  /** Audit entity of the row, to name who changed it. */
  entity?: string;
};

/**
 * Locks the row for the rest of the transaction and refuses the write (409 `STALE`) when the row
 * changed after the version the client loaded. Call it first inside the write's transaction, so no
 * other write can come between the check and this one.
 */
export async function lockVersion(tx: DbOrTx, check: VersionCheck): Promise<void> {
  const row = await lockedVersionRow(tx, check.table, check.where);
  if (!row || !check.expected) {
    return;
  }
  const current = row.updatedAt instanceof Date ? row.updatedAt : new Date(String(row.updatedAt));
  if (current.getTime() === check.expected.getTime()) {
    return;
  }
  const last = check.entity ? await lastChange(tx, check.entity, Number(row.id)) : undefined;
  const who = last ? ` (${last.by ? `by ${last.by}, ` : ''}${indiaTime(last.at)})` : '';
  throw new AppError(
    409,
    'STALE',
    `This ${check.label.toLowerCase()} changed since you opened it${who}. Reload to see the changes.`,
    undefined,
    undefined,
    { updatedAt: current.toISOString(), changedBy: last?.by ?? null, changedAt: last?.at.toISOString() ?? null },
  );
}

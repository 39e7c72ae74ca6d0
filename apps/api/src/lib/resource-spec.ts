import type { SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { ListQuery } from '@freightdesk/shared/schemas/common';
import type { DbOrTx } from '../db/client.ts';

/** What a resource of the shared machinery (tenantResource) is made of: its table, row, list and write rules. */

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
  /** The list's order when the query names none (one of `sorts`, `-` for descending); newest first otherwise. */
  defaultSort?: string;
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

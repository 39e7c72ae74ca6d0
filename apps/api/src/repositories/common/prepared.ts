import { createHash } from 'node:crypto';
import type { QueryOptions } from '@electric-sql/pglite';
import { Column, is, SQL, Subquery } from 'drizzle-orm';
import { perDatabase } from '../../lib/per-database.ts';
import { isPgliteEngine, queryNamed } from '../../lib/pglite-statements.ts';

/** What Drizzle's `prepare(name)` answers: the SQL it built, and a way to run it. */
type Prepared<R> = { getQuery(): { sql: string }; execute(): Promise<R> };

/** The statement name node-postgres sends, kept in both configs of Drizzle's node-postgres prepared query. */
type NamedConfigs = { queryConfig?: { name?: string }; rawQueryConfig?: { name?: string } };

/**
 * Runs a query as a named prepared statement on PostgreSQL, named after its SQL text, so each pool
 * connection parses it once and PostgreSQL may keep its plan: after five runs it switches to a
 * generic plan when that costs no more than planning each time (the lists' joins took longer to
 * plan than to run). Queries of the same shape share a name whatever their values; a shape is a
 * list's filters and sort, so there are a few hundred at most per connection.
 *
 * Drizzle names a statement when it is prepared, before the text is known; the name is set on its
 * node-postgres query configs afterwards (Drizzle 0.45). PGlite's driver sends every statement
 * unnamed: there the instance's statements run named through lib/pglite-statements.ts.
 */
export function reused<R>(query: { prepare(name: string): Prepared<R> }): Promise<R> {
  const prepared = query.prepare('');
  nameAfterText(prepared);
  return prepared.execute();
}

/**
 * Runs a query unnamed, planned for its values on every call: for a statement that carries a
 * search's text. How many rows a search matches decides the right plan (a whole order number
 * matches one order, "ORD-" all of them), and a reused (generic) plan is priced for no value in
 * particular: for a number search it walked the shipper's whole order list in id order to find the
 * one order (29 of 100 calls/s, 35 ms a call, on PGlite's 100,000 orders, 2026-11-28). Planning
 * for the value costs about a millisecond.
 */
export function plannedForValues<R>(query: { prepare(name: string): Prepared<R> }): Promise<R> {
  return query.prepare('').execute();
}

/**
 * Names a Drizzle prepared query after its SQL text: on node-postgres by its query configs; on
 * PGlite (the instance, not a transaction) by running it through lib/pglite-statements.ts.
 */
function nameAfterText(prepared: { getQuery(): { sql: string } }): void {
  const configs = prepared as unknown as NamedConfigs & { client?: unknown };
  if (configs.queryConfig && configs.rawQueryConfig) {
    const name = `fd_${createHash('sha1').update(prepared.getQuery().sql).digest('base64url').slice(0, 27)}`;
    configs.queryConfig.name = name;
    configs.rawQueryConfig.name = name;
    const engine = configs.client;
    if (isPgliteEngine(engine)) {
      configs.client = {
        query: (text: string, params: unknown[], options: QueryOptions) => queryNamed(engine, name, text, params, options),
      };
    }
  }
}

/** Prepared once per database handle (statements whose text never changes, such as a list's rows by id). */
const builtFor = perDatabase((_db: object) => new Map<string, unknown>());

/**
 * A statement whose SQL never changes, built by Drizzle once per database handle and then only
 * executed with new placeholder values (`sql.placeholder`): building a wide select costs more than
 * running it by ids. Named as `reused` names it.
 */
export function preparedOnce<P extends { getQuery(): { sql: string } }>(
  db: object,
  key: string,
  build: () => { prepare(name: string): P },
): P {
  const mine = builtFor.of(db);
  const known = mine.get(key) as P | undefined;
  if (known) {
    return known;
  }
  const prepared = build().prepare('');
  nameAfterText(prepared);
  mapRowsQuickly(prepared);
  mine.set(key, prepared);
  return prepared;
}

type Decoder = { mapFromDriverValue(value: unknown): unknown };
type Selected = { path: string[]; field: unknown };
/** What Drizzle's prepared queries (node-postgres and PGlite alike) keep to map a row. */
type MappedQuery = { fields?: Selected[]; customResultMapper?: (rows: unknown[][]) => unknown };

/** A selected field's decoder, found as Drizzle's own row mapper finds it. */
function decoderOf(field: unknown): Decoder {
  if (is(field, Column)) {
    return field;
  }
  const decoder = (sql: unknown) => (sql as { decoder: Decoder }).decoder;
  if (is(field, SQL)) {
    return decoder(field);
  }
  if (is(field, Subquery)) {
    return decoder((field as unknown as { _: { sql: SQL } })._.sql);
  }
  return decoder((field as SQL.Aliased).sql);
}

/**
 * A flat selection's rows mapped with the decoders found once. Drizzle finds each cell's decoder
 * again for every row (`is` walks a field's prototype chain): for a page of 25 wide rows that was
 * a tenth of the API's CPU. Nested selections (a table per key) keep Drizzle's own mapper.
 */
function mapRowsQuickly(prepared: unknown): void {
  const query = prepared as MappedQuery;
  if (!query.fields || query.customResultMapper || query.fields.some((f) => f.path.length !== 1)) {
    return;
  }
  const keys = query.fields.map((f) => f.path[0] as string);
  const decoders = query.fields.map((f) => decoderOf(f.field));
  query.customResultMapper = (rows) =>
    rows.map((row) => {
      const out: Record<string, unknown> = {};
      for (let i = 0; i < keys.length; i++) {
        const raw = row[i];
        out[keys[i] as string] = raw === null ? null : (decoders[i] as Decoder).mapFromDriverValue(raw);
      }
      return out;
    });
}

/** What both drivers' clients answer to a raw statement (node-postgres' pool names it; PGlite has no names). */
type RawClient = { query(config: unknown, values?: unknown[]): Promise<unknown>; totalCount?: number };

/**
 * Runs a statement written by hand whose text never changes, by name on PostgreSQL (each pool
 * connection parses and plans it once) and on PGlite (lib/pglite-statements.ts). For a hot statement that Drizzle's
 * `execute` would build again from its template on every call.
 */
export async function runNamed(db: object, name: string, text: string, values: unknown[]): Promise<void> {
  const client = (db as { $client: RawClient }).$client;
  if (typeof client.totalCount === 'number') {
    await client.query({ name, text, values });
  } else if (isPgliteEngine(client)) {
    await queryNamed(client, name, text, values);
  } else {
    await client.query(text, values);
  }
}

import { parse, protocol, type QueryOptions, type Results } from '@electric-sql/pglite';
import { perDatabase } from './per-database.ts';

/**
 * Named prepared statements on PGlite. PGlite's own `query` sends every statement unnamed: each
 * call parses, analyses and plans it again and makes six trips into the WebAssembly engine (parse,
 * describe, bind, describe, execute, sync). A list's row statement, with its dozen lookups a row,
 * cost 3.3–4.2 ms that way; named, it is parsed and described once per database and then each call
 * is one trip (bind, execute, sync): 1.8 ms. PostgreSQL keeps a named statement's plan as it does
 * on a pooled connection (a generic plan after five runs when that costs no more), so the lists'
 * statements (repositories/common/prepared.ts) behave the same on both databases.
 *
 * Only the PGlite instance itself runs them, inside both of its locks, as its `query` does; a
 * transaction's statements go through the transaction as usual.
 */

/** What PGlite answers about a statement once: its parameter types and its row description. */
type Known = { types: number[]; rowDescription: unknown };

/** The parts of a PGlite instance this uses (public, but not in its typings as one interface). */
type Engine = {
  execProtocolStream(message: Uint8Array, options: { syncToFs: boolean }): Promise<unknown[]>;
  _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T>;
  _runExclusiveQuery<T>(fn: () => Promise<T>): Promise<T>;
  _checkReady(): Promise<void>;
  syncToFs(): Promise<void>;
  serializers: Record<number, (value: unknown) => string>;
  parsers: Record<number, (value: string, typeId?: number) => unknown>;
};

/**
 * How many statements one database keeps prepared. A list's shapes (its filters and sort) are few
 * in use, but not bounded in principle: past this the least recently used is closed.
 */
export const PGLITE_STATEMENTS_KEPT = 500;

/** Per database, its prepared statements, least recently used first (a Map keeps insertion order). */
const known = perDatabase((_engine: object) => new Map<string, Known>());

/** Is this the PGlite instance itself (not a transaction of it, not node-postgres)? */
export function isPgliteEngine(client: unknown): boolean {
  const c = client as Partial<Engine> | null;
  return typeof c?.execProtocolStream === 'function' && typeof c._runExclusiveTransaction === 'function';
}

const { serialize } = protocol;

function joined(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

type Message = { name?: string };

/** Parses and describes a statement under `name`, once per database. */
async function describe(pg: Engine, name: string, text: string): Promise<Known> {
  const messages = (await pg.execProtocolStream(
    joined([serialize.parse({ name, text }), serialize.describe({ type: 'S', name }), serialize.sync()]),
    { syncToFs: false },
  )) as Message[];
  return {
    types: parse.parseDescribeStatementResults(messages as never),
    rowDescription: messages.find((m) => m.name === 'rowDescription'),
  };
}

/**
 * Runs `text` as the named prepared statement `name` (the same name always for the same text):
 * prepared on its first run, then bound and executed in one trip. Answers as PGlite's `query`.
 */
export async function queryNamed<T>(
  client: unknown,
  name: string,
  text: string,
  params: unknown[],
  options?: QueryOptions,
): Promise<Results<T>> {
  const pg = client as Engine;
  await pg._checkReady();
  return pg._runExclusiveTransaction(() =>
    pg._runExclusiveQuery(async () => {
      const mine = known.of(pg);
      let statement = mine.get(name);
      if (statement) {
        mine.delete(name);
      } else {
        const oldest = mine.size >= PGLITE_STATEMENTS_KEPT ? mine.keys().next().value : undefined;
        if (oldest !== undefined) {
          mine.delete(oldest);
          await pg.execProtocolStream(joined([serialize.close({ type: 'S', name: oldest }), serialize.sync()]), { syncToFs: false });
        }
        statement = await describe(pg, name, text);
      }
      mine.set(name, statement);
      const { types, rowDescription } = statement;
      const values = params.map((value, i) => {
        if (value === null || value === undefined) {
          return null;
        }
        const type = types[i] as number;
        const serializer = options?.serializers?.[type] ?? pg.serializers[type];
        return serializer ? serializer(value) : String(value);
      });
      const messages = await pg.execProtocolStream(
        joined([serialize.bind({ statement: name, values }), serialize.execute({}), serialize.sync()]),
        {
          syncToFs: false,
        },
      );
      await pg.syncToFs();
      const described = rowDescription ? [rowDescription, ...messages] : messages;
      return parse.parseResults(described as never, pg.parsers as never, options)[0] as Results<T>;
    }),
  );
}

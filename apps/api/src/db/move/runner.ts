import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';

/**
 * One connection to either database, spoken to in raw SQL: the move and the backups read the
 * catalog and copy rows the same way on PGlite and PostgreSQL, so one statement computes a table's
 * checksum on both sides.
 */
export type Runner = {
  query<T>(text: string, params?: unknown[]): Promise<T[]>;
  exec(text: string): Promise<void>;
};

/**
 * Session settings under which a row's text is the same on both databases: times in UTC, ISO dates,
 * the shortest exact float digits (PostgreSQL's default since 12, written out).
 */
export const STABLE_TEXT = "set timezone = 'UTC'; set datestyle = 'ISO, YMD'; set intervalstyle = 'postgres'; set extra_float_digits = 1";

export async function pgliteRunner(client: PGlite): Promise<Runner> {
  const runner: Runner = {
    query: async <T>(text: string, params?: unknown[]) => (await client.query<T>(text, params)).rows,
    exec: async (text) => {
      await client.exec(text);
    },
  };
  await runner.exec(STABLE_TEXT);
  return runner;
}

export async function pgRunner(client: pg.Client): Promise<Runner> {
  const runner: Runner = {
    query: async <T>(text: string, params?: unknown[]) => (await client.query(text, params)).rows as T[],
    exec: async (text) => {
      await client.query(text);
    },
  };
  await runner.exec(STABLE_TEXT);
  return runner;
}

/** A quoted identifier (catalog names only: they come from pg_class, never from a user). */
export const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

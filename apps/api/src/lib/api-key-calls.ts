import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { type ApiKeyCallRow, insertApiKeyCalls, markApiKeysUsed } from '../repositories/api-keys.repository.ts';

/** How often the calls kept in memory are written, and how many make a write sooner. */
const FLUSH_MS = 1000;
const FLUSH_AT = 500;
/** Calls kept at most while the database is unreachable; past this the oldest are dropped (and logged). */
const MAX_PENDING = 20_000;

type Log = Pick<FastifyBaseLogger, 'warn'>;

/**
 * The audit log of API key calls, written without slowing the calls: each answered call is kept in
 * memory and written in one insert per second (or per 500 calls), with each key's last use. A
 * process that stops writes what it holds; one that crashes loses at most a second of its log.
 */
export function createApiKeyCallLog(db: Db, log: Log) {
  let pending: ApiKeyCallRow[] = [];
  let writing: Promise<void> = Promise.resolve();
  let timer: ReturnType<typeof setTimeout> | undefined;

  const write = async (rows: ApiKeyCallRow[]) => {
    const last = new Map<number, { id: number; at: Date; address: string }>();
    for (const row of rows) {
      last.set(row.apiKeyId, { id: row.apiKeyId, at: row.at, address: row.address });
    }
    try {
      await insertApiKeyCalls(db, rows);
      await markApiKeysUsed(db, [...last.values()]);
    } catch (err) {
      log.warn({ err: (err as Error).message, calls: rows.length }, 'api keys: could not write the call log; keeping it');
      pending = [...rows, ...pending].slice(-MAX_PENDING);
    }
  };

  const flush = (): Promise<void> => {
    clearTimeout(timer);
    timer = undefined;
    const rows = pending;
    pending = [];
    writing = writing.then(() => (rows.length ? write(rows) : undefined));
    return writing;
  };

  return {
    record(row: ApiKeyCallRow) {
      pending.push(row);
      if (pending.length >= FLUSH_AT) {
        void flush();
      } else if (!timer) {
        timer = setTimeout(() => void flush(), FLUSH_MS);
        timer.unref();
      }
    },
    /** Writes what is held now (tests, and the app's close). */
    flush,
  };
}

export type ApiKeyCallLog = ReturnType<typeof createApiKeyCallLog>;

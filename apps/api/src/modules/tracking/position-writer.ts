import type { Db } from '../../db/client.ts';
import { isDatabaseUnavailable, isStatementTimeout } from '../../lib/errors.ts';
import { type PositionRow, storePositions } from './position-store.ts';

/** Trips remembered as started at most (forgetting only costs a lookup). */
const STARTED_LIMIT = 100_000;

type Queued = { row: PositionRow; resolve: () => void; reject: (err: unknown) => void };
export type WriterOptions = {
  /** Rows per transaction at most. */
  maxBatch?: number;
  /** Transactions in flight at once (PGlite has one connection: 1). */
  concurrency?: number;
  /** Called after each commit with the rows it stored (geofences, events); errors are its own. */
  onCommitted?: (rows: PositionRow[]) => void;
};

/**
 * Stores positions by group commit: positions that arrive while a batch is written wait and go
 * together in the next one (one statement that commits by itself: the rows, the orders' last
 * positions, the NOTIFY), so a commit's disk flush is shared by hundreds of positions. `write`
 * resolves only once the database answered, after the commit, so an acknowledged position is
 * stored. A batch the database refuses for one bad row is re-run row by row, so only that row fails.
 */
export function createPositionWriter(db: Db, opts: WriterOptions = {}) {
  const maxBatch = opts.maxBatch ?? 2000;
  const concurrency = opts.concurrency ?? 1;
  const queue: Queued[] = [];
  let running = 0;

  const run = async () => {
    running++;
    try {
      while (queue.length) {
        // PGlite answers without yielding: give the HTTP server a turn to queue more first.
        await new Promise((resolve) => setImmediate(resolve));
        const batch = queue.splice(0, maxBatch);
        if (batch.length) {
          await commitBatch(batch);
        }
      }
    } finally {
      running--;
    }
  };

  // Trips whose start a committed batch recorded: later batches do not look for it again.
  const committing: Committing = { db, started: new Set<number>(), onCommitted: opts.onCommitted };
  const commitBatch = (batch: Queued[]) => commitQueued(committing, batch);

  return {
    /** Resolves once the position is committed (or was already stored: same device and fix time). */
    write(row: PositionRow): Promise<void> {
      return new Promise<void>((resolve, reject) => {
        queue.push({ row, resolve, reject });
        if (running < concurrency) {
          void run();
        }
      });
    },
    /** Waits until nothing is queued or in flight (tests, shutdown). */
    async drain(): Promise<void> {
      while (queue.length || running) {
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    },
  };
}

/** What a writer's commits share: the trips whose start a committed batch recorded, and the hook. */
type Committing = { db: Db; started: Set<number>; onCommitted: WriterOptions['onCommitted'] };

/**
 * Stores a batch in one statement and settles its writes; a refused batch is tried row by row so
 * only the refused row fails (a database down or too slow fails the whole batch).
 */
async function commitQueued(c: Committing, batch: Queued[]): Promise<void> {
  const rows = batch.map((q) => q.row);
  try {
    await storePositions(c.db, rows, c.started);
  } catch (err) {
    // A database that is down or too slow (the statement timeout) fails the batch: its devices
    // send again. Only a refused row is worth finding by going row by row.
    if (isDatabaseUnavailable(err) || isStatementTimeout(err) || batch.length === 1) {
      for (const q of batch) {
        q.reject(err);
      }
      return;
    }
    for (const q of batch) {
      await commitQueued(c, [q]);
    }
    return;
  }
  if (c.started.size > STARTED_LIMIT) {
    c.started.clear();
  }
  for (const r of rows) {
    if (r.trackingId) {
      c.started.add(r.trackingId);
    }
  }
  for (const q of batch) {
    q.resolve();
  }
  c.onCommitted?.(rows);
}

export type PositionWriter = ReturnType<typeof createPositionWriter>;

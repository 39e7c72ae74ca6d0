import { availableParallelism } from 'node:os';
import type { Readable } from 'node:stream';
import { MessageChannel, type MessagePort, Worker } from 'node:worker_threads';
import { AppError } from './errors.ts';
import { SHEET_MESSAGES, SheetError } from './import-sheet-errors.ts';
import type { SheetJob, SheetRecord } from './import-sheet.ts';
import type { FromWorker, ToWorker, WorkerJob } from './import-worker.ts';

export type ImportPoolOptions = {
  /** Workers reading at once (each on its own thread). */
  size: number;
  /** Uploads that may wait for a worker; one more is answered 503 with Retry-After. */
  queue: number;
  /** A job that runs longer (upload included) is stopped and answered 400. */
  timeoutMs: number;
  /** An idle worker ends after this, giving its memory back. */
  idleMs: number;
  /** Heap limit of a worker; a file that needs more ends the worker, not the API. */
  maxHeapMb: number;
};

/**
 * One worker per core beyond the first, at most two: the event loop (and on a small machine the
 * database) keeps a core. On 2 cores, two parsing workers let /api/health wait up to ~180 ms
 * behind them (bench/imports.ts); one keeps it under 100 ms.
 */
export const IMPORT_POOL_DEFAULTS: ImportPoolOptions = {
  size: Math.max(1, Math.min(2, availableParallelism() - 1)),
  queue: 8,
  timeoutMs: 60_000,
  idleMs: 30_000,
  maxHeapMb: 160,
};
const RETRY_AFTER_SECONDS = 15;

/**
 * How to start the worker from this module's URL. Compiled to JavaScript, the worker is the .js
 * file beside this one. Run from the .ts sources (tsx, vitest), Node 20 does not hand tsx's
 * loader on to a worker, so a one-line bootstrap registers tsx in the worker and then imports it.
 */
export function workerScript(moduleUrl: string, tsxApiUrl: () => string): { script: URL | string; eval: boolean } {
  if (!moduleUrl.endsWith('.ts')) {
    return { script: new URL('./import-worker.js', moduleUrl), eval: false };
  }
  const target = new URL('./import-worker.ts', moduleUrl).href;
  const script = `import(${JSON.stringify(tsxApiUrl())}).then(({ register }) => { register(); return import(${JSON.stringify(target)}); });`;
  return { script, eval: true };
}

/** A worker of the pool; `dead` once it crashed, hit its heap limit or was stopped. */
type Slot = { worker: Worker; busy: boolean; dead: boolean; idle?: NodeJS.Timeout };

export type ImportPool = {
  /** Reads an upload in a worker; rejects with SheetError (the user's file), 503 AppError (full) or the source's error. */
  /** Reads a sheet; `onChunk` sees each chunk of the source as the worker takes it (a hash of the file). */
  read: (source: Readable, job: SheetJob, onChunk?: (chunk: Buffer) => void) => Promise<SheetRecord[]>;
  close: () => Promise<void>;
};

/** The pool's workers and the uploads waiting for one. */
type PoolState = { slots: Slot[]; waiting: ((slot: Slot) => void)[]; options: ImportPoolOptions };

/** Starts a worker, busy with the read that asked for it. */
function spawn(pool: PoolState): Slot {
  const { slots, options } = pool;
  const { script, eval: isEval } = workerScript(import.meta.url, () => import.meta.resolve('tsx/esm/api'));
  // The parent's flags (tsx's --import / --require under npm start) are not passed on: on Node 20
  // they do not make a worker load TypeScript anyway, and the bootstrap registers tsx itself.
  const worker = new Worker(script, { eval: isEval, execArgv: [], resourceLimits: { maxOldGenerationSizeMb: options.maxHeapMb } });
  worker.unref();
  const slot: Slot = { worker, busy: true, dead: false };
  // A worker that ends (crash, heap limit, idle, terminate) leaves the pool; the next read starts another.
  worker.once('exit', () => {
    slot.dead = true;
    clearTimeout(slot.idle);
    if (slots.includes(slot)) {
      slots.splice(slots.indexOf(slot), 1);
    }
  });
  // The job in progress hears of the crash (runJob); this keeps it from being an uncaught error.
  worker.on('error', () => {});
  slots.push(slot);
  return slot;
}

/** An idle worker, a new one while the pool has room, else a place in the queue (503 when it is full). */
function acquire(pool: PoolState): Promise<Slot> {
  const { slots, waiting, options } = pool;
  const idle = slots.find((s) => !s.busy);
  if (idle) {
    clearTimeout(idle.idle);
    idle.busy = true;
    return Promise.resolve(idle);
  }
  if (slots.length < options.size) {
    return Promise.resolve(spawn(pool));
  }
  if (waiting.length >= options.queue) {
    throw new AppError(
      503,
      'IMPORTS_BUSY',
      'Other imports are being read right now. Please try again in a minute.',
      { file: 'Other imports are being read right now.' },
      { 'retry-after': String(RETRY_AFTER_SECONDS) },
    );
  }
  return new Promise((resolve) => waiting.push(resolve));
}

/** Hands the worker to the next upload waiting (a new one if it died), or lets it idle until it ends. */
function release(pool: PoolState, slot: Slot): void {
  const { slots, waiting, options } = pool;
  if (slot.dead && slots.includes(slot)) {
    slots.splice(slots.indexOf(slot), 1);
  }
  const next = waiting.shift();
  if (next) {
    next(slot.dead ? spawn(pool) : slot);
    return;
  }
  if (slot.dead) {
    return;
  }
  slot.busy = false;
  slot.idle = setTimeout(() => void slot.worker.terminate(), options.idleMs).unref();
}

/** A small pool of import workers with a bounded queue of uploads waiting for one. */
export function createImportPool(options: ImportPoolOptions): ImportPool {
  const pool: PoolState = { slots: [], waiting: [], options };
  return {
    read: async (source, job, onChunk) => {
      // The source may fail (client gone, size limit) before the worker asks for its first chunk,
      // when nothing listens to it yet: a stream error without a listener would end the process.
      // The error stays on the stream, and reading it later reports it.
      source.on('error', () => {});
      const slot = await acquire(pool);
      try {
        return await runJob(slot, source, job, options.timeoutMs, onChunk);
      } finally {
        release(pool, slot);
      }
    },
    close: async () => {
      await Promise.all(pool.slots.map((s) => s.worker.terminate()));
    },
  };
}

/** One upload's run through a worker: what its message handler, its clock and its ending share. */
type Run = {
  slot: Slot;
  port: MessagePort;
  chunks: AsyncIterator<Buffer>;
  rows: SheetRecord[];
  onChunk: ((chunk: Buffer) => void) | undefined;
  timeoutMs: number;
  sourceError?: unknown;
  settled: boolean;
  timer?: NodeJS.Timeout;
  finish: (err?: unknown) => void;
};

/**
 * One upload through one worker: answers the worker's pulls with the source's chunks, collects the
 * records. Whatever the outcome, the rest of the source is read and dropped, so the client's
 * upload completes and it gets the answer rather than a reset connection.
 */
function runJob(slot: Slot, source: Readable, job: SheetJob, timeoutMs: number, onChunk?: (chunk: Buffer) => void): Promise<SheetRecord[]> {
  const { port1, port2 } = new MessageChannel();
  const chunks = source[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const run: Run = { slot, port: port1, chunks, rows: [], onChunk, timeoutMs, settled: false, finish: () => {} };
  return new Promise<SheetRecord[]>((resolve, reject) => {
    run.finish = (err?: unknown) => {
      if (run.settled) {
        return;
      }
      run.settled = true;
      clearTimeout(run.timer);
      unwatch();
      port1.close();
      if (err) {
        void drain(chunks);
        reject(err);
      } else {
        // The rest of a file read whole (its hash included) before the rows are answered.
        void drain(chunks, onChunk).then(() => resolve(run.rows));
      }
    };
    const unwatch = watchWorker(run);
    port1.on('message', (msg: FromWorker) => onWorkerMessage(run, msg));
    slot.worker.postMessage({ ...job, port: port2 } satisfies WorkerJob, [port2]);
  });
}

/** Ends the run when its worker crashes (out of memory: the file is too complex) or exits; returns the undo. */
function watchWorker(run: Run): () => void {
  const { slot } = run;
  const onCrash = (err: Error & { code?: string }) => {
    slot.dead = true;
    run.finish(err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new SheetError(SHEET_MESSAGES.tooComplex) : err);
  };
  const onExit = () => {
    slot.dead = true;
    run.finish(new Error('The import worker stopped.'));
  };
  slot.worker.once('error', onCrash);
  slot.worker.once('exit', onExit);
  return () => {
    slot.worker.off('error', onCrash);
    slot.worker.off('exit', onExit);
  };
}

/** The clock starts at the worker's first pull: a new worker's start-up is not the upload's time. */
function startClock(run: Run): void {
  run.timer ??= setTimeout(() => {
    run.slot.dead = true;
    void run.slot.worker.terminate();
    run.finish(new SheetError(SHEET_MESSAGES.tooSlow(Math.round(run.timeoutMs / 1000))));
  }, run.timeoutMs);
}

/** Answers a pull with the source's next chunk (or its end; an abort when the source failed). */
function sendNextChunk(run: Run): void {
  const send = (msg: ToWorker) => run.port.postMessage(msg);
  run.chunks.next().then(
    ({ value, done }) => {
      if (!done) {
        run.onChunk?.(value);
      }
      send(done ? { type: 'end' } : { type: 'chunk', data: value });
    },
    (err: unknown) => {
      run.sourceError = err;
      send({ type: 'abort' });
    },
  );
}

function onWorkerMessage(run: Run, msg: FromWorker): void {
  if (msg.type === 'pull') {
    startClock(run);
    sendNextChunk(run);
  } else if (msg.type === 'rows') {
    run.rows.push(...msg.rows);
    // The next batch after this turn of the event loop, so other requests go in between.
    setImmediate(() => !run.settled && run.port.postMessage({ type: 'ack' } satisfies ToWorker));
  } else if (msg.type === 'done') {
    run.finish();
  } else {
    run.finish(run.sourceError ?? (msg.message ? new SheetError(msg.message) : new Error(`import worker: ${msg.detail}`)));
  }
}

async function drain(chunks: AsyncIterator<Buffer>, onChunk?: (chunk: Buffer) => void) {
  try {
    for (let next = await chunks.next(); !next.done; next = await chunks.next()) {
      onChunk?.(next.value);
    }
  } catch {
    // The source's own error was already reported, or nobody waits for it any more.
  }
}

let shared: ImportPool | undefined;
/** The process's import pool (started on first use). */
export const importPool = (): ImportPool => {
  shared ??= createImportPool(IMPORT_POOL_DEFAULTS);
  return shared;
};

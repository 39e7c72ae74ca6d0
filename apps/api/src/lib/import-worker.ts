import { type MessagePort, parentPort } from 'node:worker_threads';
import { SheetError } from './import-sheet-errors.ts';
import { readSheetRecords, type SheetJob, type SheetRecord } from './import-sheet.ts';

// The import worker: reads one uploaded sheet at a time off the API's event loop (import-pool.ts
// starts it). Each job brings its own MessagePort; over it the worker pulls the upload's bytes
// one chunk at a time, so it never holds more of the file than it is parsing, and stops pulling
// the moment it finds a problem. It answers with the records in batches, then `done`.

/** What the pool posts to start a job; `port` is transferred. */
export type WorkerJob = SheetJob & { port: MessagePort };
/** The pool's answers to `pull` (chunk, end, abort) and to `rows` (ack). */
export type ToWorker = { type: 'chunk'; data: Uint8Array } | { type: 'end' } | { type: 'abort' } | { type: 'ack' };
export type FromWorker =
  | { type: 'pull' }
  | { type: 'rows'; rows: SheetRecord[] }
  | { type: 'done' }
  /** `message` is for the user (a SheetError); without it, `detail` says what broke. */
  | { type: 'failed'; message?: string; detail: string };

/**
 * Records go back in batches, each sent once the pool has taken the one before: a port delivers all
 * the messages waiting on it in one turn of the event loop, and 20 batches at once held it ~100 ms.
 */
const BATCH = 500;

/** The pool's next message, or undefined once the port is closed (the pool stopped waiting). */
function nextMessage(port: MessagePort): Promise<ToWorker | undefined> {
  return new Promise((resolve) => {
    const done = (msg?: ToWorker) => {
      port.off('message', done);
      port.off('close', done);
      resolve(msg);
    };
    port.on('message', done);
    port.on('close', done);
  });
}

async function* pulled(port: MessagePort): AsyncGenerator<Uint8Array> {
  while (true) {
    port.postMessage({ type: 'pull' } satisfies FromWorker);
    const msg = await nextMessage(port);
    if (msg?.type === 'end') {
      return;
    }
    if (msg?.type !== 'chunk') {
      throw new Error('The upload stopped.');
    }
    yield msg.data;
  }
}

async function run({ port, ...job }: WorkerJob) {
  const post = (msg: FromWorker) => port.postMessage(msg);
  try {
    const records = await readSheetRecords(pulled(port), job);
    for (let i = 0; i < records.length; i += BATCH) {
      post({ type: 'rows', rows: records.slice(i, i + BATCH) });
      if (!(await nextMessage(port))) {
        return; // no ack: the pool has stopped waiting for this job
      }
    }
    post({ type: 'done' });
  } catch (err) {
    post({ type: 'failed', message: err instanceof SheetError ? err.message : undefined, detail: String(err) });
  } finally {
    port.close();
  }
}

parentPort?.on('message', (job: WorkerJob) => {
  void run(job);
});

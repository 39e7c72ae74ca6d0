import { PassThrough, Readable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { AppError } from './errors.ts';
import { createImportPool, type ImportPool, type ImportPoolOptions, workerScript } from './import-pool.ts';
import { SheetError } from './import-sheet-errors.ts';
import type { SheetJob } from './import-sheet.ts';

const job: SheetJob = {
  type: 'csv',
  columns: [
    { key: 'name', label: 'Company name' },
    { key: 'city', label: 'City' },
  ],
  maxRows: 10_000,
  maxInflatedBytes: 64 * 1024 * 1024,
};
const csv = (rows: number) => Buffer.from(['Company name,City', ...Array.from({ length: rows }, (_, i) => `Firm ${i},Pune`)].join('\n'));

let pool: ImportPool | undefined;
const open = (over: Partial<ImportPoolOptions> = {}) => {
  pool = createImportPool({ size: 1, queue: 1, timeoutMs: 30_000, idleMs: 60_000, maxHeapMb: 160, ...over });
  return pool;
};
afterEach(async () => {
  await pool?.close();
  pool = undefined;
});

describe('the import worker pool', () => {
  it('starts the compiled .js worker beside a compiled pool, and the .ts worker through tsx from sources', () => {
    let askedForTsx = false;
    const compiled = workerScript('file:///srv/api/dist/lib/import-pool.js', () => {
      askedForTsx = true;
      return '';
    });
    expect(compiled).toEqual({ script: new URL('file:///srv/api/dist/lib/import-worker.js'), eval: false });
    expect(askedForTsx).toBe(false);
    const sources = workerScript('file:///work/api/src/lib/import-pool.ts', () => 'file:///deps/tsx/api.mjs');
    expect(sources.eval).toBe(true);
    expect(sources.script).toBe(
      'import("file:///deps/tsx/api.mjs").then(({ register }) => { register(); return import("file:///work/api/src/lib/import-worker.ts"); });',
    );
  });

  it('reads an upload in a worker thread and hands back its records, batch by batch', async () => {
    const records = await open().read(Readable.from([csv(1_234)]), job);
    expect(records).toHaveLength(1_234);
    expect(records[1_233]).toEqual({ name: 'Firm 1233', city: 'Pune' });
    // The same worker takes the next upload, and the user's problems come back as SheetError.
    await expect(pool?.read(Readable.from([Buffer.from('foo,bar\n1,2')]), job)).rejects.toThrow(SheetError);
  });

  it('queues uploads beyond its workers and answers 503 with Retry-After when the queue is full', async () => {
    const p = open({ size: 1, queue: 1 });
    const slow = new PassThrough();
    slow.write('Company name,City\n');
    const first = p.read(slow, job);
    const second = p.read(Readable.from([csv(2)]), job);
    const third = await p.read(Readable.from([csv(2)]), job).catch((e: unknown) => e);
    expect(third).toBeInstanceOf(AppError);
    expect(third).toMatchObject({ statusCode: 503, code: 'IMPORTS_BUSY', headers: { 'retry-after': expect.stringMatching(/^\d+$/) } });
    slow.end('Firm A,Pune\n');
    expect(await first).toEqual([{ name: 'Firm A', city: 'Pune' }]);
    expect(await second).toHaveLength(2);
  });

  it('stops a read that takes too long, and the next read gets a fresh worker', async () => {
    const p = open({ timeoutMs: 1_500 });
    const stalled = new PassThrough();
    stalled.write('Company name,City\n');
    await expect(p.read(stalled, job)).rejects.toThrow(/took more than 2 s/);
    expect(await p.read(Readable.from([csv(3)]), job)).toHaveLength(3);
  });

  it('reports the source’s own error (an upload over the size limit) rather than a reading problem', async () => {
    const failing = new PassThrough();
    failing.write('Company name,City\n');
    const reading = open().read(failing, job);
    setTimeout(() => failing.destroy(Object.assign(new Error('too large'), { code: 'FST_REQ_FILE_TOO_LARGE' })), 50);
    await expect(reading).rejects.toMatchObject({ code: 'FST_REQ_FILE_TOO_LARGE' });
  });
});

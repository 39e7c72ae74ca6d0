import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, type TestS3Server } from '../test/s3-server.ts';
import { moveFilesToS3, sha256Of } from './files-to-s3.ts';
import { createLocalStorage, localFilesRoot, newStorageKey } from './storage.ts';
import { createS3Storage, type S3Storage } from './storage-s3.ts';

const MIB = 1024 * 1024;
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const cli = path.resolve(import.meta.dirname, '../files-to-s3.ts');

let s3: TestS3Server;
let bucket: S3Storage;
const dataDir = mkdtempSync(path.join(tmpdir(), 'fd-files-to-s3-'));
const root = localFilesRoot(dataDir);
/** What the folder holds: key → bytes. */
const files = new Map<string, Buffer>();

/** Every folder file's bytes as the bucket answers them (undefined: not there). */
async function bucketShas() {
  const out: Record<string, string | undefined> = {};
  for (const key of files.keys()) {
    out[key] = (await bucket.headOf(key)) ? (await sha256Of(await bucket.get(key))).sha256 : undefined;
  }
  return out;
}
const folderShas = () => Object.fromEntries([...files].map(([k, b]) => [k, sha(b)]));

beforeAll(async () => {
  s3 = await startS3Server();
  bucket = createS3Storage(s3.config, { partSize: 5 * MIB });
  const folder = createLocalStorage(root);
  const sizes = [0, 1, 1000, 70_000, 6 * MIB + 17, 200, 5000];
  for (const [i, size] of sizes.entries()) {
    const key = newStorageKey(i % 2 ? 'documents' : 'exports');
    const bytes = randomBytes(size);
    await folder.put(key, bytes);
    files.set(key, bytes);
  }
  // An unfinished put's temporary file and a file that is not a store key: neither is copied.
  const [first] = files.keys();
  writeFileSync(path.join(root, ...(first ?? '').split('/').slice(0, -1), '.abc.123456.tmp'), 'half');
  mkdirSync(path.join(root, 'Notes'), { recursive: true });
  writeFileSync(path.join(root, 'Notes', 'README.txt'), 'operator notes');
});
afterAll(async () => {
  bucket?.close();
  await s3?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('files-to-s3', () => {
  it('an interrupted run copies part; running it again copies the rest, verified by sha256', async () => {
    const stop = new AbortController();
    let settled = 0;
    const first = await moveFilesToS3(root, bucket, {
      concurrency: 1,
      signal: stop.signal,
      onFile: () => {
        settled += 1;
        if (settled === 3) {
          stop.abort();
        }
      },
    });
    expect(first).toMatchObject({ found: 3, copied: 3, alreadyThere: 0, failed: [] });
    const partial = await bucketShas();
    expect(Object.values(partial).filter(Boolean)).toHaveLength(3);

    const second = await moveFilesToS3(root, bucket);
    expect(second).toMatchObject({ found: 7, copied: 4, alreadyThere: 3, recopied: 0, failed: [], notKeys: ['Notes/README.txt'] });
    expect(await bucketShas()).toEqual(folderShas());
  });

  it('copies again an object that differs from the file; with --verify-existing also one whose bytes alone differ', async () => {
    const [plain, recorded] = [...files.keys()].filter((k) => (files.get(k)?.length ?? 0) > 100);
    if (!plain || !recorded) {
      throw new Error('the folder has two files of more than 100 bytes');
    }
    const size = (key: string) => files.get(key)?.length ?? 0;
    // Overwritten by something else: same size, other bytes, no recorded checksum.
    await bucket.client.send(new PutObjectCommand({ Bucket: bucket.bucket, Key: plain, Body: randomBytes(size(plain)) }));
    // Bytes changed under a kept checksum: only reading it back tells.
    await bucket.putWithSha256(recorded, Readable.from([randomBytes(size(recorded))]), sha(files.get(recorded) ?? Buffer.alloc(0)));

    const byHead = await moveFilesToS3(root, bucket);
    expect(byHead).toMatchObject({ found: 7, copied: 0, recopied: 1, alreadyThere: 6, failed: [] });
    const byBytes = await moveFilesToS3(root, bucket, { verifyExisting: true });
    expect(byBytes).toMatchObject({ found: 7, copied: 0, recopied: 1, alreadyThere: 6, failed: [] });
    expect(await bucketShas()).toEqual(folderShas());
  });

  it('the command prints the counts and what to change in the configuration', async () => {
    const run = promisify(execFile);
    const env = { ...process.env, DATA_DIR: dataDir, ...s3.env, LOG_LEVEL: 'silent' };
    const { stdout } = await run(process.execPath, ['--import', 'tsx', cli], { env });
    expect(stdout).toContain(`Files in ${root}: 7`);
    expect(stdout).toContain('already in the bucket, equal size and sha256: 7');
    expect(stdout).toContain('failed: 0');
    expect(stdout).toContain('Set FILE_STORE=s3 and the same S3_* variables');

    const folderOnly = Object.fromEntries(Object.entries(env).filter(([k]) => !k.startsWith('S3_') && k !== 'FILE_STORE'));
    const refused = await run(process.execPath, ['--import', 'tsx', cli], { env: folderOnly }).catch(
      (err: { code: number; stderr: string }) => err,
    );
    expect(refused).toMatchObject({ code: 2, stderr: expect.stringContaining('S3_BUCKET: must be set (with FILE_STORE=s3') });
  });
});

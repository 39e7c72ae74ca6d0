import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { assertStorageKey } from './storage.ts';
import type { S3Storage } from './storage-s3.ts';

/**
 * `npm run files-to-s3`: copies every file of the folder store into the bucket under the same key
 * (decision 0304). Resumable: a key already in the bucket with the file's size and sha256 (recorded
 * on the object when it was copied, and with `verifyExisting` also read back) is left as it is, so a
 * run cut short is finished by running it again. Each copy is read back and its sha256 compared;
 * one that differs is removed from the bucket and counted as failed. Files stream both ways.
 */
export type MoveCounts = {
  /** Store files found in the folder. */
  found: number;
  copied: number;
  /** Already in the bucket with equal size and checksum. */
  alreadyThere: number;
  /** Copied again because the bucket's object differed (size, checksum or bytes). */
  recopied: number;
  failed: { key: string; why: string }[];
  /** Files in the folder that are not store keys (left alone). */
  notKeys: string[];
  bytesCopied: number;
};

export type MoveOptions = {
  /** Read back objects already present too (slower: every byte crosses again), not just their size and recorded sha256. */
  verifyExisting?: boolean;
  /** Files copied at once. */
  concurrency?: number;
  /** Stops after the files in flight (an interrupted run; the next run finishes it). */
  signal?: AbortSignal;
  /** Told of each file as it is settled. */
  onFile?: (key: string, outcome: 'copied' | 'alreadyThere' | 'recopied' | 'failed') => void;
};

type FolderFile = { key: string; file: string } | { notKey: string };

/** Every file under `root` as its store key; hidden temporary files of unfinished puts are skipped. */
async function* folderFiles(root: string): AsyncGenerator<FolderFile> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') {
      return [];
    }
    throw err;
  });
  for (const entry of entries) {
    if (!entry.isFile() || entry.name.startsWith('.')) {
      continue;
    }
    const file = path.join(entry.parentPath, entry.name);
    const key = path.relative(root, file).split(path.sep).join('/');
    try {
      assertStorageKey(key);
      yield { key, file };
    } catch {
      yield { notKey: key };
    }
  }
}

export async function sha256Of(stream: Readable): Promise<{ sha256: string; size: number }> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of stream) {
    const bytes = chunk as Buffer;
    hash.update(bytes);
    size += bytes.length;
  }
  return { sha256: hash.digest('hex'), size };
}

/** Is the bucket's object under `key` this file already? Undefined: there is none. */
async function presentAs(bucket: S3Storage, key: string, local: { sha256: string; size: number }, verify: boolean) {
  const head = await bucket.headOf(key);
  if (!head) {
    return undefined;
  }
  if (head.size !== local.size || head.sha256 !== local.sha256) {
    return false;
  }
  return verify ? (await sha256Of(await bucket.get(key))).sha256 === local.sha256 : true;
}

/** Copies one file (unless the bucket holds it already) and checks the copy by reading it back. */
async function moveOne(bucket: S3Storage, key: string, file: string, o: MoveOptions, counts: MoveCounts) {
  const local = await sha256Of(createReadStream(file));
  const present = await presentAs(bucket, key, local, Boolean(o.verifyExisting));
  if (present) {
    counts.alreadyThere++;
    return 'alreadyThere' as const;
  }
  await bucket.putWithSha256(key, createReadStream(file), local.sha256);
  const back = await sha256Of(await bucket.get(key));
  if (back.sha256 !== local.sha256 || back.size !== local.size) {
    await bucket.delete(key);
    throw new Error(`read back ${back.size} bytes with sha256 ${back.sha256}, not ${local.size} bytes with ${local.sha256}`);
  }
  counts.bytesCopied += local.size;
  if (present === false) {
    counts.recopied++;
    return 'recopied' as const;
  }
  counts.copied++;
  return 'copied' as const;
}

/** Copies the folder store under `root` into `bucket`; see the module's comment. */
export async function moveFilesToS3(root: string, bucket: S3Storage, o: MoveOptions = {}): Promise<MoveCounts> {
  const counts: MoveCounts = { found: 0, copied: 0, alreadyThere: 0, recopied: 0, failed: [], notKeys: [], bytesCopied: 0 };
  const files = folderFiles(root);
  const worker = async () => {
    while (!o.signal?.aborted) {
      const next = await files.next();
      if (next.done) {
        return;
      }
      if ('notKey' in next.value) {
        counts.notKeys.push(next.value.notKey);
        continue;
      }
      const { key, file } = next.value;
      counts.found++;
      const outcome = await moveOne(bucket, key, file, o, counts).catch((err: unknown) => {
        counts.failed.push({ key, why: err instanceof Error ? err.message : String(err) });
        return 'failed' as const;
      });
      o.onFile?.(key, outcome);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, o.concurrency ?? 4) }, worker));
  return counts;
}

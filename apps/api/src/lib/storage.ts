import { randomBytes } from 'node:crypto';
import { constants, createReadStream, createWriteStream } from 'node:fs';
import { access, mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * Where the bytes of uploaded files live (request attachments, order documents). The database row
 * keeps the key; the adapter keeps the bytes. Keys come from `newStorageKey()` and never contain a
 * user's file name. Two adapters: the folder below and an S3-compatible bucket (storage-s3.ts),
 * chosen by configuration (storage-open.ts, docs/operations.md).
 */
export interface Storage {
  /**
   * Stores the bytes under `key`. Resolves once all of them are written; when it rejects (the
   * stream failed, a limit was hit) nothing is left under the key.
   */
  put(key: string, body: Readable | Buffer): Promise<void>;
  /** The bytes under `key` as a stream; rejects with `StorageNotFoundError` when there are none. */
  get(key: string): Promise<Readable>;
  /** Removes the bytes under `key`; a key that holds nothing is not an error. */
  delete(key: string): Promise<void>;
  /** Resolves when the store can take files now (readiness); rejects saying why not. */
  ready(): Promise<void>;
}

export class StorageNotFoundError extends Error {
  constructor(key: string) {
    super(`No stored file under ${key}`);
  }
}

/** A key is lower-case segments of [a-z0-9_-] joined by '/': no '..', no absolute paths. */
const KEY_PATTERN = /^[a-z0-9_-]+(\/[a-z0-9_-]+)*$/;

export function assertStorageKey(key: string): void {
  if (!KEY_PATTERN.test(key) || key.length > 200) {
    throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
  }
}

/** A new random key, grouped by month so no folder grows without end: `documents/2026/07/<32 hex>`. */
export function newStorageKey(prefix = 'documents', now = new Date()): string {
  const month = String(now.getUTCMonth() + 1).padStart(2, '0');
  return `${prefix}/${now.getUTCFullYear()}/${month}/${randomBytes(16).toString('hex')}`;
}

/**
 * Files on the local disk under `root` (`<DATA_DIR>/files`). A put writes a hidden temporary file
 * beside the target, flushes it to disk and renames it into place, so a reader never sees half a
 * file and a failed or interrupted put never leaves one under the key. Folders are made on first
 * use, so building the app creates nothing on disk.
 */
/** Where the local store keeps its files: `<DATA_DIR>/files`. */
export const localFilesRoot = (dataDir: string) => path.join(dataDir, 'files');

export function createLocalStorage(root: string): Storage & { root: string; pathOf: (key: string) => string } {
  const pathOf = (key: string) => {
    assertStorageKey(key);
    return path.join(root, ...key.split('/'));
  };
  return {
    root,
    pathOf,
    async put(key, body) {
      const file = pathOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      const temp = path.join(path.dirname(file), `.${path.basename(file)}.${randomBytes(6).toString('hex')}.tmp`);
      const sink = createWriteStream(temp, { flags: 'wx', mode: 0o640, flush: true });
      // Settles once the file is closed (or its open failed): a body that fails at once destroys
      // the sink while its open is still on its way, and a temporary file removed before that open
      // lands would be made after it and left behind (seen once under CI's load).
      const closed = new Promise<void>((resolve) => sink.once('close', () => resolve()));
      try {
        const source = Buffer.isBuffer(body) ? Readable.from([body]) : body;
        await pipeline(source, sink);
        await rename(temp, file);
      } catch (err) {
        await closed;
        await rm(temp, { force: true });
        throw err;
      }
    },
    async ready() {
      await mkdir(root, { recursive: true });
      await access(root, constants.W_OK);
    },
    async get(key) {
      const file = pathOf(key);
      try {
        const info = await stat(file);
        if (!info.isFile()) {
          throw new StorageNotFoundError(key);
        }
      } catch (err) {
        if (err instanceof StorageNotFoundError || (err as NodeJS.ErrnoException).code === 'ENOENT') {
          throw new StorageNotFoundError(key);
        }
        throw err;
      }
      return createReadStream(file);
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}

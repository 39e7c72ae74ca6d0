import { createHash } from 'node:crypto';
import { createReadStream, existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';

/** A stored file's place under the store's folder, its size and its SHA-256. */
export type FileSum = { path: string; bytes: number; sha256: string };

/** The SHA-256 and size of one file, read as a stream. */
export async function fileSum(file: string): Promise<{ bytes: number; sha256: string }> {
  const hash = createHash('sha256');
  let bytes = 0;
  await pipeline(createReadStream(file), async (chunks: AsyncIterable<Buffer>) => {
    for await (const chunk of chunks) {
      bytes += chunk.length;
      hash.update(chunk);
    }
  });
  return { bytes, sha256: hash.digest('hex') };
}

/** Every file under `root` (the local store's temporary files, dot-named, left out), sorted by path. */
export async function fileSums(root: string): Promise<FileSum[]> {
  if (!existsSync(root)) {
    return [];
  }
  const out: FileSum[] = [];
  for (const entry of await readdir(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || entry.name.startsWith('.')) {
      continue;
    }
    const full = path.join(entry.parentPath, entry.name);
    out.push({ path: path.relative(root, full).split(path.sep).join('/'), ...(await fileSum(full)) });
  }
  return out.sort((a, b) => a.path.localeCompare(b.path));
}

/** The files of `expected` missing under `root` or holding other bytes. */
export async function filesDiffering(root: string, expected: FileSum[]): Promise<string[]> {
  const bad: string[] = [];
  for (const f of expected) {
    const full = path.join(root, ...f.path.split('/'));
    if (!existsSync(full) || (await fileSum(full)).sha256 !== f.sha256) {
      bad.push(f.path);
    }
  }
  return bad;
}

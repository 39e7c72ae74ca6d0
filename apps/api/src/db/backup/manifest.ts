import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { TableSum } from '../move/checksum.ts';
import type { FileSum } from './files.ts';

/**
 * What a backup folder holds, written beside the dump as manifest.json: which database it came
 * from, each table's rows and checksum at the moment of the dump (move/checksum.ts, the same sums
 * the move to PostgreSQL compares) and each stored file's SHA-256. A restore checks itself by it.
 */
export type Manifest = {
  format: 1;
  made: string;
  database: 'pglite' | 'postgres';
  /** The dump's file name in the folder. */
  dump: string;
  tables: TableSum[];
  files: FileSum[];
  /** The files were in this S3 bucket (FILE_STORE=s3): not in the backup, backed up by the bucket's own means. */
  bucket?: string;
};

export const MANIFEST = 'manifest.json';
/** The copy of the file store inside a backup folder. */
export const FILES = 'files';

export function writeManifest(folder: string, manifest: Manifest): void {
  writeFileSync(path.join(folder, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
}

export function readManifest(folder: string): Manifest {
  const parsed = JSON.parse(readFileSync(path.join(folder, MANIFEST), 'utf8')) as Manifest;
  if (parsed.format !== 1 || !Array.isArray(parsed.tables) || !Array.isArray(parsed.files)) {
    throw new Error(`${path.join(folder, MANIFEST)} is not a Freightdesk backup manifest`);
  }
  return parsed;
}

import { createHash } from 'node:crypto';
import { Transform, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { MAX_DOCUMENT_BYTES } from '@freightdesk/shared/constants';
import { DOCUMENT_MESSAGES, type DocumentKind, documentTypeFor } from '@freightdesk/shared/schemas/document';
import { AppError, badRequest } from '../../lib/errors.ts';
import { attestUpload, type UploadContent } from '../../lib/idempotency.ts';
import { newStorageKey, type Storage } from '../../lib/storage.ts';
import { contentMatches, SNIFF_BYTES } from './file-type.ts';

export type ReceivedFile = { key: string; fileName: string; contentType: string; sizeBytes: number; sha256: string };

/** The name as the user's computer had it: no folders, no control characters, at most 200 characters. */
export function cleanFileName(raw: string | undefined): string {
  const base = (raw ?? '').split(/[\\/]/).pop() ?? '';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  if (clean.length <= 200) {
    return clean || 'file';
  }
  const dot = clean.lastIndexOf('.');
  const ext = dot > 0 && clean.length - dot <= 10 ? clean.slice(dot) : '';
  return clean.slice(0, 200 - ext.length) + ext;
}

const discard = () =>
  new Writable({
    write(_chunk, _enc, done) {
      done();
    },
  });

/**
 * Streams one file part into storage under a new random key while hashing it, counting it and
 * checking its first bytes against the type its extension names. A wrong type, an empty file or
 * one over the limit rejects with 400 on `file`, and storage keeps nothing.
 */
export async function storeFilePart(part: MultipartFile, storage: Storage): Promise<ReceivedFile> {
  const fileName = cleanFileName(part.filename);
  const type = documentTypeFor(fileName);
  if (!type) {
    await pipeline(part.file, discard());
    throw badRequest('file', DOCUMENT_MESSAGES.type(fileName));
  }
  const seen = inspection(part, type, fileName);
  const inspect = seen.stream;
  // A small file can fail its check before the store reads from `inspect`: keep the error for
  // the store's own rejection instead of letting it escape as an unhandled stream error.
  inspect.on('error', () => {});
  part.file.on('error', (err) => inspect.destroy(err));
  part.file.pipe(inspect);
  const key = newStorageKey();
  try {
    await storage.put(key, inspect);
  } catch (err) {
    throw seen.problem ?? err;
  }
  return { key, fileName, contentType: type.contentType, sizeBytes: seen.size, sha256: seen.hash.digest('hex') };
}

type FileType = NonNullable<ReturnType<typeof documentTypeFor>>;

/** What the inspection of a file part has seen so far: its size, hash, first bytes and the problem found. */
type Inspection = { size: number; hash: ReturnType<typeof createHash>; head: Buffer; problem: AppError | undefined };

/**
 * The stream a part goes through on its way to storage: counts and hashes it, checks its first
 * bytes against its type, and fails it (too big, empty, not what its name says) at its end.
 */
function inspection(part: MultipartFile, type: FileType, fileName: string): Inspection & { stream: Transform } {
  const seen: Inspection = { size: 0, hash: createHash('sha256'), head: Buffer.alloc(0), problem: undefined };
  const check = () => {
    if (!contentMatches(type, seen.head)) {
      seen.problem = badRequest('file', DOCUMENT_MESSAGES.content(fileName, type.label));
    }
  };
  const stream = new Transform({
    transform(chunk: Buffer, _enc, done) {
      seen.size += chunk.length;
      if (seen.problem) {
        // Read the rest of the part (busboy stops it at the limit) so the answer is not a reset.
        done();
        return;
      }
      seen.hash.update(chunk);
      if (seen.head.length < SNIFF_BYTES) {
        seen.head = Buffer.concat([seen.head, chunk]).subarray(0, SNIFF_BYTES);
        if (seen.head.length >= SNIFF_BYTES) {
          check();
          if (seen.problem) {
            done();
            return;
          }
        }
      }
      done(null, chunk);
    },
    flush(done) {
      if (!seen.problem && seen.size > 0 && seen.head.length < SNIFF_BYTES) {
        check();
      }
      if (part.file.truncated || seen.size > MAX_DOCUMENT_BYTES) {
        seen.problem = badRequest('file', DOCUMENT_MESSAGES.tooBig(fileName));
      } else if (seen.size === 0) {
        seen.problem = badRequest('file', DOCUMENT_MESSAGES.empty(fileName));
      }
      done(seen.problem ?? null);
    },
  });
  return Object.assign(seen, { stream });
}

/** @fastify/multipart's own errors, as the project's 400 on `file`. */
export function asUploadError(err: unknown): unknown {
  if (err instanceof AppError) {
    return err;
  }
  const code = (err as { code?: string } | null)?.code ?? '';
  const message: Record<string, string> = {
    FST_REQ_FILE_TOO_LARGE: DOCUMENT_MESSAGES.tooBig('The file'),
    FST_FILES_LIMIT: 'Upload one file at a time.',
    FST_PARTS_LIMIT: 'The form has too many parts; send one file and its kind.',
    FST_FIELDS_LIMIT: 'The form has too many fields; send one file and its kind.',
    FST_PROTO_VIOLATION: 'The form is not valid.',
    FST_INVALID_MULTIPART_CONTENT_TYPE: 'Send the file as multipart/form-data in the field "file".',
    FST_MP_PREMATURE_CLOSE: 'The upload was interrupted; please try again.',
  };
  if (message[code]) {
    return badRequest('file', message[code]);
  }
  if (err instanceof Error && /multipart|part terminated|unexpected end/i.test(err.message)) {
    return badRequest('file', 'The upload was incomplete or malformed; please try again.');
  }
  return err;
}

/** Multipart limits: one file of at most MAX_DOCUMENT_BYTES and a few short fields. */
export const UPLOAD_LIMITS = { fileSize: MAX_DOCUMENT_BYTES, files: 1, fields: 5, parts: 8, fieldSize: 200 };

/**
 * Reads a multipart upload: field `file` (required) and `kind` (optional, before or after the file;
 * default 'other'). The file is in storage when this resolves; on any failure it is not.
 */
export async function receiveUpload<K extends DocumentKind>(
  request: FastifyRequest,
  storage: Storage,
  kinds: z.ZodType<K>,
): Promise<{ file: ReceivedFile; kind: K }> {
  let stored: ReceivedFile | undefined;
  try {
    let kindValue: unknown;
    const content: UploadContent = { fields: {}, files: {} };
    for await (const part of request.parts({ limits: UPLOAD_LIMITS })) {
      if (part.type === 'field') {
        content.fields[part.fieldname] = String(part.value);
        if (part.fieldname === 'kind') {
          kindValue = part.value;
        }
        continue;
      }
      if (part.fieldname !== 'file') {
        await pipeline(part.file, discard());
        throw badRequest('file', 'Send the file in the field "file".');
      }
      stored = await storeFilePart(part, storage);
      content.files.file = { name: part.filename ?? '', sha256: stored.sha256 };
    }
    if (!stored) {
      throw badRequest('file', DOCUMENT_MESSAGES.missing);
    }
    const kind = kinds.safeParse(kindValue === undefined || kindValue === '' ? 'other' : kindValue);
    if (!kind.success) {
      throw badRequest('kind', kind.error.issues[0]?.message ?? 'Choose a kind.');
    }
    attestUpload(request, content);
    return { file: stored, kind: kind.data };
  } catch (err) {
    if (stored) {
      await storage.delete(stored.key).catch((e: unknown) => request.log.error({ err: e, key: stored?.key }, 'could not remove upload'));
    }
    throw asUploadError(err);
  }
}

// ---------------------------------------------------------------------------------------------
// Writing

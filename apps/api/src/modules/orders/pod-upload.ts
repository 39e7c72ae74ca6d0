import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { MAX_DOCUMENT_BYTES } from '@freightdesk/shared/constants';
import { documentTypeFor } from '@freightdesk/shared/schemas/document';
import { POD_FILE_TYPES, type PodFieldsParsed, podFieldsSchema } from '@freightdesk/shared/schemas/pod';
import { AppError, badRequest } from '../../lib/errors.ts';
import { attestUpload, type UploadContent } from '../../lib/idempotency.ts';
import type { Storage } from '../../lib/storage.ts';
import { asUploadError, cleanFileName, type ReceivedFile, storeFilePart } from '../documents/document-upload.ts';

/** One file and the POD's few short fields. */
export const POD_UPLOAD_LIMITS = { fileSize: MAX_DOCUMENT_BYTES, files: 1, fields: 10, parts: 12, fieldSize: 1000 };

const FIELD_NAMES = new Set(Object.keys(podFieldsSchema.shape));
const POD_TYPES: readonly string[] = POD_FILE_TYPES;
const WRONG_TYPE = 'A proof of delivery is a photo (JPEG, PNG or WebP) or a PDF of the signed copy.';

const discard = () =>
  new Writable({
    write(_chunk, _enc, done) {
      done();
    },
  });

/** The fields' problems as the API's 400 (every bad field named). */
function invalidFields(issues: { path: PropertyKey[]; message: string }[]): AppError {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    fields[issue.path.map(String).join('.') || 'body'] ??= issue.message;
  }
  const [first] = Object.entries(fields);
  return new AppError(400, 'VALIDATION_FAILED', first ? `${first[0]}: ${first[1]}` : 'The request is not valid.', fields);
}

/**
 * Reads a proof of delivery sent as multipart: the file in `file` (a photo or a PDF, checked by
 * name and content, stored through the documents' rules) and the fields of `podFieldsSchema`.
 * The file is in storage when this resolves; on any problem (400 naming the field) it is not.
 */
export async function receivePod(request: FastifyRequest, storage: Storage): Promise<{ file: ReceivedFile; fields: PodFieldsParsed }> {
  let stored: ReceivedFile | undefined;
  const raw: Record<string, string> = {};
  try {
    const content: UploadContent = { fields: {}, files: {} };
    for await (const part of request.parts({ limits: POD_UPLOAD_LIMITS })) {
      if (part.type === 'field') {
        content.fields[part.fieldname] = String(part.value);
        if (FIELD_NAMES.has(part.fieldname)) {
          raw[part.fieldname] = String(part.value);
        }
        continue;
      }
      const type = documentTypeFor(cleanFileName(part.filename));
      if (part.fieldname !== 'file' || !type || !POD_TYPES.includes(type.contentType)) {
        await pipeline(part.file, discard());
        throw badRequest('file', part.fieldname === 'file' ? WRONG_TYPE : 'Send the file in the field "file".');
      }
      stored = await storeFilePart(part, storage);
      content.files.file = { name: part.filename ?? '', sha256: stored.sha256 };
    }
    if (!stored) {
      throw badRequest('file', 'Attach the proof of delivery: a photo or a PDF of the signed copy.');
    }
    const parsed = podFieldsSchema.safeParse(raw);
    if (!parsed.success) {
      throw invalidFields(parsed.error.issues);
    }
    attestUpload(request, content);
    return { file: stored, fields: parsed.data };
  } catch (err) {
    if (stored) {
      const key = stored.key;
      await storage.delete(key).catch((e: unknown) => request.log.error({ err: e, key }, 'could not remove upload'));
    }
    throw asUploadError(err);
  }
}

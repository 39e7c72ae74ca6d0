import { createHash } from 'node:crypto';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type ZodType, z } from 'zod';
import type { Permission } from '@freightdesk/shared/permissions';
import { type Access, shipperActor } from './access.ts';
import { contentDisposition } from './content-disposition.ts';
import { AppError, badRequest } from './errors.ts';
import { attestUpload } from './idempotency.ts';
import { exportFormatSchema } from './export.ts';
import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS, type ImportColumn, type ImportFile, template } from './import.ts';
import { importPool } from './import-pool.ts';
import { sheetTypeOf } from './sheet-type.ts';
import { SHEET_MESSAGES, SheetError } from './import-sheet-errors.ts';
import type { Actor } from './tenant-resource.ts';
import { fileAnswer } from '../openapi/file-answers.ts';

/**
 * An XLSX of at most 10 MB that inflates to more than this is refused: a 10,000-row import needs a
 * fraction of it, so only a zip bomb (or a sheet padded far past its data) gets there.
 */
export const IMPORT_MAX_INFLATED_BYTES = 64 * 1024 * 1024;

/** One file part and at most a couple of short fields besides. */
const UPLOAD_LIMITS = { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 2, parts: 3, fieldSize: 200, headerPairs: 20 };

const notMultipart = () =>
  new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the file as multipart/form-data in the field "file".', {
    file: 'Send the file as multipart/form-data in the field "file".',
  });

/** @fastify/multipart's errors (and the pool's SheetError) as a 400 on `file`; anything else as it is. */
function asUploadError(err: unknown): unknown {
  if (err instanceof SheetError) {
    return badRequest('file', err.message);
  }
  if (err instanceof AppError) {
    return err;
  }
  const code = (err as { code?: string } | null)?.code ?? '';
  const message: Record<string, string> = {
    FST_REQ_FILE_TOO_LARGE: SHEET_MESSAGES.tooBig(IMPORT_MAX_BYTES),
    FST_FILES_LIMIT: 'Upload one file at a time.',
    FST_PARTS_LIMIT: 'The form has too many parts; send the file alone.',
    FST_FIELDS_LIMIT: 'The form has too many fields; send the file alone.',
    FST_PROTO_VIOLATION: 'The form is not valid.',
    FST_INVALID_MULTIPART_CONTENT_TYPE: notMultipart().message,
    FST_MP_PREMATURE_CLOSE: 'The upload was interrupted; please try again.',
  };
  if (message[code]) {
    return badRequest('file', message[code]);
  }
  if (err instanceof Error && /multipart|boundary|part terminated|unexpected end/i.test(err.message)) {
    return badRequest('file', 'The upload was incomplete or malformed; please try again.');
  }
  return err;
}

/**
 * Reads the multipart upload's `file` part in an import worker: type by extension and first bytes,
 * at most IMPORT_MAX_BYTES, IMPORT_MAX_ROWS data rows (reading stops at the first row past it).
 */
async function receiveImport(request: FastifyRequest, columns: ImportColumn[]): Promise<ImportFile> {
  if (!request.isMultipart()) {
    throw notMultipart();
  }
  try {
    const part = await request.file({ limits: UPLOAD_LIMITS });
    if (!part) {
      throw badRequest('file', SHEET_MESSAGES.missing);
    }
    const type = part.fieldname === 'file' ? sheetTypeOf(part.filename) : undefined;
    if (!type) {
      part.file.resume(); // read and drop the rest, so the client gets the answer
      throw badRequest('file', part.fieldname === 'file' ? SHEET_MESSAGES.type : SHEET_MESSAGES.missing);
    }
    // At the size limit busboy only cuts the file short (maybe before this code listens): failing
    // the stream stops the reading there, and a cut file is never read as if it were whole.
    const tooBig = () => badRequest('file', SHEET_MESSAGES.tooBig(IMPORT_MAX_BYTES));
    part.file.once('limit', () => part.file.destroy(tooBig()));
    const hash = createHash('sha256');
    const records = await importPool()
      .read(
        part.file,
        {
          type,
          columns: columns.map(({ key, label }) => ({ key, label })),
          maxRows: IMPORT_MAX_ROWS,
          maxInflatedBytes: IMPORT_MAX_INFLATED_BYTES,
        },
        (chunk) => hash.update(chunk),
      )
      .catch((err: unknown) => {
        throw part.file.truncated ? tooBig() : err;
      });
    if (part.file.truncated) {
      throw tooBig();
    }
    // The form's fields sent before the file (busboy has not read any after it).
    const fields = Object.fromEntries(
      Object.values(part.fields).flatMap((f) => {
        const field = Array.isArray(f) ? f[0] : f;
        return field && field.type === 'field' ? [[field.fieldname, String(field.value)]] : [];
      }),
    );
    attestUpload(request, { fields, files: { [part.fieldname]: { name: part.filename, sha256: hash.digest('hex') } } });
    return { fileName: part.filename, records };
  } catch (err) {
    throw asUploadError(err);
  }
}

/**
 * One upload route of sheet rows (`POST url`, multipart, the file read as a stream in an import
 * worker): every import of the app goes through it. Multipart is parsed in this route's scope only:
 * every other route keeps refusing it, and this one refuses every other body (a JSON body with
 * base64 content included) with 415 before reading it.
 */
export function registerUploadRoute<R extends object>(
  fastify: FastifyInstance,
  opts: {
    url: string;
    config: { access: Access };
    tags: string[];
    params?: ZodType;
    columns: ImportColumn[];
    /** The declared answer of the upload (issue 34), the schema of what `handle` returns. */
    response?: ZodType;
    handle: (request: FastifyRequest, file: ImportFile) => Promise<R>;
  },
) {
  fastify.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(notMultipart(), undefined));
    await scope.register(fastifyMultipart, { limits: UPLOAD_LIMITS, throwFileSizeLimit: true });
    const schema = {
      tags: opts.tags,
      consumes: ['multipart/form-data'],
      ...(opts.params ? { params: opts.params } : {}),
      ...(opts.response ? { response: { 200: opts.response } } : {}),
    };
    scope
      .withTypeProvider<ZodTypeProvider>()
      .post(opts.url, { config: opts.config, schema }, async (request) => opts.handle(request, await receiveImport(request, opts.columns)));
  });
}

/** `GET {prefix}/template?format=csv|xlsx`: the headings and an example row of an upload. */
export function registerTemplateRoute(
  fastify: FastifyInstance,
  opts: { url: string; config: { access: Access }; tags: string[]; name: string; columns: ImportColumn[] },
) {
  fastify.withTypeProvider<ZodTypeProvider>().get(
    opts.url,
    {
      config: { ...opts.config, fileAnswer: fileAnswer('The headings and an example row of the upload, as CSV or XLSX', 'csv', 'xlsx') },
      schema: { tags: opts.tags, querystring: z.object({ format: exportFormatSchema }) },
    },
    async (request, reply) => {
      const { format } = request.query;
      reply.header('content-disposition', contentDisposition(`${opts.name}-import-template.${format}`));
      return reply
        .type(format === 'csv' ? 'text/csv; charset=utf-8' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .send(await template(opts.columns, format));
    },
  );
}

/**
 * `GET /import/template?format=csv|xlsx` and `POST /import` for one master. `run` checks the
 * whole file and imports it in one transaction, or refuses it with a per-row report.
 */
export function registerImportRoutes<R extends object>(
  fastify: FastifyInstance,
  opts: {
    tag: string;
    name: string;
    permission: Permission;
    columns: ImportColumn[];
    run: (actor: Actor, file: ImportFile) => Promise<R>;
    /** What the caller is answered (default: the whole result). */
    respond?: (result: R) => object;
    /** Work after the commit (invitations); its failures are logged, never undo the import. */
    after?: (request: FastifyRequest, result: R) => Promise<void>;
  },
) {
  const config = { access: { permission: opts.permission } };
  const tags = [opts.tag];
  registerTemplateRoute(fastify, { url: '/import/template', config, tags, name: opts.name, columns: opts.columns });
  registerUploadRoute(fastify, {
    url: '/import',
    config,
    tags,
    columns: opts.columns,
    handle: async (request, file) => {
      const result = await opts.run(shipperActor(request), file);
      const { after } = opts;
      if (after) {
        // Started once the answer is out: PGlite's queries never give the event loop a turn, so an
        // answer behind 5,000 invitations waited ~12 s for them.
        setImmediate(() => {
          void after(request, result).catch((err: unknown) => request.log.error({ err }, `${opts.name} import follow-up failed`));
        });
      }
      return { data: opts.respond ? opts.respond(result) : result };
    },
  });
}

import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';

/**
 * What an Idempotency-Key stands for (lib/idempotency.ts): a JSON call's method, route, params and
 * body; an upload's content, which only reading its stream tells.
 */

export const isMultipart = (request: FastifyRequest) => String(request.headers['content-type'] ?? '').startsWith('multipart/');
const sha256 = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('hex');

/** The call without its body's content: method, route, params, and a JSON body. */
export function envelopeOf(request: FastifyRequest): string {
  return sha256([request.method, request.routeOptions.url, request.params ?? null, isMultipart(request) ? null : (request.body ?? null)]);
}

/**
 * What the key stands for. A JSON call: its envelope with the body. An upload is streamed, so its
 * content is known only once it has been read (`attestUpload`): `<envelope>.<content>`, and
 * `<envelope>.unread-<length>` until then (a multipart route whose receiver never attests).
 */
export function fingerprintOf(request: FastifyRequest): string {
  const envelope = envelopeOf(request);
  return isMultipart(request) ? `${envelope}.unread-${request.headers['content-length'] ?? ''}` : envelope;
}

/**
 * What an upload holds, as its key's fingerprint names it: every form field's value and every
 * file's name and SHA-256 (not the body's bytes, which a browser frames with a new random boundary
 * on each retry).
 */
export type UploadContent = { fields: Record<string, string>; files: Record<string, { name: string; sha256: string }> };

export const contentFingerprint = (request: FastifyRequest, content: UploadContent) => {
  const sorted = <V>(o: Record<string, V>) => Object.entries(o).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `${envelopeOf(request)}.${sha256([sorted(content.fields), sorted(content.files).map(([k, f]) => [k, f.name, f.sha256])])}`;
};

/**
 * Called by every upload receiver (documents, PODs, sheet imports) once it has read the upload and
 * before it writes: the key then stands for the content, so the same key with another file (even
 * of the same size) or other fields is refused (422) rather than answered with the first call's answer.
 */
export function attestUpload(request: FastifyRequest, content: UploadContent): void {
  const c = request.idempotency;
  if (c && isMultipart(request)) {
    c.fingerprint = contentFingerprint(request, content);
  }
}

/**
 * The content of an upload whose key was used before, read here (each file hashed as it streams,
 * nothing kept) to compare it with that call's before the route does anything: the route's own
 * checks would refuse a retry for what the first call already did (a POD is delivered once).
 */
export async function readUploadContent(request: FastifyRequest): Promise<UploadContent> {
  const content: UploadContent = { fields: {}, files: {} };
  for await (const part of request.parts()) {
    if (part.type === 'field') {
      content.fields[part.fieldname] = String(part.value);
      continue;
    }
    const hash = createHash('sha256');
    for await (const chunk of part.file) {
      hash.update(chunk as Buffer);
    }
    content.files[part.fieldname] = { name: part.filename ?? '', sha256: hash.digest('hex') };
  }
  return content;
}

import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * The API's JSON answers compressed for a client that accepts it (a browser always does): a page
 * of 100 orders is 100 kB of JSON and about a tenth of that compressed, which over a guard's or a
 * driver's mobile link is most of the wait. Brotli where the client accepts it (browsers ask for
 * it over HTTPS), else gzip; at speed-first levels, on libuv's worker threads, so the server's own
 * thread (PGlite's too) does not wait for it. Small answers go as they are: below about a packet
 * the headers cost more than they save. Streams (exports, files) and other types are left alone;
 * the static files are served precompressed (lib/spa.ts).
 *
 * Registered after the idempotency plugin, so a write's answer is kept as JSON and compressed
 * again for whoever asks for it once more.
 */

/** The smallest JSON answer compressed, in bytes. */
export const COMPRESS_MIN_BYTES = 1024;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const BROTLI_OPTIONS = {
  params: {
    [zlib.constants.BROTLI_PARAM_QUALITY]: 4,
    [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
  },
};
const GZIP_OPTIONS = { level: 5 };

export type Encoding = 'br' | 'gzip';

/** The encoding to answer in, from an Accept-Encoding header (q-values honoured, `q=0` refuses); none: as it is. */
export function chooseEncoding(header: string | string[] | undefined): Encoding | undefined {
  const accepted = new Map<string, number>();
  for (const part of (Array.isArray(header) ? header.join(',') : (header ?? '')).split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) {
      continue;
    }
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = q ? Number(q.slice(2)) : 1;
    accepted.set(name, Number.isFinite(weight) ? weight : 0);
  }
  const weight = (name: Encoding) => accepted.get(name) ?? accepted.get('*') ?? 0;
  const best = (['br', 'gzip'] as const).filter((e) => weight(e) > 0).sort((a, b) => weight(b) - weight(a));
  return best[0];
}

/** Adds Accept-Encoding to the Vary header (a cache must keep the compressed and plain answers apart). */
function varyOnEncoding(current: unknown): string {
  const names = String(current ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
  return names.some((v) => v.toLowerCase() === 'accept-encoding' || v === '*')
    ? names.join(', ')
    : [...names, 'Accept-Encoding'].join(', ');
}

export const compressJsonPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onSend', async (request, reply, payload) => {
    if ((typeof payload !== 'string' && !Buffer.isBuffer(payload)) || request.method === 'HEAD' || reply.hasHeader('content-encoding')) {
      return payload;
    }
    if (!String(reply.getHeader('content-type') ?? '').startsWith('application/json')) {
      return payload;
    }
    reply.header('vary', varyOnEncoding(reply.getHeader('vary')));
    const encoding = Buffer.byteLength(payload) >= COMPRESS_MIN_BYTES ? chooseEncoding(request.headers['accept-encoding']) : undefined;
    if (!encoding) {
      return payload;
    }
    const body = encoding === 'br' ? await brotli(payload, BROTLI_OPTIONS) : await gzip(payload, GZIP_OPTIONS);
    reply.header('content-encoding', encoding);
    reply.removeHeader('content-length');
    return body;
  });
});

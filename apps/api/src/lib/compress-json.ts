import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * The API's JSON answers compressed for a client that accepts it (a browser always does): a page
 * of 100 orders is 100 kB of JSON and about a tenth of that compressed, which over a guard's or a
 * driver's mobile link is most of the wait. Brotli where the client accepts it (browsers ask for
 * it over HTTPS), else gzip; at the fastest levels (brotli 1, gzip 1) with a window no larger than
 * the answer, on libuv's worker threads, so the server's own thread (PGlite's too) does not wait for
 * it. Measured on a 100-row page of orders (102 kB) in the lists bench, as Chromium asks for it: brotli
 * 4 with its default 4 MB window cost 8.4 ms of the API's CPU a call, 4 with the answer's window 6.1,
 * 1 with it 5.0, a plain answer 4.8 (its larger write to the socket costs what brotli 1 does); brotli
 * 1 answers 7.7 kB where 4 answered 6.1 (docs/benchmarks.md, 2026-12-01). Small answers go as they are: below about a packet
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
const brotliOptions = (bytes: number) => ({
  params: {
    [zlib.constants.BROTLI_PARAM_QUALITY]: 1,
    [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
    [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes,
    // A window no larger than the answer (at least 1 kB, at most brotli's 16 MB).
    [zlib.constants.BROTLI_PARAM_LGWIN]: Math.min(24, Math.max(10, Math.ceil(Math.log2(bytes)))),
  },
});
const GZIP_OPTIONS = { level: 1 };

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

/**
 * A JSON answer as the client asked for it (its Accept-Encoding): compressed when it is at least
 * COMPRESS_MIN_BYTES, else as it is (`encoding` undefined). The lists bench's ceiling server
 * answers through it too, so both send the same bytes.
 */
export async function compressJson(
  payload: string | Buffer,
  acceptEncoding: string | string[] | undefined,
): Promise<{ body: string | Buffer; encoding?: Encoding }> {
  const bytes = Buffer.byteLength(payload);
  const encoding = bytes >= COMPRESS_MIN_BYTES ? chooseEncoding(acceptEncoding) : undefined;
  if (!encoding) {
    return { body: payload };
  }
  return { body: encoding === 'br' ? await brotli(payload, brotliOptions(bytes)) : await gzip(payload, GZIP_OPTIONS), encoding };
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
    const { body, encoding } = await compressJson(payload, request.headers['accept-encoding']);
    if (encoding) {
      reply.header('content-encoding', encoding);
      reply.removeHeader('content-length');
    }
    return body;
  });
});

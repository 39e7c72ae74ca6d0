import type { FastifyBaseLogger } from 'fastify';
import { isDatabaseUnavailable } from '../../lib/errors.ts';
import type { Ingest } from './ingest.ts';
import { DecodeError, type DecodedPosition, decodeJson, decodeQuery, formPairs } from './osmand-decode.ts';
import { createSourceLimit } from './source-limit.ts';
import { createPortServer, type PortAnswer, type PortRequest } from './osmand-http.ts';

/** A position is a few hundred bytes; a background-geolocation body with extras stays far below this. */
export const OSMAND_MAX_BODY = 16 * 1024;
type Log = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

/**
 * Logs refusals once each, and at most 20 lines per 10 s: a device stuck on a bad value, or
 * garbage from the internet, must not flood the log. The lines left out are counted.
 */
function refusalLog(log: Log) {
  let windowStart = 0;
  let lines = 0;
  let skipped = 0;
  return (reason: string, remote: string | undefined) => {
    const now = Date.now();
    if (now - windowStart > 10_000) {
      if (skipped) {
        log.warn({ skipped }, 'tracking ingest: more refusals not logged');
      }
      windowStart = now;
      lines = 0;
      skipped = 0;
    }
    if (lines++ < 20) {
      log.info({ reason, remote }, 'tracking ingest: position refused');
    } else {
      skipped++;
    }
  };
}

const ok: PortAnswer = { status: 200, body: '' };

/** The request's query (no WHATWG URL object per position), and its body as text. */
function partsOf(req: PortRequest): { search: string; body: string } {
  const address = req.target;
  const start = address.indexOf('?');
  const hash = address.indexOf('#', start);
  return {
    search: start < 0 ? '' : address.slice(start + 1, hash < 0 ? undefined : hash),
    body: req.method === 'POST' ? req.body.toString('utf8') : '',
  };
}

/** The position a request carries, in its JSON or query form (400 only for what cannot be read). */
function decodeRequest(req: PortRequest, now: Date): DecodedPosition {
  const { search, body } = partsOf(req);
  if (req.contentType.toLowerCase().startsWith('application/json')) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch {
      throw new DecodeError(400, 'body', 'is not valid JSON');
    }
    return decodeJson(parsed, now);
  }
  // Traccar's order: the address's query, else the body as a form.
  return decodeQuery(formPairs(search || body), now);
}

/**
 * Decodes, routes and stores one request. A known device and an unknown one are answered alike
 * (200, empty), and so is a position the filters stop: nobody learns from the port whether an
 * identifier exists, and a phone never stalls on a position it cannot get past.
 */
async function handle(ingest: Ingest, req: PortRequest, unknown: (remote: string | undefined) => void): Promise<PortAnswer> {
  const receivedAt = new Date();
  const position = decodeRequest(req, receivedAt);
  // A device heard in the last seconds is routed without a promise of its own.
  const route = ingest.resolver.cached(position.identifier, 'port') ?? (await ingest.resolver.resolve(position.identifier, 'port'));
  if (!route) {
    unknown(req.remote);
    return ok;
  }
  await ingest.accept(position, route, 'osmand', 'port', receivedAt);
  return ok;
}

function answerOf(err: unknown, refused: ReturnType<typeof refusalLog>, remote: string | undefined, log: Log): PortAnswer {
  if (err instanceof DecodeError) {
    refused(err.message, remote);
    return { status: err.status, body: `${err.message}\n` };
  }
  if (!isDatabaseUnavailable(err)) {
    log.error({ err }, 'tracking ingest: position not stored');
  }
  // Not stored: the client keeps the position and sends it again (Traccar Client does).
  return { status: 503, body: 'try again later\n' };
}

/**
 * The OsmAnd port (`TRACKING_PORT`, 5055 like Traccar's): any path, GET or POST, answered 200
 * with an empty body once the position is committed (or filtered, or of no device we know). Its
 * own limits: a 16 KB body, 16 KB of headers, 10 s to send a request, 65 s idle on a keep-alive
 * connection, and `limit` requests per source address (429 with Retry-After beyond); no JSON
 * parser or plugin of the API runs here.
 */
export function createOsmandServer(ingest: Ingest, log: Log, limit: { rate: number; burst: number }): OsmandServer {
  const refused = refusalLog(log);
  const unknown = (remote: string | undefined) => refused('unknown device (answered 200 all the same)', remote);
  const allow = createSourceLimit(limit.rate, limit.burst);
  return createPortServer(
    { maxHeader: 16 * 1024, maxBody: OSMAND_MAX_BODY, requestTimeoutMs: 10_000, keepAliveMs: 65_000 },
    async (req) => {
      if (req.method !== 'GET' && req.method !== 'POST') {
        return { status: 405, body: 'method: use GET or POST\n' };
      }
      const wait = allow(req.remote ?? '');
      if (wait > 0) {
        return { status: 429, body: 'too many requests from this address\n', retryAfter: wait };
      }
      try {
        return await handle(ingest, req, unknown);
      } catch (err) {
        return answerOf(err, refused, req.remote, log);
      }
    },
  );
}

export type OsmandServer = ReturnType<typeof createPortServer>;

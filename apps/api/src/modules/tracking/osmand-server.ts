import type { FastifyBaseLogger } from 'fastify';
import { isDatabaseUnavailable } from '../../lib/errors.ts';
import type { Ingest } from './ingest.ts';
import { DecodeError, type DecodedPosition, decodeJson, decodeQuery, formPairs, jsonIdentifier } from './osmand-decode.ts';
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

/** Decodes, routes and stores one request; the answer says what the client may do next. */
async function handle(ingest: Ingest, req: PortRequest): Promise<PortAnswer> {
  const receivedAt = new Date();
  // Only the query is needed: no WHATWG URL object per position.
  const address = req.target;
  const start = address.indexOf('?');
  const hash = address.indexOf('#', start);
  const search = start < 0 ? '' : address.slice(start + 1, hash < 0 ? undefined : hash);
  const body = req.method === 'POST' ? req.body.toString('utf8') : '';
  const isJson = req.contentType.toLowerCase().startsWith('application/json');
  const window = ingest.window(receivedAt);
  let position: DecodedPosition;
  if (isJson) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch {
      throw new DecodeError(400, 'body', 'is not valid JSON');
    }
    const route = await ingest.resolver.resolve(jsonIdentifier(parsed));
    if (!route) {
      throw new DecodeError(404, 'device_id', 'unknown device');
    }
    position = decodeJson(parsed, window);
    await ingest.accept(position, route, 'osmand', receivedAt);
    return ok;
  }
  // Traccar's order: the address's query, else the body as a form.
  const form = search || body;
  position = decodeQuery(formPairs(form), window);
  // A device heard in the last seconds is routed without a promise of its own.
  const route = ingest.resolver.cached(position.identifier) ?? (await ingest.resolver.resolve(position.identifier));
  if (!route) {
    throw new DecodeError(400, new URLSearchParams(form).has('id') ? 'id' : 'deviceid', 'unknown device');
  }
  await ingest.accept(position, route, 'osmand', receivedAt);
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
 * with an empty body once the position is committed. Its own limits: a 16 KB body, 16 KB of
 * headers, 10 s to send a request, 65 s idle on a keep-alive connection; no JSON parser or plugin
 * of the API runs here.
 */
export function createOsmandServer(ingest: Ingest, log: Log): OsmandServer {
  const refused = refusalLog(log);
  return createPortServer(
    { maxHeader: 16 * 1024, maxBody: OSMAND_MAX_BODY, requestTimeoutMs: 10_000, keepAliveMs: 65_000 },
    async (req) => {
      if (req.method !== 'GET' && req.method !== 'POST') {
        return { status: 405, body: 'method: use GET or POST\n' };
      }
      try {
        return await handle(ingest, req);
      } catch (err) {
        return answerOf(err, refused, req.remote, log);
      }
    },
  );
}

export type OsmandServer = ReturnType<typeof createPortServer>;

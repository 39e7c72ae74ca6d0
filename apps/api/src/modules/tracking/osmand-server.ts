import http from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import { isDatabaseUnavailable } from '../../lib/errors.ts';
import type { Ingest } from './ingest.ts';
import { DecodeError, type DecodedPosition, decodeJson, decodeQuery, jsonIdentifier } from './osmand-decode.ts';

/** A position is a few hundred bytes; a background-geolocation body with extras stays far below this. */
export const OSMAND_MAX_BODY = 16 * 1024;
type Log = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

class BodyTooLarge extends Error {}

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length'] ?? 0);
    if (declared > OSMAND_MAX_BODY) {
      reject(new BodyTooLarge());
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > OSMAND_MAX_BODY) {
        req.removeAllListeners('data');
        reject(new BodyTooLarge());
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

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

type Answer = { status: number; body: string };
const ok: Answer = { status: 200, body: '' };

/** Decodes, routes and stores one request; the answer says what the client may do next. */
async function handle(ingest: Ingest, req: http.IncomingMessage): Promise<Answer> {
  const receivedAt = new Date();
  // Only the query is needed: no WHATWG URL object per position.
  const address = req.url ?? '/';
  const start = address.indexOf('?');
  const hash = address.indexOf('#', start);
  const search = start < 0 ? '' : address.slice(start + 1, hash < 0 ? undefined : hash);
  const body = req.method === 'POST' ? await readBody(req) : '';
  const isJson = (req.headers['content-type'] ?? '').toLowerCase().startsWith('application/json');
  const window = ingest.window(receivedAt);
  let position: DecodedPosition;
  let status: 400 | 404 = 400;
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
  const params = new URLSearchParams(search || body);
  position = decodeQuery(params, window);
  const route = await ingest.resolver.resolve(position.identifier);
  if (!route) {
    status = 400;
    throw new DecodeError(status, params.has('id') ? 'id' : 'deviceid', 'unknown device');
  }
  await ingest.accept(position, route, 'osmand', receivedAt);
  return ok;
}

function answerOf(err: unknown, refused: ReturnType<typeof refusalLog>, remote: string | undefined, log: Log): Answer {
  if (err instanceof DecodeError) {
    refused(err.message, remote);
    return { status: err.status, body: `${err.message}\n` };
  }
  if (err instanceof BodyTooLarge) {
    refused('body too large', remote);
    return { status: 413, body: `body: at most ${OSMAND_MAX_BODY} bytes\n` };
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
 * headers, 10 s to send a request; no JSON parser or plugin of the API runs here.
 */
export function createOsmandServer(ingest: Ingest, log: Log): http.Server {
  const refused = refusalLog(log);
  const server = http.createServer({ maxHeaderSize: 16 * 1024, requestTimeout: 10_000, headersTimeout: 10_000 }, (req, res) => {
    const remote = req.socket.remoteAddress;
    const send = (a: Answer) => {
      if (!res.headersSent && !res.destroyed) {
        res.writeHead(a.status, { 'content-type': 'text/plain; charset=utf-8', 'content-length': Buffer.byteLength(a.body) });
        res.end(a.body);
      }
    };
    if (req.method !== 'GET' && req.method !== 'POST') {
      send({ status: 405, body: 'method: use GET or POST\n' });
      req.resume();
      return;
    }
    handle(ingest, req).then(send, (err: unknown) => {
      const answer = answerOf(err, refused, remote, log);
      if (answer.status === 413) {
        res.setHeader('connection', 'close');
      }
      send(answer);
    });
  });
  server.keepAliveTimeout = 65_000;
  server.on('clientError', (_err, socket) => {
    if (socket.writable) {
      socket.end('HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\nConnection: close\r\n\r\n');
    } else {
      socket.destroy();
    }
  });
  return server;
}

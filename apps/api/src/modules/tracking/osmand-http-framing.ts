/**
 * The framing of the OsmAnd port's HTTP/1.1 (osmand-http.ts): a request's head and body as read
 * off the socket, and the answer's bytes.
 */

export type PortRequest = { method: string; target: string; contentType: string; body: Buffer; remote: string | undefined };
/** An answer: status and text body; `retryAfter` seconds are sent as `Retry-After` (a 429, a 503). */
export type PortAnswer = { status: number; body: string; close?: boolean; retryAfter?: number };
export type PortLimits = { maxHeader: number; maxBody: number; requestTimeoutMs: number; keepAliveMs: number };

const REASONS: Record<number, string> = {
  200: 'OK',
  400: 'Bad Request',
  404: 'Not Found',
  405: 'Method Not Allowed',
  408: 'Request Timeout',
  413: 'Payload Too Large',
  417: 'Expectation Failed',
  429: 'Too Many Requests',
  431: 'Request Header Fields Too Large',
  501: 'Not Implemented',
  503: 'Service Unavailable',
};

const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const REQUEST_LINE = /^([A-Z]{1,16}) ([\x21-\x7e]+) HTTP\/1\.([01])$/;
// A header value: visible characters, spaces and tabs (no control characters, no bare CR or LF).
const FIELD_VALUE = /^[\t\x20-\x7e\x80-\xff]*$/;
export const CRLF_CRLF = Buffer.from('\r\n\r\n');

/** The `Date` header, written once a second (as Node's http server caches it). */
let dateSecond = 0;
let dateText = '';
function httpDate(): string {
  const now = Date.now();
  const second = Math.floor(now / 1000);
  if (second !== dateSecond) {
    dateSecond = second;
    dateText = new Date(now).toUTCString();
  }
  return dateText;
}

/** The answer's bytes; the 200 with an empty body (every stored position) is kept per second and per connection kind. */
const okCache = new Map<string, Buffer>();
export function answerBytes(a: PortAnswer, keepAliveHeader: boolean): Buffer | string {
  const date = httpDate();
  const connection = a.close ? 'Connection: close\r\n' : keepAliveHeader ? 'Connection: keep-alive\r\n' : '';
  if (a.status === 200 && a.body === '') {
    const key = `${connection}${date}`;
    let bytes = okCache.get(key);
    if (!bytes) {
      if (okCache.size > 8) {
        okCache.clear();
      }
      bytes = Buffer.from(
        `HTTP/1.1 200 OK\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: 0\r\nDate: ${date}\r\n${connection}\r\n`,
      );
      okCache.set(key, bytes);
    }
    return bytes;
  }
  const retry = a.retryAfter === undefined ? '' : `Retry-After: ${a.retryAfter}\r\n`;
  return (
    `HTTP/1.1 ${a.status} ${REASONS[a.status] ?? 'Error'}\r\nContent-Type: text/plain; charset=utf-8\r\n` +
    `Content-Length: ${Buffer.byteLength(a.body)}\r\nDate: ${date}\r\n${retry}${connection}\r\n${a.body}`
  );
}

/** A refusal of the request's framing: answered, then the connection is closed. */
export class Framing extends Error {
  constructor(
    readonly status: number,
    readonly reason: string,
  ) {
    super(reason);
  }
}

export type Head = {
  method: string;
  target: string;
  contentType: string;
  keepAlive: boolean;
  /** HTTP/1.0 with `Connection: keep-alive`: the answer says so. */
  keepAliveHeader: boolean;
  length: number | null;
  chunked: boolean;
  expectContinue: boolean;
};

export function parseHead(text: string, maxBody: number): Head {
  const lines = text.split('\r\n');
  const m = REQUEST_LINE.exec(lines[0] ?? '');
  if (!m) {
    throw new Framing(400, 'request line: not METHOD target HTTP/1.x');
  }
  const http10 = m[3] === '0';
  const head: Head = {
    method: m[1] as string,
    target: m[2] as string,
    contentType: '',
    keepAlive: !http10,
    keepAliveHeader: false,
    length: null,
    chunked: false,
    expectContinue: false,
  };
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i] as string;
    const colon = line.indexOf(':');
    const name = colon > 0 ? line.slice(0, colon) : '';
    if (!TOKEN.test(name)) {
      // No name, a space before the colon, or a folded line (obsolete, refused as Node does).
      throw new Framing(400, 'header: malformed line');
    }
    const value = line.slice(colon + 1).trim();
    if (!FIELD_VALUE.test(value)) {
      throw new Framing(400, `header ${name}: bad characters`);
    }
    applyHeader(head, name, value, http10);
  }
  if (head.chunked && head.length !== null) {
    throw new Framing(400, 'content-length and transfer-encoding together');
  }
  if (head.length !== null && head.length > maxBody) {
    throw new Framing(413, `body: at most ${maxBody} bytes`);
  }
  return head;
}

/** What one header says about the framing (the others are ignored); refuses what Node refuses. */
function applyHeader(head: Head, name: string, value: string, http10: boolean): void {
  switch (name.toLowerCase()) {
    case 'content-length': {
      if (!/^\d{1,15}$/.test(value) || (head.length !== null && head.length !== Number(value))) {
        throw new Framing(400, 'content-length: not one whole number');
      }
      head.length = Number(value);
      break;
    }
    case 'transfer-encoding':
      if (value.toLowerCase() !== 'chunked' || head.chunked) {
        throw new Framing(501, 'transfer-encoding: only chunked');
      }
      head.chunked = true;
      break;
    case 'content-type':
      head.contentType = value;
      break;
    case 'connection': {
      const options = value.toLowerCase();
      if (/(^|[\s,])close($|[\s,])/.test(options)) {
        head.keepAlive = false;
      } else if (http10 && /(^|[\s,])keep-alive($|[\s,])/.test(options)) {
        head.keepAlive = true;
        head.keepAliveHeader = true;
      }
      break;
    }
    case 'expect':
      if (value.toLowerCase() !== '100-continue') {
        throw new Framing(417, 'expect: only 100-continue');
      }
      head.expectContinue = !http10;
      break;
  }
}

/**
 * A chunked body at the start of `buf`: its bytes and how many bytes of `buf` it took, or null
 * while incomplete. Extensions and trailers are read and dropped.
 */
export function readChunked(buf: Buffer, maxBody: number): { body: Buffer; used: number } | null {
  const parts: Buffer[] = [];
  let size = 0;
  let at = 0;
  for (;;) {
    const eol = buf.indexOf('\r\n', at);
    if (eol < 0) {
      if (buf.length - at > 64) {
        throw new Framing(400, 'chunk: size line too long');
      }
      return null;
    }
    const sizeText = buf.toString('latin1', at, eol).split(';')[0]?.trim() ?? '';
    if (!/^[0-9A-Fa-f]{1,8}$/.test(sizeText)) {
      throw new Framing(400, 'chunk: bad size');
    }
    const chunk = Number.parseInt(sizeText, 16);
    if (chunk === 0) {
      // Trailers, each a line, up to an empty line.
      let t = eol + 2;
      for (;;) {
        const end = buf.indexOf('\r\n', t);
        if (end < 0) {
          if (buf.length - t > 1024) {
            throw new Framing(400, 'chunk: trailers too long');
          }
          return null;
        }
        if (end === t) {
          return { body: parts.length === 1 ? (parts[0] as Buffer) : Buffer.concat(parts), used: end + 2 };
        }
        t = end + 2;
      }
    }
    size += chunk;
    if (size > maxBody) {
      throw new Framing(413, `body: at most ${maxBody} bytes`);
    }
    const dataEnd = eol + 2 + chunk;
    if (buf.length < dataEnd + 2) {
      return null;
    }
    if (buf[dataEnd] !== 13 || buf[dataEnd + 1] !== 10) {
      throw new Framing(400, 'chunk: data longer than its size');
    }
    parts.push(buf.subarray(eol + 2, dataEnd));
    at = dataEnd + 2;
  }
}

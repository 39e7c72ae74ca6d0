import { lookup as dnsLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction, Socket } from 'node:net';
import { type AddressClass, classifyAddress, classifyHostname, isIpLiteral } from './outbound-address.ts';

/**
 * The one way the server calls out (Web Push today; webhooks and provider adapters later): public
 * https hosts only. The address check runs inside the connection's own DNS lookup, so the address
 * connected to is the address checked (no DNS rebinding between check and connect). Redirects are
 * never followed, and every call has a connect and a total time limit and a response size cap.
 */

export type OutboundRefusal = AddressClass | 'url' | 'scheme' | 'name' | 'unresolved';

const REASONS: Record<OutboundRefusal, string> = {
  url: 'is not a valid URL without credentials',
  scheme: 'is not an https URL',
  name: 'names a host of a local network',
  unresolved: 'has a host name that does not resolve',
  loopback: 'points at this machine (loopback)',
  unspecified: 'points at an unspecified address',
  private: 'points at a private network address',
  shared: 'points at a carrier-grade NAT address',
  'link-local': 'points at a link-local address',
  metadata: 'points at a cloud metadata service',
  'unique-local': 'points at a unique-local IPv6 address',
  multicast: 'points at a multicast address',
  broadcast: 'points at the broadcast address',
  documentation: 'points at a documentation address',
  reserved: 'points at a reserved address',
};

/** The destination may not be called; callers answer 400 naming their field, or drop the target. */
export class OutboundRefused extends Error {
  constructor(
    readonly reason: OutboundRefusal,
    readonly url: string,
  ) {
    super(`must be a public https address: it ${REASONS[reason]}`);
    this.name = 'OutboundRefused';
  }
}

/** The call was allowed but did not complete: worth another try later. */
export class OutboundFailed extends Error {
  constructor(
    readonly reason: 'timeout' | 'too-large' | 'network',
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'OutboundFailed';
  }
}

export type ResolvedAddress = { address: string; family: number };
export type Resolver = (hostname: string) => Promise<readonly ResolvedAddress[]>;
export type OutboundRequest = {
  method?: string;
  headers?: Record<string, string>;
  body?: Buffer | Uint8Array | string;
  /** The whole call, connect to last byte. */
  timeoutMs?: number;
  connectTimeoutMs?: number;
  maxResponseBytes?: number;
};
export type OutboundResponse = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };
export type Outbound = {
  /** Validates a URL before it is stored: throws OutboundRefused unless it may be called. */
  check: (url: string) => Promise<void>;
  /** One call, no redirect followed (a 3xx is answered as it is). */
  request: (url: string, req?: OutboundRequest) => Promise<OutboundResponse>;
  close: () => void;
};
export type OutboundOptions = {
  /**
   * Tests only: origins of local services (http or https on a loopback IP literal, exact port)
   * that may be called although they are loopback. Never filled from configuration or a request.
   */
  allowLoopbackOrigins?: readonly string[];
  /** DNS resolution; tests inject answers. Default: the system resolver (getaddrinfo). */
  resolve?: Resolver;
  timeoutMs?: number;
  connectTimeoutMs?: number;
  maxResponseBytes?: number;
};

const DEFAULTS = { timeoutMs: 5000, connectTimeoutMs: 3000, maxResponseBytes: 1024 * 1024 };
const systemResolve: Resolver = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

/** The origins tests may open, each checked to be a loopback IP literal. */
function loopbackOrigins(origins: readonly string[]): Set<string> {
  return new Set(
    origins.map((o) => {
      const url = new URL(o);
      if (!isIpLiteral(url.hostname) || classifyAddress(url.hostname) !== 'loopback' || !/^https?:$/.test(url.protocol)) {
        throw new Error(`allowLoopbackOrigins takes only loopback IP origins, not ${o}`);
      }
      return url.origin;
    }),
  );
}

/** What can be told without DNS: answers the URL, and whether it is one of a test's loopback origins. */
function inspect(raw: string, allowed: ReadonlySet<string>): { url: URL; local: boolean } {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new OutboundRefused('url', raw);
  }
  if (url.username || url.password) {
    throw new OutboundRefused('url', raw);
  }
  if (allowed.has(url.origin)) {
    return { url, local: true };
  }
  if (url.protocol !== 'https:') {
    throw new OutboundRefused('scheme', raw);
  }
  const refused = isIpLiteral(url.hostname) ? classifyAddress(url.hostname) : classifyHostname(url.hostname);
  if (refused) {
    throw new OutboundRefused(refused, raw);
  }
  return { url, local: false };
}

export function createOutbound(opts: OutboundOptions = {}): Outbound {
  const resolve = opts.resolve ?? systemResolve;
  const allowed = loopbackOrigins(opts.allowLoopbackOrigins ?? []);
  const agents = { https: new https.Agent({ keepAlive: true }), http: new http.Agent({ keepAlive: true }) };
  const { timeoutMs, connectTimeoutMs, maxResponseBytes } = opts;
  const limits = { ...DEFAULTS, ...stripUndefined({ timeoutMs, connectTimeoutMs, maxResponseBytes }) };

  /** Every answer must be public: one private answer among public ones is a rebinding attempt. */
  const resolvePublic = async (hostname: string, raw: string): Promise<readonly ResolvedAddress[]> => {
    const answers = await resolve(hostname);
    if (!answers.length) {
      throw new OutboundRefused('unresolved', raw);
    }
    for (const a of answers) {
      const refused = classifyAddress(a.address);
      if (refused) {
        throw new OutboundRefused(refused, raw);
      }
    }
    return answers;
  };

  /** net.connect's lookup: the addresses it connects to are the ones just checked. */
  const guardedLookup =
    (raw: string): LookupFunction =>
    (hostname, options, callback) => {
      resolvePublic(hostname, raw).then(
        (answers) => {
          const family = options.family === 4 || options.family === 6 ? options.family : undefined;
          const usable = answers.filter((a) => !family || a.family === family);
          const first = usable[0];
          if (options.all) {
            (callback as unknown as (err: null, all: readonly ResolvedAddress[]) => void)(null, usable);
          } else if (first) {
            callback(null, first.address, first.family);
          } else {
            callback(Object.assign(new Error(`no IPv${family} address for ${hostname}`), { code: 'ENOTFOUND' }), '', 0);
          }
        },
        // No answer at send time is a DNS failure worth retrying, not a refusal of the destination.
        (err: NodeJS.ErrnoException) =>
          callback(
            err instanceof OutboundRefused && err.reason === 'unresolved'
              ? Object.assign(new Error(err.message), { code: 'ENOTFOUND' })
              : err,
            '',
            0,
          ),
      );
    };

  return {
    async check(raw) {
      const { url, local } = inspect(raw, allowed);
      if (!local && !isIpLiteral(url.hostname)) {
        await resolvePublic(url.hostname, raw).catch((err: unknown) => {
          throw err instanceof OutboundRefused ? err : new OutboundRefused('unresolved', raw);
        });
      }
    },
    async request(raw, req = {}) {
      const { url, local } = inspect(raw, allowed);
      return send(url, local ? {} : { lookup: guardedLookup(raw) }, local, {
        ...limits,
        ...stripUndefined(req),
        agent: url.protocol === 'https:' ? agents.https : agents.http,
      });
    },
    close() {
      agents.https.destroy();
      agents.http.destroy();
    },
  };
}

const stripUndefined = <T extends object>(o: T): Partial<T> =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;

type SendOptions = OutboundRequest & typeof DEFAULTS & { agent: http.Agent };

/** One request over node:http(s), which never follows redirects, under both time limits and the cap. */
function send(url: URL, connect: { lookup?: LookupFunction }, local: boolean, o: SendOptions): Promise<OutboundResponse> {
  return new Promise((resolvePromise, reject) => {
    const body = o.body === undefined ? undefined : Buffer.from(o.body);
    const client = url.protocol === 'https:' ? https : http;
    const req = client.request(url, {
      method: o.method ?? 'GET',
      agent: o.agent,
      ...connect,
      headers: { ...o.headers, ...(body ? { 'content-length': String(body.length) } : {}) },
    });
    let settled = false;
    const fail = (err: Error) => {
      if (!settled) {
        settled = true;
        clearTimeout(total);
        clearTimeout(connecting);
        reject(
          err instanceof OutboundRefused || err instanceof OutboundFailed
            ? err
            : new OutboundFailed('network', err.message, { cause: err }),
        );
      }
      req.destroy();
    };
    const total = setTimeout(() => fail(new OutboundFailed('timeout', `no answer within ${o.timeoutMs} ms`)), o.timeoutMs);
    const connecting = setTimeout(
      () => fail(new OutboundFailed('timeout', `not connected within ${o.connectTimeoutMs} ms`)),
      o.connectTimeoutMs,
    );
    req.on('socket', (socket: Socket) => {
      if (!socket.connecting) {
        clearTimeout(connecting);
        return;
      }
      socket.once('connect', () => {
        // Belt and braces: the peer must be an address the lookup let through.
        const refused = local ? undefined : classifyAddress(socket.remoteAddress ?? '');
        if (refused) {
          fail(new OutboundRefused(refused, url.href));
        }
      });
      socket.once(url.protocol === 'https:' ? 'secureConnect' : 'connect', () => clearTimeout(connecting));
    });
    req.on('error', fail);
    req.on('response', (res) => {
      readCapped(res, o.maxResponseBytes, fail, (body) => {
        if (!settled) {
          settled = true;
          clearTimeout(total);
          clearTimeout(connecting);
          resolvePromise({ status: res.statusCode ?? 0, headers: res.headers, body });
        }
      });
    });
    req.end(body);
  });
}

/** Reads an answer up to the cap; one byte more fails the call instead of filling memory. */
function readCapped(res: http.IncomingMessage, cap: number, fail: (err: Error) => void, done: (body: Buffer) => void): void {
  const chunks: Buffer[] = [];
  let size = 0;
  res.on('data', (chunk: Buffer) => {
    size += chunk.length;
    if (size > cap) {
      fail(new OutboundFailed('too-large', `the answer exceeds ${cap} bytes`));
      return;
    }
    chunks.push(chunk);
  });
  res.on('error', fail);
  res.on('end', () => done(Buffer.concat(chunks)));
}

import { lookup as dnsLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction, Socket } from 'node:net';
import { classifyAddress, isIpLiteral } from './outbound-address.ts';
import { type AddressGate, EMPTY_ALLOW_LIST, judgeUrl, type OutboundAllowList, type OutboundRefusal } from './outbound-allow.ts';

/**
 * The one way the server calls out. Two doors: `request`/`check` for destinations a user typed (Web
 * Push endpoints, webhooks): public https hosts only; `operator.request` for the endpoints the
 * operator configured (ULIP, the SIM provider, the GSP): the same, plus what the operator's allow
 * list (OUTBOUND_ALLOW, lib/outbound-allow.ts) lets in. Which door is a property of the call site,
 * so a user's URL can never ride the allow list. The address check runs inside the connection's own
 * DNS lookup, so the address connected to is the address checked (no DNS rebinding between check
 * and connect). Redirects are never followed, and every call has a connect and a total time limit
 * and a response size cap.
 */

export type { OutboundRefusal } from './outbound-allow.ts';

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

/** Why a destination is refused, in words: "points at this machine (loopback)". */
export const describeRefusal = (reason: OutboundRefusal): string => REASONS[reason];

/** The destination may not be called; callers answer 400 naming their field, or drop the target. */
export class OutboundRefused extends Error {
  constructor(
    readonly reason: OutboundRefusal,
    readonly url: string,
    /** An operator's endpoint: the message says the allow list could let it in. */
    operator = false,
  ) {
    super(`must be a public https address${operator ? ' or allowed by OUTBOUND_ALLOW' : ''}: it ${REASONS[reason]}`);
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
  /** Validates a user-typed URL before it is stored: throws OutboundRefused unless it may be called. */
  check: (url: string) => Promise<void>;
  /** One call to a user-typed URL, no redirect followed (a 3xx is answered as it is). */
  request: (url: string, req?: OutboundRequest) => Promise<OutboundResponse>;
  /** Calls to endpoints the operator configured; only config-driven adapters use this door. */
  operator: OperatorOutbound;
  close: () => void;
};
/**
 * The door for the operator's configured endpoints. Its `kind` keeps the user door (which has a
 * `request` of the same shape) from being handed to an adapter by mistake, and the other way round.
 */
export type OperatorOutbound = {
  kind: 'operator';
  request: (url: string, req?: OutboundRequest) => Promise<OutboundResponse>;
};
export type OutboundOptions = {
  /** OUTBOUND_ALLOW, parsed: what the operator's endpoints may reach beyond public https. */
  operatorAllow?: OutboundAllowList;
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

type Route = { url: URL; gate: AddressGate };

/** What can be told without DNS, and the gate every address the connection resolves must pass. */
function inspect(raw: string, testOrigins: ReadonlySet<string>, list?: OutboundAllowList): Route {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new OutboundRefused('url', raw, Boolean(list));
  }
  if (!list && testOrigins.has(url.origin) && !url.username && !url.password) {
    return { url, gate: () => undefined };
  }
  const verdict = judgeUrl(url, list);
  if (verdict.refused) {
    throw new OutboundRefused(verdict.refused, raw, Boolean(list));
  }
  return { url, gate: verdict.gate };
}

/** Every answer must pass the gate: one private answer among public ones is a rebinding attempt. */
async function resolveChecked(resolve: Resolver, hostname: string, raw: string, gate: AddressGate, operator: boolean) {
  const answers = await resolve(hostname);
  if (!answers.length) {
    throw new OutboundRefused('unresolved', raw, operator);
  }
  for (const a of answers) {
    const refused = gate(a.address);
    if (refused) {
      throw new OutboundRefused(refused, raw, operator);
    }
  }
  return answers;
}

/** net.connect's lookup: the addresses it connects to are the ones just checked. */
const guardedLookup =
  (resolve: Resolver, raw: string, gate: AddressGate, operator: boolean): LookupFunction =>
  (hostname, options, callback) => {
    resolveChecked(resolve, hostname, raw, gate, operator).then(
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

/**
 * The lookup for an operator endpoint that a library connects to with its own HTTP client (the S3
 * SDK's agents): the endpoint is judged as Outbound.operator judges one (OUTBOUND_ALLOW), and every
 * address a connection resolves passes the same gate. Throws OutboundRefused when it never could.
 */
export function operatorLookup(raw: string, list: OutboundAllowList): LookupFunction {
  const { gate } = inspect(raw, new Set(), list);
  return guardedLookup(systemResolve, raw, gate, true);
}

export function createOutbound(opts: OutboundOptions = {}): Outbound {
  const resolve = opts.resolve ?? systemResolve;
  const testOrigins = loopbackOrigins(opts.allowLoopbackOrigins ?? []);
  const operatorList = opts.operatorAllow ?? EMPTY_ALLOW_LIST;
  const agents = { https: new https.Agent({ keepAlive: true }), http: new http.Agent({ keepAlive: true }) };
  const { timeoutMs, connectTimeoutMs, maxResponseBytes } = opts;
  const limits = { ...DEFAULTS, ...stripUndefined({ timeoutMs, connectTimeoutMs, maxResponseBytes }) };

  const call = async (raw: string, req: OutboundRequest, list?: OutboundAllowList) => {
    const { url, gate } = inspect(raw, testOrigins, list);
    return send(url, guardedLookup(resolve, raw, gate, Boolean(list)), gate, Boolean(list), {
      ...limits,
      ...stripUndefined(req),
      agent: url.protocol === 'https:' ? agents.https : agents.http,
    });
  };

  return {
    async check(raw) {
      const { url, gate } = inspect(raw, testOrigins);
      if (!isIpLiteral(url.hostname)) {
        await resolveChecked(resolve, url.hostname, raw, gate, false).catch((err: unknown) => {
          throw err instanceof OutboundRefused ? err : new OutboundRefused('unresolved', raw);
        });
      }
    },
    request: (raw, req = {}) => call(raw, req),
    operator: { kind: 'operator', request: (raw, req = {}) => call(raw, req, operatorList) },
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
function send(url: URL, lookup: LookupFunction, gate: AddressGate, operator: boolean, o: SendOptions): Promise<OutboundResponse> {
  return new Promise((resolvePromise, reject) => {
    const body = o.body === undefined ? undefined : Buffer.from(o.body);
    const client = url.protocol === 'https:' ? https : http;
    const req = client.request(url, {
      method: o.method ?? 'GET',
      agent: o.agent,
      lookup,
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
        const refused = gate(socket.remoteAddress ?? '');
        if (refused) {
          fail(new OutboundRefused(refused, url.href, operator));
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

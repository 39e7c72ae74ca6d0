import { isIPv4 } from 'node:net';
import { type AddressClass, addressBytes, classifyAddress, classifyHostname, inPrefix, isIpLiteral } from './outbound-address.ts';

/**
 * The operator's allow list (OUTBOUND_ALLOW): destinations that the endpoints the operator
 * configures (ULIP_URL, SIM_TRAIL_URL, SIM_CONSENT_URL, EWB_GSP_URL) may reach although they are
 * not public https: a sandbox, an on-premises proxy, a test server. It is read only from the
 * environment and applies only to those calls (Outbound.operator); a URL a user typed (a Web Push
 * endpoint, a webhook) never rides it. Two kinds of entry, comma-separated:
 * - an origin, `http://127.0.0.1:9000` or `https://ulip-proxy.corp.example:8443`: exactly that
 *   scheme, host and port, plain http included, whatever address the host has;
 * - an address or CIDR, `10.20.0.7` or `10.20.0.0/16` or `fd00:1::/64`: https to a host whose
 *   every address lies in the range (checked inside the connection, like every call).
 * Never, whatever the list says: cloud metadata, multicast, broadcast and unspecified addresses.
 */
export type OutboundAllowList = {
  origins: ReadonlySet<string>;
  ranges: readonly { base: Uint8Array; bits: number; text: string }[];
};

/** Why a destination may not be called (shared by the outbound client and the start check). */
export type OutboundRefusal = AddressClass | 'url' | 'scheme' | 'name' | 'unresolved';

/** Why an address the connection resolved may not be reached; undefined when it may. */
export type AddressGate = (address: string) => OutboundRefusal | undefined;

export const EMPTY_ALLOW_LIST: OutboundAllowList = { origins: new Set(), ranges: [] };

const NEVER: ReadonlySet<OutboundRefusal> = new Set(['metadata', 'multicast', 'broadcast', 'unspecified']);
/** Narrower than this a range is a network; wider is a mistake (it would let in every private host). */
const MIN_BITS = { v4: 8, v6: 7 };

/** The list from OUTBOUND_ALLOW, or what is wrong with its first bad entry. */
export function parseOutboundAllow(value: string | undefined): { list: OutboundAllowList } | { problem: string } {
  const entries = (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const origins = new Set<string>();
  const ranges: OutboundAllowList['ranges'][number][] = [];
  for (const entry of entries) {
    const parsed = entry.includes('://') ? parseOrigin(entry) : parseRange(entry);
    if (typeof parsed === 'string') {
      return { problem: `${entry} ${parsed}` };
    }
    if ('origin' in parsed) {
      origins.add(parsed.origin);
    } else {
      ranges.push(parsed);
    }
  }
  return { list: { origins, ranges } };
}

function parseOrigin(entry: string): { origin: string } | string {
  let url: URL;
  try {
    url = new URL(entry);
  } catch {
    return 'is not a valid origin (like http://127.0.0.1:9000)';
  }
  if (!/^https?:$/.test(url.protocol)) {
    return 'must be an http:// or https:// origin';
  }
  if (url.username || url.password || url.search || url.hash || (url.pathname !== '/' && url.pathname !== '')) {
    return 'must be an origin only: scheme, host and port, without a path, query or credentials';
  }
  const never = isIpLiteral(url.hostname) ? classifyAddress(url.hostname) : classifyHostname(url.hostname);
  if (never && NEVER.has(never)) {
    return `points at ${never === 'metadata' ? 'a cloud metadata service' : `a ${never} address`}, which is never called`;
  }
  return { origin: url.origin };
}

function parseRange(entry: string): OutboundAllowList['ranges'][number] | string {
  const [address = '', bitsText, ...rest] = entry.split('/');
  const base = isIpLiteral(address) && !address.startsWith('[') ? addressBytes(address) : undefined;
  const v4 = isIPv4(address);
  const max = v4 ? 32 : 128;
  const bits = bitsText === undefined ? max : /^\d{1,3}$/.test(bitsText) ? Number(bitsText) : Number.NaN;
  if (!base || rest.length || !(bits <= max) || (v4 ? base.length !== 4 : base.length !== 16)) {
    return 'is neither an origin (http://host:port) nor an IP address or CIDR (10.20.0.0/16)';
  }
  if (bits < (v4 ? MIN_BITS.v4 : MIN_BITS.v6)) {
    return `is too wide: a range must be /${v4 ? MIN_BITS.v4 : MIN_BITS.v6} or narrower`;
  }
  return { base, bits, text: entry };
}

const inRanges = (list: OutboundAllowList, address: string): boolean => {
  const bytes = addressBytes(address);
  return Boolean(bytes && list.ranges.some((r) => inPrefix(bytes, r.base, r.bits)));
};

/** Public unicast always; an address in one of the list's ranges unless it is one never called. */
const rangeGate =
  (list: OutboundAllowList): AddressGate =>
  (address) => {
    const refused = classifyAddress(address);
    return refused && (NEVER.has(refused) || !inRanges(list, address)) ? refused : undefined;
  };

/** An origin on the list: any address but those never called. */
const originGate: AddressGate = (address) => {
  const refused = classifyAddress(address);
  return refused && NEVER.has(refused) ? refused : undefined;
};

/** The one rule for a user-typed destination: public unicast only. */
export const publicGate: AddressGate = (address) => classifyAddress(address);

export type Verdict = { refused: OutboundRefusal } | { refused?: undefined; gate: AddressGate };

/**
 * What can be told of a URL before any DNS lookup, and the gate its resolved addresses must pass.
 * Without `list` (a user-typed URL) only public https; with it (an operator's endpoint) also what
 * the list allows.
 */
export function judgeUrl(url: URL, list?: OutboundAllowList): Verdict {
  if (url.username || url.password) {
    return { refused: 'url' };
  }
  if (list?.origins.has(url.origin)) {
    const refused = isIpLiteral(url.hostname) ? originGate(url.hostname) : undefined;
    return refused ? { refused } : { gate: originGate };
  }
  if (url.protocol !== 'https:') {
    return { refused: 'scheme' };
  }
  const gate = list?.ranges.length ? rangeGate(list) : publicGate;
  if (isIpLiteral(url.hostname)) {
    const refused = gate(url.hostname);
    return refused ? { refused } : { gate };
  }
  const byName = classifyHostname(url.hostname);
  // With ranges allowed, an intranet name may resolve: its addresses must still be in a range.
  if (byName && !(gate !== publicGate && (byName === 'name' || byName === 'loopback'))) {
    return { refused: byName };
  }
  return { gate };
}

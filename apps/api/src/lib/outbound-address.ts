import { isIPv4, isIPv6 } from 'node:net';

/**
 * Which addresses and host names an outbound call may reach: public unicast only. Everything the
 * IANA special-purpose registries set aside, and the cloud metadata services, is refused, also in
 * the IPv6 forms that carry an IPv4 address (mapped, compatible, NAT64, 6to4).
 */

export type AddressClass =
  | 'loopback'
  | 'unspecified'
  | 'private'
  | 'shared'
  | 'link-local'
  | 'metadata'
  | 'unique-local'
  | 'multicast'
  | 'broadcast'
  | 'documentation'
  | 'reserved';

type Range = [base: number[], bits: number, cls: AddressClass];

/** Cloud metadata endpoints, some inside ranges refused anyway, named for a clearer log line. */
const METADATA_V4 = ['169.254.169.254', '169.254.170.2', '169.254.169.253', '100.100.100.200', '168.63.129.16'];
const METADATA_V6 = ['fd00:ec2::254', 'fd00:ec2::23'];

// Order matters only where ranges nest: the narrower one comes first.
const V4: Range[] = [
  [[0], 8, 'unspecified'],
  [[10], 8, 'private'],
  [[100, 64], 10, 'shared'],
  [[127], 8, 'loopback'],
  [[169, 254], 16, 'link-local'],
  [[172, 16], 12, 'private'],
  [[192, 0, 0], 24, 'reserved'],
  [[192, 0, 2], 24, 'documentation'],
  [[192, 88, 99], 24, 'reserved'],
  [[192, 168], 16, 'private'],
  [[198, 18], 15, 'reserved'],
  [[198, 51, 100], 24, 'documentation'],
  [[203, 0, 113], 24, 'documentation'],
  [[224], 4, 'multicast'],
  [[255, 255, 255, 255], 32, 'broadcast'],
  [[240], 4, 'reserved'],
];

const V6: Range[] = [
  [[0x01, 0x00], 64, 'reserved'], // 100::/64 discard
  [[0x20, 0x01, 0x0d, 0xb8], 32, 'documentation'],
  [[0x3f, 0xff], 20, 'documentation'],
  [[0x20, 0x01], 23, 'reserved'], // IETF protocol assignments, Teredo among them
  [[0xfc], 7, 'unique-local'],
  [[0xfe, 0x80], 10, 'link-local'],
  [[0xfe, 0xc0], 10, 'private'], // deprecated site-local
  [[0xff], 8, 'multicast'],
];

const inRange = (bytes: Uint8Array, [base, bits]: Range): boolean => {
  for (let i = 0; i * 8 < bits; i++) {
    const mask = bits - i * 8 >= 8 ? 0xff : (0xff << (8 - (bits - i * 8))) & 0xff;
    if (((bytes[i] ?? 0) & mask) !== ((base[i] ?? 0) & mask)) {
      return false;
    }
  }
  return true;
};

const v4Bytes = (ip: string): Uint8Array => Uint8Array.from(ip.split('.').map(Number));

/**
 * An address as the bytes ranges are compared on: 4 for IPv4, 16 for IPv6, an IPv6 that carries an
 * IPv4 address (mapped, ::ffff:a.b.c.d) as that IPv4 address. Undefined for anything else.
 */
export function addressBytes(address: string): Uint8Array | undefined {
  const ip = address.replace(/^\[|\]$/g, '');
  if (isIPv4(ip)) {
    return v4Bytes(ip);
  }
  const bare = ip.split('%')[0] ?? '';
  if (!isIPv6(bare)) {
    return undefined;
  }
  const bytes = v6Bytes(bare);
  const mapped = bytes.subarray(0, 10).every((b) => b === 0) && bytes[10] === 0xff && bytes[11] === 0xff;
  return mapped ? bytes.slice(12) : bytes;
}

/** Whether `bytes` lies in the range of `base` and `bits` (both of one family). */
export const inPrefix = (bytes: Uint8Array, base: Uint8Array, bits: number): boolean =>
  bytes.length === base.length && inRange(bytes, [[...base], bits, 'reserved']);

/** The 16 bytes of a valid IPv6 text (a zone id, if any, already removed). */
function v6Bytes(ip: string): Uint8Array {
  let text = ip;
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted?.[1]) {
    const [a = 0, b = 0, c = 0, d = 0] = v4Bytes(dotted[1]);
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const groups = (s: string) => (s ? s.split(':').map((g) => Number.parseInt(g, 16)) : []);
  const left = groups(head);
  const right = tail === undefined ? [] : groups(tail);
  const all = [...left, ...new Array<number>(8 - left.length - right.length).fill(0), ...right];
  return Uint8Array.from(all.flatMap((g) => [g >> 8, g & 0xff]));
}

function classifyV4(bytes: Uint8Array): AddressClass | undefined {
  if (METADATA_V4.includes(bytes.join('.'))) {
    return 'metadata';
  }
  return V4.find((r) => inRange(bytes, r))?.[2];
}

function classifyV6(bytes: Uint8Array): AddressClass | undefined {
  const zeros = (from: number, to: number) => bytes.subarray(from, to).every((b) => b === 0);
  const v4At = (offset: number) => bytes.slice(offset, offset + 4);
  if (zeros(0, 16)) {
    return 'unspecified';
  }
  if (zeros(0, 15) && bytes[15] === 1) {
    return 'loopback';
  }
  if (METADATA_V6.some((m) => v6Bytes(m).every((b, i) => b === bytes[i]))) {
    return 'metadata';
  }
  // ::ffff:a.b.c.d (mapped) reaches the IPv4 host itself; 64:ff9b::/96 (NAT64) and 2002::/16
  // (6to4) reach it through a translator. All three are as public as the address they carry.
  const mapped = zeros(0, 10) && bytes[10] === 0xff && bytes[11] === 0xff;
  const nat64 = inRange(bytes, [[0, 0x64, 0xff, 0x9b], 96, 'reserved']);
  if (mapped || nat64) {
    return classifyV4(v4At(12));
  }
  if (inRange(bytes, [[0x20, 0x02], 16, 'reserved'])) {
    return classifyV4(v4At(2));
  }
  // ::a.b.c.d (compatible, deprecated) and ::ffff:0:a.b.c.d (SIIT): never a real host's address.
  if (zeros(0, 12) || (zeros(0, 8) && bytes[8] === 0xff && bytes[9] === 0xff && zeros(10, 12))) {
    return classifyV4(v4At(12)) ?? 'reserved';
  }
  const special = V6.find((r) => inRange(bytes, r))?.[2];
  if (special) {
    return special;
  }
  // Only 2000::/3 is global unicast; 64:ff9b:1::/48 (local NAT64) and the rest are not.
  return (bytes[0] ?? 0) >> 5 === 1 ? undefined : 'reserved';
}

/** Why an IP address may not be called, or undefined when it is public unicast. */
export function classifyAddress(address: string): AddressClass | undefined {
  const ip = address.replace(/^\[|\]$/g, '');
  if (isIPv4(ip)) {
    return classifyV4(v4Bytes(ip));
  }
  const bare = ip.split('%')[0] ?? '';
  if (isIPv6(bare)) {
    return classifyV6(v6Bytes(bare));
  }
  return 'reserved';
}

export const isIpLiteral = (host: string): boolean => {
  const ip = host.replace(/^\[|\]$/g, '');
  return isIPv4(ip) || isIPv6(ip.split('%')[0] ?? '');
};

const METADATA_NAMES = new Set([
  'metadata',
  'metadata.google.internal',
  'metadata.goog',
  'instance-data',
  'instance-data.ec2.internal',
  'metadata.tencentyun.com',
  'metadata.platformequinix.com',
  'metadata.packet.net',
]);
/** Suffixes that only ever name hosts of this machine or its own network (RFC 6761, 6762, 8375). */
const LOCAL_SUFFIXES = ['.internal', '.local', '.localdomain', '.home.arpa', '.lan', '.intranet', '.corp'];

/** Why a host name may not be called before any lookup, or undefined when it may be resolved. */
export function classifyHostname(hostname: string): AddressClass | 'name' | undefined {
  const name = hostname.toLowerCase().replace(/\.$/, '');
  if (name === 'localhost' || name.endsWith('.localhost')) {
    return 'loopback';
  }
  if (METADATA_NAMES.has(name)) {
    return 'metadata';
  }
  // A single label is completed by the resolver's search domains: an intranet name.
  if (!name.includes('.') || LOCAL_SUFFIXES.some((s) => name.endsWith(s))) {
    return 'name';
  }
  return undefined;
}

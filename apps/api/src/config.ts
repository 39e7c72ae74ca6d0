import { createECDH } from 'node:crypto';
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { API_KEY_CALLS_PER_MINUTE } from '@freightdesk/shared/api-scopes';
import { POSITION_RETENTION_DAYS } from '@freightdesk/shared/constants';
import {
  endpointProblem,
  ewayBillEnv,
  ewayBillGsp,
  ewayBillProblem,
  outboundAllow,
  outboundEnv,
  simConfig,
  trackingProviderEnv,
  trackingProviderProblem,
  ulipConfig,
} from './config-providers.ts';
import { type FileStoreConfig, fileStoreConfig, storageEnv, storageProblem } from './config-storage.ts';
import { type TrackingTrust, trackingTrust, trackingTrustEnv } from './config-tracking.ts';
import type { OutboundAllowList } from './lib/outbound-allow.ts';
import type { GspConfig } from './modules/eway-bills/eway-bill-provider.ts';
import type { SimConfig } from './modules/tracking/providers/sim.ts';
import type { UlipConfig } from './modules/tracking/providers/ulip.ts';

const envSchema = z.object({
  PORT: z.coerce.number().int().min(1).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  DATA_DIR: z.string().default('./data'),
  DEMO_DATA: z.enum(['0', '1', 'accounts']).optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
    .optional(),
  REDIS_KEY_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_.:-]{1,64}$/, 'must be 1 to 64 letters, digits, dots, colons, dashes or underscores')
    .default('freightdesk'),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().default('Freightdesk <no-reply@freightdesk.local>'),
  PUBLIC_URL: z.url('must be a URL like https://freight.example.com').optional(),
  SESSION_TTL_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 90)
    .default(12),
  /** Calls one API key may make per minute on one API process (issue 34; 429 with Retry-After past it). */
  API_KEY_CALLS_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(API_KEY_CALLS_PER_MINUTE),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  /** 1: serve the web app's source maps (debugging a production build); by default they answer 404. */
  SERVE_SOURCE_MAPS: z.enum(['0', '1']).default('0'),
  TRUST_PROXY: z
    .string()
    .default('0')
    .refine(
      (s) => trustedProxies(s) !== undefined,
      'must be 0, 1 (loopback proxies) or a comma-separated list of proxy addresses or CIDRs',
    ),
  MAP_TILE_URL: z
    .string()
    .regex(/\{z\}.*\{x\}.*\{y\}/, 'must be a tile URL template with {z}, {x} and {y}')
    .default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
  MAP_TILE_ATTRIBUTION: z.string().default('&copy; OpenStreetMap contributors'),
  VAPID_PUBLIC_KEY: z
    .string()
    .refine((s) => keyBytes(s)?.length === 65 && keyBytes(s)?.[0] === 4, 'must be a P-256 public key: 65 bytes in base64url')
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .refine((s) => keyBytes(s)?.length === 32, 'must be a P-256 private key: 32 bytes in base64url')
    .optional(),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:[^@\s]+@[^@\s]+|https:\/\/\S+)$/, 'must be a mailto: address or an https:// URL')
    .optional(),
  ...ewayBillEnv,
  ...trackingProviderEnv,
  ...outboundEnv,
  ...storageEnv,
  /** The OsmAnd port for phones and GPS devices (Traccar's 5055); 0 turns it off. */
  TRACKING_PORT: z.coerce.number().int().min(0).max(65535).default(5055),
  /** The shared secret a Traccar server sends with its position forwarding; unset: forwarding is refused. */
  TRACCAR_FORWARD_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  /** Prometheus's bearer token for /metrics; unset: no metrics route. */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  /** Days positions are kept (whole weekly partitions are dropped on PostgreSQL). */
  TRACKING_RETENTION_DAYS: z.coerce.number().int().min(7).max(3650).default(POSITION_RETENTION_DAYS),
  ...trackingTrustEnv,
  /** true: DATA_DIR/files is one folder every API node mounts (NFS …), so several nodes may run on it (issue 36). */
  FILE_STORE_SHARED: z.enum(['true', 'false']).default('false'),
  /** How long a SIGTERM waits for calls and jobs in flight before it cuts them (issue 36). */
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(600_000).default(20_000),
});

export type Config = {
  port: number;
  host: string;
  databaseUrl?: string;
  dataDir: string;
  /** Where uploaded files live: `<DATA_DIR>/files`, or an S3-compatible bucket (config-storage.ts). */
  fileStore: FileStoreConfig;
  demoData: boolean | undefined;
  /** With the demo data, also the sample freight (requests, bids, orders); off for DEMO_DATA=accounts. */
  demoFreight: boolean;
  redisUrl?: string;
  /** The bearer token Prometheus sends to `/metrics` (METRICS_TOKEN); unset: no metrics route. */
  metricsToken?: string;
  /** The Redis channels' prefix: installations sharing one Redis each set their own, so their live events never cross. */
  redisKeyPrefix: string;
  smtpUrl?: string;
  mailFrom: string;
  publicUrl?: string;
  sessionTtlHours: number;
  /** API_KEY_CALLS_PER_MINUTE: each API key's budget per minute on this process. */
  apiKeyCallsPerMinute: number;
  logLevel: string;
  webDist?: string;
  /** Serve the web app's `.map` files (SERVE_SOURCE_MAPS=1). */
  serveSourceMaps: boolean;
  /** Proxies whose X-Forwarded-For / -Proto are believed (Fastify's trustProxy); false: none. */
  trustProxy: false | string[];
  mapTileUrl: string;
  mapTileAttribution: string;
  /** VAPID key pair from the environment; without it the API generates one and keeps it in system_keys. */
  vapid?: { publicKey: string; privateKey: string };
  /** The VAPID `sub` claim: who push services may contact about this sender. */
  vapidSubject: string;
  /** The e-way bill GSP; without it the built-in simulator answers. */
  ewayBillGsp?: GspConfig;
  /** OUTBOUND_ALLOW: what the operator's configured endpoints may reach beyond public https. */
  outboundAllow: OutboundAllowList;
  /** The OsmAnd ingest port; 0: off. */
  trackingPort: number;
  traccarForwardSecret?: string;
  trackingRetentionDays: number;
  /** What phones are told to report to, the position filters and the port's limit per source. */
  tracking: TrackingTrust;
  /** ULIP (FASTag, FOIS); without it the built-in simulator answers. */
  ulip?: UlipConfig;
  /** FILE_STORE_SHARED: the local file folder is shared by every API node. */
  fileStoreShared: boolean;
  /** SHUTDOWN_GRACE_MS: a SIGTERM's wait for calls and jobs in flight. */
  shutdownGraceMs: number;
  /** Telenity SmartTrail (phone-SIM); without it the built-in simulator answers. */
  sim?: SimConfig;
};

export class ConfigError extends Error {}

/** Reads and checks the environment; a bad variable stops the start with a message naming it. */
/** Every environment variable the start reads (the README's configuration table names each one). */
export const ENV_VARIABLES = Object.keys(envSchema.shape);

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid environment:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const allow = outboundAllow(e);
  const problem =
    checkVapidPair(e.VAPID_PUBLIC_KEY, e.VAPID_PRIVATE_KEY) ??
    ewayBillProblem(e) ??
    trackingProviderProblem(e) ??
    storageProblem(e) ??
    endpointProblem(e, allow);
  if (problem) {
    throw new ConfigError(`Invalid environment:\n  ${problem}`);
  }
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir: path.resolve(e.DATA_DIR),
    fileStore: fileStoreConfig(e),
    demoData: e.DEMO_DATA === undefined ? undefined : e.DEMO_DATA !== '0',
    demoFreight: e.DEMO_DATA !== 'accounts',
    redisUrl: e.REDIS_URL,
    metricsToken: e.METRICS_TOKEN,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    publicUrl: e.PUBLIC_URL,
    sessionTtlHours: e.SESSION_TTL_HOURS,
    apiKeyCallsPerMinute: e.API_KEY_CALLS_PER_MINUTE,
    logLevel: e.LOG_LEVEL,
    webDist: e.WEB_DIST,
    serveSourceMaps: e.SERVE_SOURCE_MAPS === '1',
    trustProxy: trustedProxies(e.TRUST_PROXY) ?? false,
    mapTileUrl: e.MAP_TILE_URL,
    mapTileAttribution: e.MAP_TILE_ATTRIBUTION,
    vapid: e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY } : undefined,
    vapidSubject: e.VAPID_SUBJECT ?? `mailto:${/<([^>]+)>/.exec(e.MAIL_FROM)?.[1] ?? e.MAIL_FROM.trim()}`,
    ewayBillGsp: ewayBillGsp(e),
    outboundAllow: allow,
    trackingPort: e.TRACKING_PORT,
    traccarForwardSecret: e.TRACCAR_FORWARD_SECRET,
    trackingRetentionDays: e.TRACKING_RETENTION_DAYS,
    tracking: trackingTrust(e),
    ulip: ulipConfig(e),
    sim: simConfig(e),
    fileStoreShared: e.FILE_STORE_SHARED === 'true',
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
  };
}

/** The base of every mailed link: PUBLIC_URL, never the request's Host (which a client forges). */
export function linkBaseUrl(config: Pick<Config, 'publicUrl' | 'port'>): string {
  return (config.publicUrl ?? `http://localhost:${config.port}`).replace(/\/$/, '');
}

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * TRUST_PROXY as Fastify's trustProxy list: `0` none, `1` loopback proxies (as before), else
 * addresses, CIDRs or proxy-addr's names. Undefined when an entry is not one of those.
 */
function trustedProxies(value: string): false | string[] | undefined {
  if (value === '0') {
    return false;
  }
  if (value === '1') {
    return ['loopback'];
  }
  const entries = value.split(',').map((s) => s.trim());
  return entries.every(isProxyEntry) ? entries : undefined;
}

function isProxyEntry(entry: string): boolean {
  if (PROXY_NAMES.has(entry)) {
    return true;
  }
  const [address = '', bits, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) {
    return false;
  }
  return bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128));
}

function keyBytes(s: string): Buffer | undefined {
  return /^[A-Za-z0-9_-]+$/.test(s) ? Buffer.from(s, 'base64url') : undefined;
}

/** Both VAPID keys or neither, and the public key must be the private key's. */
function checkVapidPair(publicKey?: string, privateKey?: string): string | undefined {
  if (!publicKey && !privateKey) {
    return undefined;
  }
  if (!publicKey || !privateKey) {
    return publicKey
      ? 'VAPID_PRIVATE_KEY: must be set together with VAPID_PUBLIC_KEY'
      : 'VAPID_PUBLIC_KEY: must be set together with VAPID_PRIVATE_KEY';
  }
  try {
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(Buffer.from(privateKey, 'base64url'));
    if (ecdh.getPublicKey('base64url') === Buffer.from(publicKey, 'base64url').toString('base64url')) {
      return undefined;
    }
  } catch {
    // An invalid private key answers the same as a mismatched pair.
  }
  return 'VAPID_PUBLIC_KEY: is not the public key of VAPID_PRIVATE_KEY';
}

import { createECDH } from 'node:crypto';
import path from 'node:path';
import { z } from 'zod';

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
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  TRUST_PROXY: z.enum(['0', '1']).default('0'),
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
});

export type Config = {
  port: number;
  host: string;
  databaseUrl?: string;
  dataDir: string;
  demoData: boolean | undefined;
  /** With the demo data, also the sample freight (requests, bids, orders); off for DEMO_DATA=accounts. */
  demoFreight: boolean;
  redisUrl?: string;
  smtpUrl?: string;
  mailFrom: string;
  publicUrl?: string;
  sessionTtlHours: number;
  logLevel: string;
  webDist?: string;
  trustProxy: boolean;
  mapTileUrl: string;
  mapTileAttribution: string;
  /** VAPID key pair from the environment; without it the API generates one and keeps it in system_keys. */
  vapid?: { publicKey: string; privateKey: string };
  /** The VAPID `sub` claim: who push services may contact about this sender. */
  vapidSubject: string;
};

export class ConfigError extends Error {}

/** Reads and checks the environment; a bad variable stops the start with a message naming it. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid environment:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const vapidProblem = checkVapidPair(e.VAPID_PUBLIC_KEY, e.VAPID_PRIVATE_KEY);
  if (vapidProblem) {
    throw new ConfigError(`Invalid environment:\n  ${vapidProblem}`);
  }
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir: path.resolve(e.DATA_DIR),
    demoData: e.DEMO_DATA === undefined ? undefined : e.DEMO_DATA !== '0',
    demoFreight: e.DEMO_DATA !== 'accounts',
    redisUrl: e.REDIS_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    publicUrl: e.PUBLIC_URL,
    sessionTtlHours: e.SESSION_TTL_HOURS,
    logLevel: e.LOG_LEVEL,
    webDist: e.WEB_DIST,
    trustProxy: e.TRUST_PROXY === '1',
    mapTileUrl: e.MAP_TILE_URL,
    mapTileAttribution: e.MAP_TILE_ATTRIBUTION,
    vapid: e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY } : undefined,
    vapidSubject: e.VAPID_SUBJECT ?? `mailto:${/<([^>]+)>/.exec(e.MAIL_FROM)?.[1] ?? e.MAIL_FROM.trim()}`,
  };
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

import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, pgTable, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { carriers, industries } from './tenancy.ts';

/**
 * A company's API keys (issue 34): sent as `X-API-Key`, stored only as the SHA-256 of the key
 * (lib/tokens.ts hashToken); `prefix` is what people see of it. The company is a shipper
 * (industryId) or a carrier (carrierId), exactly one. The key acts as its creator's company with
 * the permissions its scopes grant (packages/shared/src/api-scopes.ts).
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: serial('id').primaryKey(),
    industryId: integer('industry_id').references(() => industries.id),
    carrierId: integer('carrier_id').references(() => carriers.id),
    name: text('name').notNull(),
    keyHash: text('key_hash').notNull(),
    /** `fdk_` and the key's first 6 characters after it: enough to tell keys apart in a list. */
    prefix: text('prefix').notNull(),
    scopes: text('scopes').array().notNull(),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Written with the audit batch (lib/api-key-calls.ts), at most a second late. */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    lastUsedAddress: text('last_used_address'),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedBy: integer('revoked_by').references(() => users.id),
  },
  (t) => [
    uniqueIndex('api_keys_hash').on(t.keyHash),
    index('api_keys_industry').on(t.industryId),
    index('api_keys_carrier').on(t.carrierId),
    check('api_keys_one_company', sql`(${t.industryId} is null) <> (${t.carrierId} is null)`),
  ],
);

/** Every call an API key made: what its owner reads in the Developers page. Kept 90 days. */
export const apiKeyCalls = pgTable(
  'api_key_calls',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    apiKeyId: integer('api_key_id')
      .notNull()
      .references(() => apiKeys.id, { onDelete: 'cascade' }),
    method: text('method').notNull(),
    /** The path called, without its query string. */
    path: text('path').notNull(),
    status: smallint('status').notNull(),
    address: text('address').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    durationMs: integer('duration_ms').notNull(),
  },
  (t) => [index('api_key_calls_key_id').on(t.apiKeyId, t.id), index('api_key_calls_at').on(t.at)],
);

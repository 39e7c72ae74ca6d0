import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { carriers, industries, roles, statusColumn } from './tenancy.ts';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    userType: integer('user_type').notNull(),
    name: text('name').notNull(),
    /** Stored lower-case. */
    email: text('email').notNull(),
    mobile: text('mobile'),
    passwordHash: text('password_hash'),
    industryId: integer('industry_id').references(() => industries.id),
    carrierId: integer('carrier_id').references(() => carriers.id),
    roleId: integer('role_id').references(() => roles.id),
    profilePicture: text('profile_picture'),
    status: statusColumn(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email').on(t.email),
    uniqueIndex('users_mobile').on(t.mobile),
    check('users_type_valid', sql`${t.userType} between 1 and 4`),
    check(
      'users_tenant_matches_type',
      sql`(${t.userType} = 1 and ${t.industryId} is null and ${t.carrierId} is null)
        or (${t.userType} = 2 and ${t.carrierId} is not null)
        or (${t.userType} in (3, 4) and ${t.industryId} is not null)`,
    ),
  ],
);

/** Opaque bearer sessions; only the SHA-256 of the token is stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [uniqueIndex('sessions_token_hash').on(t.tokenHash), index('sessions_user').on(t.userId)],
);

export const passwordResets = pgTable(
  'password_resets',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('password_resets_token_hash').on(t.tokenHash)],
);

/** Failed-login counters per key (`ip:…` or `account:…`) in a fixed window. */
export const loginThrottle = pgTable('login_throttle', {
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  failures: integer('failures').notNull().default(0),
});

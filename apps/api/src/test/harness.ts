import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, expect } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { type Database, type Db, openPglite, openPostgres } from '../db/client.ts';
import { DEMO_PASSWORD } from '../db/seed/demo.ts';
import type { Mail, Mailer } from '../lib/mail.ts';
import type { Outbound } from '../lib/outbound.ts';
import type { AnswerMismatch } from '../openapi/answers.ts';
import { migrateAndSeed, withPatientDb } from './seed-database.ts';

/** Which database the API suite runs on: PGlite by default, PostgreSQL with TEST_DB=postgres. */
export const TEST_DB_KIND = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';

/**
 * Redis for the tests that span API processes. The PostgreSQL pass is the CI run: there a missing
 * Redis fails those tests instead of skipping them; the PGlite pass (a laptop without services)
 * skips them.
 */
export function testRedisUrl(): string | undefined {
  const url = process.env.TEST_REDIS_URL;
  if (!url && TEST_DB_KIND === 'postgres') {
    throw new Error('TEST_REDIS_URL is not set: the PostgreSQL pass needs Redis (.ci/run starts it)');
  }
  return url;
}
/**
 * This test file's Redis key prefix: the files of a run go side by side on one Redis, and each
 * file's users and requests have the same ids as the next file's, so without their own prefix one
 * file's sockets would receive another's events.
 */
export const TEST_REDIS_KEY_PREFIX = `fd-test-${randomBytes(5).toString('hex')}`;

/** The environment of an API (in this process or a child) on the run's Redis, when it has one. */
export function testRedisEnv(): { REDIS_URL?: string; REDIS_KEY_PREFIX?: string } {
  const url = testRedisUrl();
  return url ? { REDIS_URL: url, REDIS_KEY_PREFIX: TEST_REDIS_KEY_PREFIX } : {};
}

/** Do the Redis tests run in this pass (always on PostgreSQL, where a missing Redis fails them)? */
export const REDIS_TESTS = TEST_DB_KIND === 'postgres' || Boolean(process.env.TEST_REDIS_URL);

/**
 * A new database: PGlite in memory, or a fresh PostgreSQL database dropped afterwards. Both start
 * from the suite's migrated and seeded copy when global-setup.ts made one (`seeded`): PGlite from
 * its saved data directory, PostgreSQL as a copy of its template database (a copy takes about a
 * tenth of the second that migrating and seeding take).
 */
export async function createTestDatabase(): Promise<{ database: Database; url?: string; seeded?: boolean; drop: () => Promise<void> }> {
  if (TEST_DB_KIND === 'pglite') {
    const snapshot = process.env.PGLITE_SNAPSHOT;
    const database = await openPglite('memory://', snapshot ? new Blob([readFileSync(snapshot)]) : undefined);
    return { database, seeded: Boolean(snapshot), drop: () => database.close() };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  }
  const name = `fd_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const template = process.env.PG_TEMPLATE_DB;
  await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openPostgres(url.toString());
  return {
    database,
    url: url.toString(),
    seeded: Boolean(template),
    drop: async () => {
      await database.close();
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export type TestContext = {
  app: FastifyInstance;
  database: Database;
  mails: Mail[];
  /** Logs in a demo user (or any user) and returns the bearer token. */
  login: (email: string, password?: string) => Promise<string>;
  /** Authorization header for a token. */
  as: (token: string) => { authorization: string };
  /** Runs a test's own bulk seeding without the app's statement timeout (see withPatientDb). */
  seed: <T>(write: (db: Db) => Promise<T>) => Promise<T>;
};

/**
 * Builds the app on a new migrated database with the demo data, once per test file. `outbound`
 * is called when the app is built (after the file's earlier beforeAll hooks): a test that calls a
 * local service (a push service on 127.0.0.1) opts in to that origin explicitly through it. `env`
 * (called then too) adds environment variables read the production way (env → config → adapters):
 * a test of the real provider adapters points ULIP_URL or EWB_GSP_URL at its own server with it,
 * and the outbound client is then the one the configuration builds.
 */
export function useTestApp(opts: { outbound?: () => Outbound; env?: () => Record<string, string> } = {}): TestContext {
  const ctx = { mails: [] as Mail[] } as TestContext;
  const answerMismatches: AnswerMismatch[] = [];
  let drop: (() => Promise<void>) | undefined;
  let dataDir: string | undefined;
  beforeAll(async () => {
    const created = await createTestDatabase();
    drop = created.drop;
    if (!created.seeded) {
      await migrateAndSeed(created);
    }
    const mailer: Mailer = {
      send: async (mail) => {
        ctx.mails.push(mail);
      },
    };
    // Uploaded files go to a folder of this test file's own, removed afterwards.
    dataDir = mkdtempSync(path.join(tmpdir(), 'freightdesk-test-'));
    const config = loadConfig({ LOG_LEVEL: 'silent', PUBLIC_URL: 'http://freightdesk.test', DATA_DIR: dataDir, ...opts.env?.() });
    ctx.database = created.database;
    ctx.seed = (write) => withPatientDb(created, write);
    // Every answer of a route with a declared 200 schema is checked against it (openapi/answers.ts):
    // a mismatch is a 500 to the call, and the file fails afterwards even if the test did not look.
    const checkAnswers = (problem: AnswerMismatch) => answerMismatches.push(problem);
    ctx.app = await buildApp({ database: created.database, config, mailer, outbound: opts.outbound?.(), logger: false, checkAnswers });
    await ctx.app.ready();
    ctx.login = async (email, password = DEMO_PASSWORD) => {
      let res = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { login: email, password } });
      // A sign-in during a test's setup, on a busy CI machine, may meet the database's 503 (a
      // connection the app judged dead): as a browser would, it tries again after a moment.
      for (let retry = 0; res.statusCode === 503 && retry < 3; retry++) {
        await new Promise((r) => setTimeout(r, 500));
        res = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { login: email, password } });
      }
      if (res.statusCode !== 200) {
        throw new Error(`login ${email} failed: ${res.statusCode} ${res.body}`);
      }
      return res.json().data.token as string;
    };
    ctx.as = (token) => ({ authorization: `Bearer ${token}` });
  });
  afterAll(async () => {
    await ctx.app?.close();
    await drop?.();
    if (dataDir) {
      rmSync(dataDir, { recursive: true, force: true });
    }
    expect(answerMismatches, 'answers that do not match their declared schema').toEqual([]);
  });
  return ctx;
}

import { inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import { isDatabaseUnavailable } from '../lib/errors.ts';
import { ensureGeography } from '../modules/geography/geography.service.ts';
import { type Database, openPglite, openPostgres } from './client.ts';
import { users } from './schema/auth.ts';
import { DEMO_LOGINS, DEMO_PASSWORD, hasUsers, seedDemo } from './seed/demo.ts';
import { seedDemoContracts } from './seed/demo-contracts.ts';
import { DEMO_CARRIER_2, seedDemoFreight } from './seed/demo-freight.ts';
import { seedDemoInbound } from './seed/demo-inbound.ts';
import { seedDemoTracking } from './seed/demo-tracking.ts';
import { seedDemoMoney } from './seed/demo-money.ts';
import { openStorage } from '../lib/storage-open.ts';
import { ensureGstRates } from '../modules/invoices/gst-rates.service.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Opens the configured database, applies the committed migrations (waiting for PostgreSQL while it
 * is unreachable) and loads demo data into a new embedded database, or into PostgreSQL when asked.
 */
export async function openDatabase(config: Config, log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>): Promise<Database> {
  const database = config.databaseUrl
    ? await openPostgres(config.databaseUrl, (err) =>
        log.warn(`PostgreSQL connection lost (${err.message}); the next call opens a new one`),
      )
    : await openPglite(config.dataDir);
  for (let attempt = 1; ; attempt++) {
    try {
      await database.migrate();
      break;
    } catch (err) {
      if (!isDatabaseUnavailable(err)) {
        throw err;
      }
      log.warn(`PostgreSQL is unreachable (attempt ${attempt}); retrying in 2 s`);
      await sleep(2000);
    }
  }
  await ensureReferenceData(database.db);
  const wantDemo = config.demoData ?? database.kind === 'pglite';
  if (wantDemo && !(await hasUsers(database.db))) {
    await seedDemo(database.db);
    if (config.demoFreight) {
      await seedDemoFreight(database.db);
      await seedDemoInbound(database.db);
      await seedDemoTracking(database.db);
      await seedDemoContracts(database.db);
      const files = openStorage(config);
      await seedDemoMoney(database.db, files);
      files.close?.();
    }
    log.info(config.demoFreight ? 'Demo data loaded, with sample freight.' : 'Demo data loaded (accounts only).');
  }
  return database;
}

/** Reference data every install needs (India's geography), loaded into an empty database. */
export async function ensureReferenceData(db: Database['db']): Promise<void> {
  await ensureGeography(db);
  await ensureGstRates(db);
}

/** The demo logins this database holds (the second carrier only with the sample freight). */
export async function demoLoginsText(db: Database['db']): Promise<string> {
  const logins = [...DEMO_LOGINS, DEMO_CARRIER_2];
  const present = new Set(
    (
      await db
        .select({ email: users.email })
        .from(users)
        .where(
          inArray(
            users.email,
            logins.map((l) => l.email),
          ),
        )
    ).map((u) => u.email),
  );
  const lines = logins.filter((l) => present.has(l.email)).map((l) => `  ${l.email.padEnd(20)} ${l.who}`);
  return `Demo logins (password ${DEMO_PASSWORD}):\n${lines.join('\n')}`;
}

import { type Database, type Db, openPostgres, PG_TIMEOUTS } from '../db/client.ts';
import { ensureReferenceData } from '../db/open.ts';
import { seedDemo } from '../db/seed/demo.ts';

/**
 * Runs `write` with a handle for a test's own seeding. On PostgreSQL it is a pool of its own with
 * patient timeouts: the app's 1.2 s statement timeout and 1.5 s link judgement are the app's, and
 * on a CI machine busy with another test file a seeding insert of ten thousand rows, or a demo
 * seed statement waiting behind another database's, may take longer. The app keeps its timeouts;
 * on PGlite (one thread, no timeouts) the handle is the database's own.
 */
export async function withPatientDb<T>(created: { database: Database; url?: string }, write: (db: Db) => Promise<T>): Promise<T> {
  if (!created.url) {
    return write(created.database.db);
  }
  const patient = await openPostgres(created.url, undefined, { ...PG_TIMEOUTS, connect: 15_000, statement: 60_000, unanswered: 65_000 });
  try {
    return await write(patient.db);
  } finally {
    await patient.close();
  }
}

/** Migrates a new test database and writes the reference and demo data (through `withPatientDb`). */
export async function migrateAndSeed(created: { database: Database; url?: string }): Promise<void> {
  await created.database.migrate();
  await withPatientDb(created, async (db) => {
    await ensureReferenceData(db);
    await seedDemo(db);
  });
}

import { type Database, openPostgres, PG_TIMEOUTS } from '../db/client.ts';
import { ensureReferenceData } from '../db/open.ts';
import { seedDemo } from '../db/seed/demo.ts';

/**
 * Migrates a new test database and writes the reference and demo data. On PostgreSQL the data is
 * written through a pool of its own with patient timeouts: the app's 1.5 s ones judge a link dead,
 * and on a CI machine busy creating and seeding other databases a seed statement may wait longer
 * than that. The app itself keeps the app's timeouts.
 */
export async function migrateAndSeed(created: { database: Database; url?: string }): Promise<void> {
  await created.database.migrate();
  const patient = created.url
    ? await openPostgres(created.url, undefined, { ...PG_TIMEOUTS, connect: 15_000, statement: 60_000, unanswered: 65_000 })
    : created.database;
  try {
    await ensureReferenceData(patient.db);
    await seedDemo(patient.db);
  } finally {
    if (patient !== created.database) {
      await patient.close();
    }
  }
}

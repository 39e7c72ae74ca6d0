import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { demoAppOn, openBenchDatabase } from './bench-database.ts';
import { backendsOf } from './proc-sample.ts';
import { type BoardUser, boardUsers, type Fleet, trackedFleet } from './tracking-fleet.ts';

/**
 * The fan-out bench's database, which an API process of its own opens after the setup: a temporary
 * PostgreSQL database, or PGlite in a temporary folder (one process at a time holds it). `env` is
 * what the API process needs to find it; `drop` removes it.
 */
export async function openFanoutDatabase(pg: boolean) {
  const { openPglite } = await import('../apps/api/src/db/client.ts');
  const dir = pg ? null : mkdtempSync(path.join(tmpdir(), 'fd-bench-fanout-'));
  const opened = dir
    ? { name: 'PGlite (in a folder)', url: null, database: await openPglite(dir), drop: async () => {} }
    : await openBenchDatabase(true, 'fd_bench_fanout');
  const { database } = opened;
  let open = true;
  const close = async () => {
    if (open) {
      open = false;
      await database.close();
    }
  };
  const env: Record<string, string> = opened.url ? { DATABASE_URL: opened.url } : { DATA_DIR: dir ?? '' };
  return {
    name: opened.name,
    kind: database.kind,
    env,
    /** The database's own processes serving it now (PostgreSQL's backends; none for PGlite). */
    backends: () => (opened.url ? backendsOf(new URL(opened.url).pathname.slice(1)) : []),
    /** Migrates, seeds the demo, makes the trips and logs the users in, through an app here; then lets go of the database. */
    async setup(args: { trips: number; users: number }, password: string): Promise<{ fleet: Fleet; users: BoardUser[] }> {
      const app = await demoAppOn(database);
      await app.ready();
      try {
        const fleet = await trackedFleet(app, database.db, args.trips, 'FANOUT-PHONE', password);
        const users = await boardUsers(app, database.db, fleet, args.users, password);
        return { fleet, users };
      } finally {
        await app.close();
        await close();
      }
    },
    async drop() {
      await close().catch(() => {});
      await opened.drop();
      if (dir) {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

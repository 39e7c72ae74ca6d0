import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Two files at a time on PGlite even on a 2-core machine (Vitest's default there is one): a file's
 * database is its own (PGlite in its fork), its servers take free ports, and its Redis channels
 * their own prefix (TEST_REDIS_KEY_PREFIX), so files side by side never meet.
 *
 * On PostgreSQL one file at a time: the tests run with the app's 1.2 s statement timeout, their
 * own seeding too, and beside another file on two cores a 10,050-row seeding insert exceeded it
 * (list-scale.test, 2026-11-28). Until the tests' bulk seeding runs without the app's timeout,
 * that pass keeps the machine to itself.
 */
const onPostgres = process.env.TEST_DB === 'postgres';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    pool: 'forks',
    maxWorkers: onPostgres ? 1 : Math.max(2, availableParallelism() - 1),
    globalSetup: ['src/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Two files at a time even on a 2-core machine (Vitest's default there is one): a file's database
 * is its own (PGlite in its fork, or a PostgreSQL database of its own), its servers take free
 * ports, and its Redis channels their own prefix (TEST_REDIS_KEY_PREFIX), so files side by side
 * never meet. The app under test keeps its 1.2 s statement timeout on PostgreSQL; a test's own
 * bulk seeding goes through `t.seed` (test/seed-database.ts withPatientDb), which does not, since
 * beside another file a 10,050-row seeding insert once exceeded it (list-scale.test, 2026-11-28).
 */

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    pool: 'forks',
    maxWorkers: Math.max(2, availableParallelism() - 1),
    globalSetup: ['src/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

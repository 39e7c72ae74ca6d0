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

/**
 * Files that replace a module (`vi.mock`) run in a fresh module graph of their own. Every other file
 * shares its worker's modules with the files before it (isolate: false): loading the app's modules
 * again for each of 130 files was 217 of the PGlite pass's 782 s of test time (2026-11-29: the pass
 * took 274 s instead of 532 s). Each file still builds its own app and database (test/harness.ts);
 * what files share is what a module holds, which is why a file that mocks one stays apart.
 */
const ISOLATED = ['src/modules/auth/login-limits.test.ts'];

export default defineConfig({
  test: {
    projects: [
      { extends: true, test: { name: 'shared', include: ['src/**/*.test.ts'], exclude: ISOLATED, isolate: false } },
      { extends: true, test: { name: 'isolated', include: ISOLATED, isolate: true } },
    ],
    pool: 'forks',
    maxWorkers: Math.max(2, availableParallelism() - 1),
    globalSetup: ['src/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

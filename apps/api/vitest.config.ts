import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    pool: 'forks',
    // Two files at a time even on a 2-core machine (Vitest's default there is one): a file's
    // database is its own (PGlite in its fork, or a PostgreSQL copy of the template), its servers
    // take free ports, and its Redis channels their own prefix (TEST_REDIS_KEY_PREFIX), so files
    // side by side never meet; a file spends much of its time waiting on its database.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    globalSetup: ['src/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

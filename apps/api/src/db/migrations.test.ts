import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from './client.ts';

describe('migrations', () => {
  it('match the Drizzle schema (drizzle-kit generates nothing new)', () => {
    const apiRoot = path.resolve(MIGRATIONS_DIR, '../../..');
    // drizzle-kit wants the output folder relative to its working directory.
    mkdirSync(path.join(apiRoot, '.tmp'), { recursive: true });
    const out = mkdtempSync(path.join(apiRoot, '.tmp', 'migrations-check-'));
    try {
      cpSync(MIGRATIONS_DIR, out, { recursive: true });
      const before = readdirSync(out).filter((f) => f.endsWith('.sql'));
      const log = execFileSync(process.execPath, [path.resolve(apiRoot, '../../node_modules/drizzle-kit/bin.cjs'), 'generate'], {
        cwd: apiRoot,
        env: { ...process.env, DRIZZLE_OUT: path.relative(apiRoot, out) },
        encoding: 'utf8',
      });
      const after = readdirSync(out).filter((f) => f.endsWith('.sql'));
      expect(after, `the schema changed without a migration; run npm run db:generate -w apps/api\n${log}`).toEqual(before);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  }, 60_000);
});

import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
// Inside apps/api, where Node finds its dependencies (in a git-ignored .tmp); apart from
// apps/api/dist, which `npm start` (and the start-script test) may be building at the same time.
const out = path.join(root, 'apps/api/.tmp', `build-test-${process.pid}`);

beforeAll(() => {
  const r = spawnSync(process.execPath, [path.join(root, 'scripts/build-api.mjs'), '--out', out], { cwd: root, encoding: 'utf8' });
  expect(r.status, `${r.stdout}${r.stderr}`).toBe(0);
}, 120_000);
afterAll(() => rmSync(out, { recursive: true, force: true }));

/** Runs ES module code in plain Node (no tsx: a .ts import would fail) and returns what it printed as JSON. */
function runCompiled(code: string): unknown {
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', code], { cwd: root, encoding: 'utf8', timeout: 60_000 });
  expect(r.status, r.stderr).toBe(0);
  return JSON.parse(r.stdout.trim().split('\n').at(-1) ?? 'null');
}

describe('the compiled API (npm start runs it)', () => {
  it('mirrors src as JavaScript, with the shared package beside it and no tests', () => {
    expect(existsSync(path.join(out, 'main.js'))).toBe(true);
    expect(existsSync(path.join(out, 'lib/import-worker.js'))).toBe(true);
    expect(existsSync(path.join(out, 'lib/import-pool.test.js'))).toBe(false);
    expect(existsSync(path.join(out, 'test/harness.js'))).toBe(false);
    expect(existsSync(path.join(out, 'main.ts'))).toBe(false);
    const shared = JSON.parse(readFileSync(path.join(out, 'node_modules/@freightdesk/shared/package.json'), 'utf8'));
    expect(shared).toMatchObject({ name: '@freightdesk/shared', type: 'module', exports: { './*': './*.js' } });
    expect(readFileSync(path.join(out, 'app.js'), 'utf8')).toMatch(/from "\.\/lib\/spa\.js"/);
  });

  it('finds its migrations and data files, and reads an upload in its compiled worker', () => {
    const url = (file: string) => JSON.stringify(new URL(`file://${path.join(out, file)}`).href);
    const result = runCompiled(`
      import { existsSync } from 'node:fs';
      import path from 'node:path';
      import { Readable } from 'node:stream';
      const { MIGRATIONS_DIR } = await import(${url('db/client.js')});
      const { createImportPool } = await import(${url('lib/import-pool.js')});
      const { USER_TYPE } = await import(${url('node_modules/@freightdesk/shared/user-types.js')});
      const pool = createImportPool({ size: 1, queue: 1, timeoutMs: 30000, idleMs: 1000, maxHeapMb: 160 });
      const job = { type: 'csv', columns: [{ key: 'name', label: 'Company name' }], maxRows: 10, maxInflatedBytes: 1e6 };
      const records = await pool.read(Readable.from([Buffer.from('Company name\\nVayu Roadlines')]), job);
      await pool.close();
      console.log(JSON.stringify({
        migrations: existsSync(path.join(MIGRATIONS_DIR, 'meta/_journal.json')),
        places: existsSync(path.join(${JSON.stringify(out)}, 'db/data/india-places.json')),
        records,
        owner: USER_TYPE.owner,
      }));
    `);
    expect(result).toEqual({ migrations: true, places: true, records: [{ name: 'Vayu Roadlines' }], owner: 3 });
  });
});

#!/usr/bin/env node
// `npm test`: typecheck, lint, unit tests, API integration tests (PGlite, and PostgreSQL when
// TEST_DATABASE_URL is set), build and its first-load size, and the end-to-end journeys in Debian's Chromium.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const results = [];

function run(name, cmd, args, opts = {}) {
  console.log(`\n▶ ${name}`);
  const started = Date.now();
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', ...opts, env: { ...process.env, ...opts.env } });
  const ok = r.status === 0;
  results.push({ name, ok, seconds: Math.round((Date.now() - started) / 1000) });
  if (!ok) {
    finish();
  }
}

function finish() {
  const failed = results.filter((r) => !r.ok).length;
  console.log('\nSummary');
  for (const r of results) {
    console.log(`  ${r.ok ? '✓' : '✗'} ${r.name} (${r.seconds} s)`);
  }
  console.log(`checks: ${results.length - failed} passed, ${failed} failed`);
  process.exit(failed ? 1 : 0);
}

function ensureChromium() {
  if (existsSync(CHROMIUM)) {
    return;
  }
  if (process.getuid?.() !== 0) {
    console.error(`Chromium is missing at ${CHROMIUM}. Install it with: sudo apt-get update && sudo apt-get install -y chromium`);
    process.exit(1);
  }
  console.log('Installing Debian chromium for the end-to-end tests…');
  run('install chromium', 'sh', ['-c', 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium']);
}

const workspaces = ['packages/shared', 'apps/api', 'apps/web', 'e2e', 'bench'];
ensureChromium();
for (const w of workspaces) {
  run(`typecheck ${w}`, 'npx', ['tsc', '--noEmit', '-p', w]);
}
run('lint (biome)', 'npx', ['biome', 'check', '.']);
run('unit tests: shared', 'npx', ['vitest', 'run'], { cwd: path.join(root, 'packages/shared') });
run('unit tests: web', 'npx', ['vitest', 'run'], { cwd: path.join(root, 'apps/web') });
run('API tests on PGlite', 'npx', ['vitest', 'run'], { cwd: path.join(root, 'apps/api'), env: { TEST_DB: 'pglite' } });
if (process.env.TEST_DATABASE_URL) {
  run('API tests on PostgreSQL', 'npx', ['vitest', 'run'], { cwd: path.join(root, 'apps/api'), env: { TEST_DB: 'postgres' } });
} else {
  console.log('\n(TEST_DATABASE_URL is not set: the API suite runs on PGlite only.)');
}
run('build web', 'npm', ['run', 'build', '-w', 'apps/web']);
// The first visit's JavaScript, on that build: login page ≤ 200 kB, public tracking link ≤ 100 kB gzipped (issue 15).
run('first-load size', 'node', ['scripts/check-first-load.mjs']);
run('end-to-end (Chromium)', 'npx', ['playwright', 'test'], { cwd: path.join(root, 'e2e'), env: { CHROMIUM_PATH: CHROMIUM } });
finish();

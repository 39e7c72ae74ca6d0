#!/usr/bin/env node
// `npm test`: typecheck, lint, unit tests, API integration tests (PGlite, and PostgreSQL when
// TEST_DATABASE_URL is set), build and its first-load size, and the end-to-end journeys in Debian's Chromium.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createInterface } from 'node:readline';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { shardArgs } from './e2e-shards.mjs';

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

/**
 * Runs `jobs` side by side ({ label, cmd, args, cwd, env }), each line prefixed with its label; each
 * is a check of its own in the summary, and the run stops after them if one failed.
 */
async function runSideBySide(jobs) {
  console.log(`\n▶ ${jobs.map((j) => j.label).join(', ')} (side by side)`);
  const outcomes = await Promise.all(
    jobs.map((job) => {
      const started = Date.now();
      const child = spawn(job.cmd, job.args, {
        cwd: job.cwd ?? root,
        env: { ...process.env, ...job.env },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      for (const stream of [child.stdout, child.stderr]) {
        createInterface({ input: stream }).on('line', (line) => console.log(`[${job.label}] ${line}`));
      }
      return new Promise((resolve) =>
        child.on('close', (code) => resolve({ name: job.label, ok: code === 0, seconds: Math.round((Date.now() - started) / 1000) })),
      );
    }),
  );
  results.push(...outcomes);
  if (outcomes.some((o) => !o.ok)) {
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

/** Debian's packages the journeys need: Chromium, and a Devanagari font so Hindi screens render as a phone shows them. */
const BROWSER_PACKAGES = ['chromium', 'fonts-lohit-deva'];

/** Is a Devanagari font installed (fontconfig knows one for Hindi)? */
function hasHindiFont() {
  return (spawnSync('fc-list', [':lang=hi'], { encoding: 'utf8' }).stdout ?? '').trim().length > 0;
}

function ensureChromium() {
  if (existsSync(CHROMIUM) && hasHindiFont()) {
    return;
  }
  if (process.getuid?.() !== 0) {
    console.error(
      `Chromium or a Hindi font is missing. Install them with: sudo apt-get update && sudo apt-get install -y ${BROWSER_PACKAGES.join(' ')}`,
    );
    process.exit(1);
  }
  console.log(`Installing Debian ${BROWSER_PACKAGES.join(' and ')} for the end-to-end tests…`);
  run('install chromium', 'sh', [
    '-c',
    `apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${BROWSER_PACKAGES.join(' ')}`,
  ]);
}

/**
 * HAProxy, the load balancer of the PostgreSQL pass's two-node test (apps/api/src/lib/load-balancer.processes.test.ts,
 * issue 36): installed from Debian when missing and run as root; otherwise that test fails naming it.
 */
function haproxyInstalled() {
  return spawnSync('sh', ['-c', 'command -v haproxy || test -x /usr/sbin/haproxy'], { stdio: 'ignore' }).status === 0;
}

function ensureHaproxy() {
  if (!process.env.TEST_DATABASE_URL || haproxyInstalled()) {
    return;
  }
  if (process.getuid?.() !== 0) {
    console.error(
      'HAProxy is missing (the load-balancer test needs it). Install it with: sudo apt-get update && sudo apt-get install -y haproxy',
    );
    process.exit(1);
  }
  console.log('Installing Debian haproxy for the load-balancer test…');
  run('install haproxy', 'sh', ['-c', 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq haproxy']);
}

const workspaces = ['packages/shared', 'packages/client', 'apps/api', 'apps/web', 'e2e', 'bench'];
ensureChromium();
ensureHaproxy();
// The six typechecks at once: each is one process on one core, and the longest sets the time.
await runSideBySide(workspaces.map((w) => ({ label: `typecheck ${w}`, cmd: 'npx', args: ['tsc', '--noEmit', '-p', w] })));
run('lint (biome)', 'npx', ['biome', 'check', '.']);
// Functions at most 60 lines, features apart, no import cycle; what stood before is listed and may only shrink (issue 32).
run('code shape', 'node', ['scripts/check-code-shape.mjs']);
run('unit tests: scripts', 'node', ['--test', 'scripts/e2e-shards.test.mjs']);
// The OpenAPI document written from the app and linted by Redocly CLI (redocly.yaml): 0 errors (issue 34).
run('OpenAPI lint and typed client', 'node', ['scripts/lint-openapi.mjs']);
run('unit tests: shared', 'npx', ['vitest', 'run'], { cwd: path.join(root, 'packages/shared') });
run('unit tests: web', 'npx', ['vitest', 'run'], { cwd: path.join(root, 'apps/web') });
// The benchmarks' own logic (the capacity search of bench:lists, issue 36).
run('unit tests: bench', 'npx', ['vitest', 'run'], { cwd: path.join(root, 'bench') });
run('API tests on PGlite', 'npx', ['vitest', 'run'], { cwd: path.join(root, 'apps/api'), env: { TEST_DB: 'pglite' } });
/** pg_dump and pg_restore for the backup drill of the PostgreSQL pass (issue 36): Debian's postgresql-client. */
function ensurePgClientTools() {
  if (spawnSync('pg_dump', ['--version']).status === 0 && spawnSync('pg_restore', ['--version']).status === 0) {
    return;
  }
  if (process.getuid?.() !== 0) {
    console.error('pg_dump or pg_restore is missing. Install them with: sudo apt-get update && sudo apt-get install -y postgresql-client');
    process.exit(1);
  }
  run('install postgresql-client', 'sh', [
    '-c',
    'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql-client',
  ]);
}

if (process.env.TEST_DATABASE_URL) {
  ensurePgClientTools();
  run('API tests on PostgreSQL', 'npx', ['vitest', 'run'], { cwd: path.join(root, 'apps/api'), env: { TEST_DB: 'postgres' } });
} else {
  console.log('\n(TEST_DATABASE_URL is not set: the API suite runs on PGlite only.)');
}
run('build web', 'npm', ['run', 'build', '-w', 'apps/web']);
// The first visit's JavaScript, on that build: login page ≤ 200 kB, public tracking link ≤ 100 kB gzipped (issue 15).
run('first-load size', 'node', ['scripts/check-first-load.mjs']);
// Shards side by side, each with its own server, port, database, results and transform cache:
// much of a journey waits on the app's own clocks (a bid window closing, the trip scan's minute),
// so two overlap well even on 2 cores (17 minutes one after the other, 11–15 side by side).
// Two shards by default. Under two, the journeys have found three real races, each fixed and
// tested: e2e 10's row menu (data-table.tsx), e2e 07's typed search
// (search-box.ts), e2e 27's review choice wiped by a late answer (review-draft.ts). The run of
// 2026-11-29 passed with two in 29 minutes. E2E_SHARDS=1 runs the journeys one after the other.
// Each shard is a run of consecutive spec files cut by their recorded time (scripts/e2e-shards.mjs,
// e2e/spec-seconds.json), not by test count: by count they took 23 and 31 minutes (record 0324).
const E2E_SHARDS = Number(process.env.E2E_SHARDS ?? 2);
await runSideBySide(
  Array.from({ length: E2E_SHARDS }, (_, i) => ({
    label: `end-to-end (Chromium) ${i + 1}/${E2E_SHARDS}`,
    cmd: 'npx',
    args: ['playwright', 'test', ...shardArgs(i + 1, E2E_SHARDS)],
    cwd: path.join(root, 'e2e'),
    // E2E_PORT, E2E_DATA_DIR and E2E_RESULTS_DIR still set a run's own (several runs on one machine):
    // each shard takes the port 100 on from the one before and its own folders.
    env: {
      CHROMIUM_PATH: CHROMIUM,
      E2E_PORT: String(Number(process.env.E2E_PORT ?? 8190) + 100 * i),
      E2E_DATA_DIR: `${process.env.E2E_DATA_DIR ?? '../.tmp/e2e-data'}-${i + 1}`,
      E2E_RESULTS_DIR: `${process.env.E2E_RESULTS_DIR ?? '../.tmp/e2e-results'}-${i + 1}`,
      PLAYWRIGHT_TRANSFORM_CACHE_DIR: path.join(root, `.tmp/playwright-cache-${i + 1}`),
    },
  })),
);
finish();

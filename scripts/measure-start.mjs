#!/usr/bin/env node
// How long the API takes from its spawn to /api/health answering 200, on an existing embedded
// (PGlite) database: the cold start of issue 15. One untimed start creates the database and the
// demo data; then each way of starting is timed RUNS times, alternating, and printed with the
// machine's load. The builds are made first (web and API) so no timed start builds anything.
// Usage: node scripts/measure-start.mjs [runs]   (default 5)
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const RUNS = Number(process.argv[2] ?? 5);
const PORT = 18_000 + (process.pid % 1000);

const MODES = {
  'tsx (before)': ['--import', 'tsx', path.join(root, 'apps/api/src/main.ts')],
  'compiled (node apps/api/dist/main.js)': [path.join(root, 'apps/api/dist/main.js')],
  'npm start (scripts/start.mjs, builds up to date)': [path.join(root, 'scripts/start.mjs')],
};

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * CPU milliseconds a process and its children have used (Linux /proc; 10 ms ticks): on a shared
 * machine the wall time swings with the load, the CPU a start needs much less.
 */
function cpuMs(pid) {
  const stat = `/proc/${pid}/stat`;
  if (!existsSync(stat)) {
    return Number.NaN;
  }
  const fields = readFileSync(stat, 'utf8').split(') ')[1]?.split(' ') ?? [];
  const own = (Number(fields[11]) + Number(fields[12])) * 10;
  const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean);
  return children.reduce((sum, child) => sum + cpuMs(Number(child)), own);
}

async function healthy() {
  try {
    return (await fetch(`http://127.0.0.1:${PORT}/api/health`)).status === 200;
  } catch {
    return false;
  }
}

/** Starts the API one way, waits for its health check, stops it; returns the wall and CPU milliseconds to the first 200. */
async function timedStart(args, env) {
  const started = performance.now();
  const child = spawn(process.execPath, args, { cwd: root, env, stdio: 'ignore' });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  let ms;
  while (ms === undefined) {
    if (child.exitCode !== null) {
      throw new Error(`${args.join(' ')} exited with ${child.exitCode} before answering`);
    }
    if (await healthy()) {
      ms = { wall: performance.now() - started, cpu: cpuMs(child.pid) };
    } else {
      await sleep(10);
    }
  }
  child.kill('SIGTERM');
  await exited;
  return ms;
}

const data = mkdtempSync(path.join(tmpdir(), 'fd-start-data-'));
const web = path.join(root, 'apps/web/dist');
const env = { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: data, TRACKING_PORT: '0', LOG_LEVEL: 'warn' };
try {
  for (const [name, args] of [
    ['web', ['scripts/start.mjs', '--build-only']],
    ['API', ['scripts/build-api.mjs', '--if-stale']],
  ]) {
    const r = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit', env: { ...process.env, WEB_DIST: web } });
    if (r.status !== 0) {
      throw new Error(`the ${name} build failed`);
    }
  }
  const first = await timedStart(MODES['compiled (node apps/api/dist/main.js)'], env);
  console.log(`First start (new database, migrations and demo data): ${Math.round(first.wall)} ms; load ${loadavg()[0].toFixed(2)}`);
  const times = Object.fromEntries(Object.keys(MODES).map((k) => [k, []]));
  for (let i = 0; i < RUNS; i++) {
    for (const [name, args] of Object.entries(MODES)) {
      times[name].push(await timedStart(args, env));
    }
  }
  console.log(
    `Start to /api/health 200 on the existing database, ${RUNS} runs each (load ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}):`,
  );
  const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)] ?? 0;
  for (const [name, list] of Object.entries(times)) {
    const wall = list.map((t) => t.wall);
    const cpu = median(list.map((t) => t.cpu));
    console.log(`  ${name}: median ${Math.round(median(wall))} ms (min ${Math.round(Math.min(...wall))}), CPU ${Math.round(cpu)} ms`);
  }
} finally {
  rmSync(data, { recursive: true, force: true });
}

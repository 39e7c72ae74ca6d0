#!/usr/bin/env node
// `npm start`: build the SPA when it is missing or older than its sources, then run the API,
// which migrates the database, loads demo data on a new embedded database and serves both.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const [major] = process.versions.node.split('.').map(Number);
if (major < 20) {
  console.error(`Freightdesk needs Node.js 20 or newer; this is ${process.version}.`);
  process.exit(1);
}

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

const built = path.join(root, 'apps/web/dist/index.html');
const sources = ['apps/web/src', 'apps/web/public', 'packages/shared/src', 'apps/web/index.html'].map((p) => path.join(root, p));
const stale =
  !existsSync(built) ||
  sources.some((s) => existsSync(s) && (statSync(s).isDirectory() ? newestMtime(s) : statSync(s).mtimeMs) > statSync(built).mtimeMs);
if (stale) {
  console.log('Building the web app…');
  const r = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) {
    process.exit(r.status ?? 1);
  }
}

const api = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/api/src/main.ts')], {
  cwd: root,
  stdio: 'inherit',
  env: process.env,
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => api.kill(signal));
}
api.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

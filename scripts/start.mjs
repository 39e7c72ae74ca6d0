#!/usr/bin/env node
// `npm start`: build the SPA and the API when missing or older than their sources, then run the
// API as compiled JavaScript (issue 15: no TypeScript compiled at each start), which migrates the
// database, loads demo data on a new embedded database and serves both. The web build prints its
// summary only (the files it wrote and the time); its full output is kept for a failed build, and
// warnings are counted with where to read them. `--build-only` builds what is stale and stops.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { API_DIST, API_NODE_ARGS, API_PROCESS_ENV, apiBuildStale, buildApi } from './build-api.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// Vite 8 and its bundler need Node 20.19 or newer (package.json `engines`).
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 20 || (major === 20 && minor < 19)) {
  console.error(`Freightdesk needs Node.js 20.19 or newer (or 22.12 and later); this is ${process.version}.`);
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

// WEB_DIST moves the build, as it tells the API where to serve it from.
const dist = process.env.WEB_DIST ? path.resolve(process.env.WEB_DIST) : path.join(root, 'apps/web/dist');
const built = path.join(dist, 'index.html');
const sources = ['apps/web/src', 'apps/web/public', 'packages/shared/src', 'apps/web/index.html', 'apps/web/vite.config.ts'].map((p) =>
  path.join(root, p),
);
const stale =
  !existsSync(built) ||
  sources.some((s) => existsSync(s) && (statSync(s).isDirectory() ? newestMtime(s) : statSync(s).mtimeMs) > statSync(built).mtimeMs);

// ANSI colour codes, so the captured output can be read line by line.
const ANSI = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');

/** The lines of a build's output worth showing on a start: the files written and the time taken. */
export function buildSummary(output) {
  const lines = output.replace(ANSI, '').split('\n');
  const sized = lines.filter((l) => /\s\d[\d,.]* kB\b/.test(l)).map((l) => l.trim());
  // Every file line starts with the output folder (`../../../../tmp/dist/`): shown once, above them.
  const folder = /^(\S*\/)index\.html\s/.exec(sized.find((l) => /index\.html\s/.test(l)) ?? '')?.[1] ?? '';
  const all = sized.map((l) => (l.startsWith(folder) ? l.slice(folder.length) : l));
  // The entry files are shown; the code-split chunks (pages, maps, tables) are counted in one line.
  const entry = (l) => /^(index\.html|assets\/(index|main|boot)-[\w-]+\.(js|css))\s/.test(l);
  const files = all.filter(entry).map((l) => `  ${l}`);
  const rest = all.filter((l) => !entry(l));
  const kb = rest.reduce((sum, l) => sum + Number(/([\d,.]+) kB/.exec(l)?.[1]?.replace(/,/g, '') ?? 0), 0);
  if (rest.length) {
    files.push(`  + ${rest.length} chunks loaded when needed (${Math.round(kb).toLocaleString('en-IN')} kB)`);
  }
  const done = lines.find((l) => /built in/.test(l));
  // Bundler warnings start with their code in brackets ([MODULE_LEVEL_DIRECTIVE] …) or "(!)".
  // (PLUGIN_TIMINGS, about a busy machine rather than the app, is turned off in vite.config.ts.)
  const warned = lines.filter((l) => /^\s*(\[[A-Z][A-Z_]+\]|\(!\))/.test(l));
  const codes = [...new Set(warned.map((l) => /\[([A-Z_]+)\]/.exec(l)?.[1]).filter(Boolean))];
  return { files, done: done?.trim(), warnings: warned.length, codes };
}

function buildWebApp() {
  console.log('Building the web app…');
  const vite = path.join(root, 'node_modules/vite/bin/vite.js');
  const r = spawnSync(process.execPath, [vite, 'build', '--outDir', dist, '--emptyOutDir'], {
    cwd: path.join(root, 'apps/web'),
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' },
    maxBuffer: 64 * 1024 * 1024,
  });
  const output = `${r.stdout ?? ''}${r.stderr ?? ''}`;
  if (r.status !== 0) {
    console.error(output || r.error?.message);
    console.error('The web app did not build (the output above says why).');
    process.exit(r.status ?? 1);
  }
  const summary = buildSummary(output);
  console.log([`Built into ${dist}:`, ...summary.files, summary.done ?? 'Built.'].join('\n'));
  if (summary.warnings > 0) {
    const s = summary.warnings === 1 ? '' : 's';
    const codes = summary.codes.length ? ` (${summary.codes.join(', ')})` : '';
    console.log(`The build reported ${summary.warnings} warning${s}${codes}: \`npm run build\` shows them in full.`);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (stale) {
    buildWebApp();
  }
  if (apiBuildStale()) {
    console.log('Building the API…');
    const { files, ms } = await buildApi();
    console.log(`Built the API: ${files} files in ${(ms / 1000).toFixed(1)} s.`);
  }
  if (process.argv.includes('--build-only')) {
    process.exit(0);
  }
  const api = spawn(process.execPath, [...API_NODE_ARGS, path.join(API_DIST, 'main.js')], {
    cwd: root,
    stdio: 'inherit',
    // The server's own JSON log lines (listening on each address, housekeeping) repeat what the
    // start prints in words; LOG_LEVEL=info brings them back. Memory settings: see build-api.mjs.
    env: { ...API_PROCESS_ENV, ...process.env, ...(process.env.WEB_DIST ? { WEB_DIST: dist } : {}) },
  });
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, () => api.kill(signal));
  }
  api.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}

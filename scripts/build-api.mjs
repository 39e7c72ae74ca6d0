#!/usr/bin/env node
// Compiles the API (apps/api/src) and the shared package it imports to JavaScript in apps/api/dist,
// so `npm start` runs plain JavaScript instead of compiling TypeScript at each start (issue 15).
// File by file with TypeScript's transpiler: types are checked by `npm run typecheck`, not here,
// which keeps the build to a few seconds. The layout mirrors src, so what a module finds beside
// itself still holds (the migrations and data files, copied; the import worker beside its pool; the
// web build three folders up). The shared package goes to dist/node_modules/@freightdesk/shared,
// where Node looks first for `@freightdesk/shared/...` from the compiled files.
// Usage: node scripts/build-api.mjs [--if-stale] [--out DIR]  (DIR inside the repository; default apps/api/dist)
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const API_DIST = path.join(root, 'apps/api/dist');
/** What the build reads: a change to any of these makes it stale. */
/**
 * How the compiled API process runs unless the caller's environment says otherwise (`npm start`,
 * the benchmarks). glibc gives each thread that allocates its own malloc arena (up to 8 per core);
 * after a burst (2,000 live tabs connecting, 10,000 messages a second) they keep their slack, which
 * held the process at 281–344 MB: two arenas keep it at 230 MB at most (docs/benchmarks.md,
 * tracking fan-out). V8's young generation keeps 16 MB semi-spaces (written out, so a change of
 * Node's default does not move it): 4 MB cost the lists about a tenth more CPU a call and the
 * ingest a few percent (garbage collected more often, more of it promoted), and saved no memory
 * the fan-out needs since the arenas were capped (211–236 against 224–232 MB at most).
 */
export const API_PROCESS_ENV = { LOG_LEVEL: 'warn', MALLOC_ARENA_MAX: '2' };
export const API_NODE_ARGS = ['--max-semi-space-size=16'];

export const API_BUILD_SOURCES = ['apps/api/src', 'packages/shared/src', 'scripts/build-api.mjs'].map((p) => path.join(root, p));

/** The compiler options of the transpiler: tsconfig.base.json's target and modules, `.ts` imports written as `.js`. */
const OPTIONS = {
  target: 'ES2022',
  module: 'ESNext',
  verbatimModuleSyntax: true,
  allowImportingTsExtensions: true,
  rewriteRelativeImportExtensions: true,
  sourceMap: true,
};

const isTest = (rel) => /\.test\.ts$/.test(rel) || rel.split(path.sep)[0] === 'test';

function newestMtime(p) {
  const stat = statSync(p);
  if (!stat.isDirectory()) {
    return stat.mtimeMs;
  }
  return readdirSync(p).reduce((newest, name) => Math.max(newest, newestMtime(path.join(p, name))), stat.mtimeMs);
}

/** True when apps/api/dist is missing or older than a source it is built from. */
export function apiBuildStale() {
  const built = path.join(API_DIST, 'main.js');
  if (!existsSync(built)) {
    return true;
  }
  const at = statSync(built).mtimeMs;
  return API_BUILD_SOURCES.some((s) => existsSync(s) && newestMtime(s) > at);
}

/** Transpiles every .ts file of `from` (tests left out) into `to`, copies the other files; returns the count. */
function compileTree(ts, options, from, to) {
  let count = 0;
  for (const entry of readdirSync(from, { recursive: true, withFileTypes: true })) {
    const source = path.join(entry.parentPath, entry.name);
    const rel = path.relative(from, source);
    if (!entry.isFile() || isTest(rel)) {
      continue;
    }
    const target = path.join(to, rel);
    mkdirSync(path.dirname(target), { recursive: true });
    if (!rel.endsWith('.ts')) {
      cpSync(source, target);
      continue;
    }
    const js = target.replace(/\.ts$/, '.js');
    const out = ts.transpileModule(readFileSync(source, 'utf8'), {
      compilerOptions: options,
      fileName: path.basename(source),
    });
    const map = JSON.parse(out.sourceMapText ?? '{}');
    map.sources = [path.relative(path.dirname(js), source)];
    writeFileSync(js, out.outputText);
    writeFileSync(`${js}.map`, JSON.stringify(map));
    count += 1;
  }
  return count;
}

/**
 * Builds into a new folder and swaps it in, so a running server or a failed build never sees half a
 * dist. `out` must sit inside the repository, where Node finds the dependencies (node_modules).
 */
export async function buildApi(out = API_DIST) {
  const started = Date.now();
  // Loaded here, not at the top: `npm start` imports this file and needs TypeScript only to build.
  const { default: ts } = await import('typescript');
  const next = `${out}.next-${process.pid}`;
  rmSync(next, { recursive: true, force: true });
  const options = ts.convertCompilerOptionsFromJson(OPTIONS).options;
  let files = compileTree(ts, options, path.join(root, 'apps/api/src'), next);
  const shared = path.join(next, 'node_modules/@freightdesk/shared');
  files += compileTree(ts, options, path.join(root, 'packages/shared/src'), shared);
  const pkg = { name: '@freightdesk/shared', private: true, type: 'module', exports: { './*': './*.js' } };
  writeFileSync(path.join(shared, 'package.json'), `${JSON.stringify(pkg, null, 2)}\n`);
  const old = `${out}.old-${process.pid}`;
  try {
    renameSync(out, old);
  } catch (err) {
    if (err.code !== 'ENOENT') {
      throw err;
    }
  }
  try {
    renameSync(next, out);
  } catch (err) {
    // Another build (a second `npm start`) put its own in place meanwhile, from the same sources.
    if (err.code !== 'ENOTEMPTY' && err.code !== 'EEXIST') {
      throw err;
    }
    rmSync(next, { recursive: true, force: true });
  }
  rmSync(old, { recursive: true, force: true });
  return { files, ms: Date.now() - started };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const at = process.argv.indexOf('--out');
  const out = at > 0 && process.argv[at + 1] ? path.resolve(process.argv[at + 1]) : API_DIST;
  if (process.argv.includes('--if-stale') && out === API_DIST && !apiBuildStale()) {
    process.exit(0);
  }
  const { files, ms } = await buildApi(out);
  console.log(`Built the API into ${path.relative(process.cwd(), out) || '.'}: ${files} files in ${(ms / 1000).toFixed(1)} s.`);
}

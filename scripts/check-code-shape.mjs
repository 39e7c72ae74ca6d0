#!/usr/bin/env node
// The shape of the code, checked (issue 32): no function over 60 lines, no feature importing another
// feature, no generic component importing a feature, no API module importing another module's routes,
// no runtime import cycle, and no database query outside the API's repositories. What stood before these rules is listed in scripts/code-shape-allow.json
// (each entry with its reason, and a function's line count, which may only shrink): the list can only
// get shorter. `--write` rewrites the list from the tree (for the one who shrinks it, never to grow it).
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ALLOW_FILE = path.join(root, 'scripts/code-shape-allow.json');
const MAX_LINES = 60;
const SOURCES = ['apps/api/src', 'apps/web/src', 'packages/shared/src'];

/** Source files of the apps and the shared package, tests left out (a test's steps read best in one place). */
function sourceFiles() {
  const out = [];
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!['node_modules', 'dist', 'migrations', 'testing'].includes(entry.name)) {
          walk(full);
        }
      } else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !full.includes(`${path.sep}test${path.sep}`)) {
        out.push(full);
      }
    }
  };
  for (const s of SOURCES) {
    walk(path.join(root, s));
  }
  return out;
}

const rel = (file) => path.relative(root, file).split(path.sep).join('/');

/** A function's name as a reader finds it: its own, its variable's, its property's, or `(anonymous)` with its line. */
function nameOf(node, sf) {
  if (node.name && ts.isIdentifier(node.name)) {
    return node.name.text;
  }
  const parent = node.parent;
  if (parent && (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent)) && parent.name) {
    return parent.name.getText(sf);
  }
  const line = sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1;
  return `(anonymous at line ${line})`;
}

/** Every function longer than MAX_LINES in a file, `{ key, lines }`. */
function longFunctions(file, sf) {
  const found = [];
  const visit = (node) => {
    if (ts.isFunctionDeclaration(node) || ts.isMethodDeclaration(node) || ts.isArrowFunction(node) || ts.isFunctionExpression(node)) {
      const start = sf.getLineAndCharacterOfPosition(node.getStart(sf)).line;
      const end = sf.getLineAndCharacterOfPosition(node.getEnd()).line;
      const lines = end - start + 1;
      if (lines > MAX_LINES && !ts.isCallExpression(node.parent)) {
        found.push({ key: `${rel(file)}#${nameOf(node, sf)}`, lines });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

/** A file's runtime import specifiers (type-only ones left out), as written. */
function runtimeSpecifiers(sf) {
  const out = [];
  for (const st of sf.statements) {
    if (!ts.isImportDeclaration(st) && !(ts.isExportDeclaration(st) && st.moduleSpecifier)) {
      continue;
    }
    if (st.importClause?.isTypeOnly || (ts.isExportDeclaration(st) && st.isTypeOnly)) {
      continue;
    }
    const named = st.importClause?.namedBindings;
    if (named && ts.isNamedImports(named) && !st.importClause.name && named.elements.length && named.elements.every((e) => e.isTypeOnly)) {
      continue;
    }
    out.push(st.moduleSpecifier.text);
  }
  return out;
}

/** A file's runtime imports of its own repository's files, as repository paths. */
const runtimeImports = (file, specifiers) =>
  specifiers.filter((spec) => spec.startsWith('.')).map((spec) => rel(path.resolve(path.dirname(file), spec)));

/**
 * Where the API may query its database (issue 32): repositories, the policy's rules, and the db/
 * folder itself (client, schema, migrations, seeds). Anywhere else a runtime import of drizzle-orm
 * or of db/ is database access outside a repository.
 */
const QUERY_HOMES = [/^apps\/api\/src\/repositories\//, /^apps\/api\/src\/lib\/policy[^/]*\.ts$/, /^apps\/api\/src\/db\//];
function databaseAccess(from, specifiers, imports) {
  if (!from.startsWith('apps/api/src/') || QUERY_HOMES.some((home) => home.test(from))) {
    return [];
  }
  const touches =
    specifiers.some((spec) => spec === 'drizzle-orm' || spec.startsWith('drizzle-orm/')) ||
    imports.some((to) => to.startsWith('apps/api/src/db/'));
  return touches ? [`${from} queries the database outside apps/api/src/repositories`] : [];
}

/**
 * Where the web app may call its API (issue 32): one file per endpoint family in an `api/` folder
 * of a feature or domain (fetcher, query options, hook), and lib/ and app/ that run the client.
 * Elsewhere a component uses the hooks those files export; a generic component that calls a URL
 * its caller gives (a list, a picker) is listed with its reason.
 */
const API_HOMES = [/^apps\/web\/src\/(features|domain)\/[^/]+\/api(\/|\.ts$)/, /^apps\/web\/src\/(lib|app)\//];
const QUERY_HOOKS = new Set(['useQuery', 'useMutation', 'useInfiniteQuery', 'useQueries', 'useSuspenseQuery']);

/** A web file that calls the API client or runs a query hook outside an API home. */
function apiCallsOutside(from, sf) {
  if (!from.startsWith('apps/web/src/') || API_HOMES.some((home) => home.test(from))) {
    return [];
  }
  const found = new Set();
  for (const st of sf.statements) {
    const named = ts.isImportDeclaration(st) && !st.importClause?.isTypeOnly ? st.importClause?.namedBindings : undefined;
    if (!named || !ts.isNamedImports(named)) {
      continue;
    }
    const spec = st.moduleSpecifier.text;
    for (const el of named.elements) {
      const name = (el.propertyName ?? el.name).text;
      if (!el.isTypeOnly && spec.endsWith('/lib/api.ts') && name === 'api') {
        found.add(`${from} calls the API client outside an api/ file`);
      }
      if (!el.isTypeOnly && spec === '@tanstack/react-query' && QUERY_HOOKS.has(name)) {
        found.add(`${from} runs ${name} outside an api/ file`);
      }
    }
  }
  return [...found];
}

/** The boundaries of issue 32: which imports cross a line they must not. */
function boundaryBreaks(from, imports) {
  const breaks = [];
  const domain = (p) => /^apps\/web\/src\/domain\/([^/]+)\//.exec(p)?.[1];
  const feature = (p) => /^apps\/web\/src\/features\/([^/]+)\//.exec(p)?.[1];
  const apiModule = (p) => /^apps\/api\/src\/modules\/([^/]+)\//.exec(p)?.[1];
  for (const to of imports) {
    if (feature(from) && feature(to) && feature(from) !== feature(to)) {
      breaks.push(`${from} -> ${to} (a feature imports another feature)`);
    }
    if (from.startsWith('apps/web/src/components/') && (feature(to) || domain(to))) {
      breaks.push(`${from} -> ${to} (a generic component imports ${feature(to) ? 'a feature' : 'domain code'})`);
    }
    if (domain(from) && feature(to)) {
      breaks.push(`${from} -> ${to} (domain code imports a feature)`);
    }
    if (apiModule(from) && apiModule(to) && apiModule(from) !== apiModule(to) && /\.routes\.ts$/.test(to)) {
      breaks.push(`${from} -> ${to} (a module imports another module's routes)`);
    }
  }
  return breaks;
}

/** Runtime import cycles, each once, as the files around it (smallest first). */
function cycles(graph) {
  const found = new Set();
  const state = new Map();
  const stack = [];
  const visit = (node) => {
    state.set(node, 'open');
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (!graph.has(next)) {
        continue;
      }
      if (state.get(next) === 'open') {
        const loop = stack.slice(stack.indexOf(next));
        const start = loop.indexOf([...loop].sort()[0]);
        found.add([...loop.slice(start), ...loop.slice(0, start)].join(' -> '));
      } else if (!state.has(next)) {
        visit(next);
      }
    }
    stack.pop();
    state.set(node, 'done');
  };
  for (const node of graph.keys()) {
    if (!state.has(node)) {
      visit(node);
    }
  }
  return [...found];
}

/** What the tree shows now: long functions, boundary breaks, cycles. */
function survey() {
  const functions = {};
  const boundaries = [];
  const graph = new Map();
  for (const file of sourceFiles()) {
    const text = readFileSync(file, 'utf8');
    const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
    for (const f of longFunctions(file, sf)) {
      functions[f.key] = Math.max(functions[f.key] ?? 0, f.lines);
    }
    const specifiers = runtimeSpecifiers(sf);
    const imports = runtimeImports(file, specifiers);
    graph.set(rel(file), imports);
    boundaries.push(
      ...boundaryBreaks(rel(file), imports),
      ...databaseAccess(rel(file), specifiers, imports),
      ...apiCallsOutside(rel(file), sf),
    );
  }
  return { functions, boundaries: boundaries.sort(), cycles: cycles(graph).sort() };
}

function compare(now, allowed) {
  const problems = [];
  for (const [key, lines] of Object.entries(now.functions)) {
    const entry = allowed.functions?.[key];
    if (!entry) {
      problems.push(`${key}: ${lines} lines (at most ${MAX_LINES}; split it into named steps)`);
    } else if (lines > entry.lines) {
      problems.push(`${key}: ${lines} lines, longer than the ${entry.lines} allowed (${entry.reason})`);
    }
  }
  for (const b of now.boundaries) {
    if (!allowed.boundaries?.[b]) {
      problems.push(b);
    }
  }
  for (const c of now.cycles) {
    if (!allowed.cycles?.[c]) {
      problems.push(`import cycle: ${c}`);
    }
  }
  return problems;
}

const now = survey();
if (process.argv.includes('--write')) {
  const old = JSON.parse(readFileSync(ALLOW_FILE, 'utf8'));
  // A function's entry is { lines, reason }; a boundary's or a cycle's is its reason.
  const keep = (map, key, value) => {
    const entry = map?.[key];
    return typeof entry === 'string' ? entry : (entry?.reason ?? value);
  };
  const reason = 'written before issue 32: to be split';
  const out = {
    functions: Object.fromEntries(
      Object.entries(now.functions).map(([k, lines]) => [k, { lines, reason: keep(old.functions, k, reason) }]),
    ),
    boundaries: Object.fromEntries(now.boundaries.map((b) => [b, keep(old.boundaries, b, reason)])),
    cycles: Object.fromEntries(now.cycles.map((c) => [c, keep(old.cycles, c, reason)])),
  };
  writeFileSync(ALLOW_FILE, `${JSON.stringify(out, null, 2)}\n`);
  console.log(`Wrote ${ALLOW_FILE}`);
  process.exit(0);
}
const allowed = JSON.parse(readFileSync(ALLOW_FILE, 'utf8'));
const problems = compare(now, allowed);
const stale = [
  ...Object.keys(allowed.functions ?? {}).filter((k) => !now.functions[k]),
  ...Object.keys(allowed.boundaries ?? {}).filter((b) => !now.boundaries.includes(b)),
  ...Object.keys(allowed.cycles ?? {}).filter((c) => !now.cycles.includes(c)),
];
console.log(
  `code shape: ${Object.keys(now.functions).length} functions over ${MAX_LINES} lines, ${now.boundaries.length} boundary breaks, ` +
    `${now.cycles.length} import cycles (all listed in code-shape-allow.json, which may only shrink)`,
);
if (stale.length) {
  console.log(`No longer needed in the allow list (remove them): ${stale.length}\n  ${stale.join('\n  ')}`);
}
if (problems.length) {
  console.error(`\nThe shape of the code broke ${problems.length} rule(s):\n  ${problems.join('\n  ')}`);
  process.exit(1);
}

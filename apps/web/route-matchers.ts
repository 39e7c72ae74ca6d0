import path from 'node:path';
import type { Plugin } from 'vite';

/** The first line of React Router's `compilePath`, which this plugin keeps as it is but for a cache. */
export const COMPILE_PATH = 'function compilePath(path, caseSensitive = false, end = true) {';

/**
 * `compilePath` with each compiled path kept, keyed by the path and its two options, in one line so
 * the module's lines (and its source map) do not move. A compiled path is a regular expression
 * without the global flag (stateless) and the list of its parameters' names, which React Router
 * only reads. Paths come from the route table (and the few patterns the pages match), so the cache
 * is as large as the table.
 */
const CACHED =
  'const compiledPaths = new Map(); ' +
  'function compilePath(path, caseSensitive = false, end = true) { ' +
  'const key = (caseSensitive ? "1" : "0") + (end ? "1" : "0") + path; ' +
  'let compiled = compiledPaths.get(key); ' +
  'if (compiled === undefined) { compiled = compilePathOnce(path, caseSensitive, end); compiledPaths.set(key, compiled); } ' +
  'return compiled; } ' +
  'function compilePathOnce(path, caseSensitive = false, end = true) {';

/** React Router's module with `compilePath` cached; throws when the module no longer has it as this plugin knows it. */
export function withCachedCompilePath(code: string, id: string): string {
  if (code.split(COMPILE_PATH).length !== 2) {
    throw new Error(`${id}: React Router's compilePath is not as route-matchers.ts expects; check its source and update the plugin`);
  }
  return code.replace(COMPILE_PATH, CACHED);
}

/**
 * React Router matches an address by trying the routes' paths in rank order, and builds each
 * path's regular expression again on every try (`compilePath`). With the app's 183 routes one
 * match built 633 regular expressions, and the first navigation matches several times: about
 * 60 ms of a mid-range phone's first seconds, in one task (issue 35, record 0323). This plugin
 * keeps each compiled path, so a path is compiled once per page load. A React Router whose
 * `compilePath` changed fails the build rather than going uncached (route-matchers.test.ts).
 */
export function cachedRouteMatchers(): Plugin {
  return {
    name: 'freightdesk:cached-route-matchers',
    transform: {
      filter: { id: /node_modules\/react-router\/dist\//, code: 'function compilePath(' },
      handler(code, id) {
        return { code: withCachedCompilePath(code, id), map: null };
      },
    },
  };
}

/** React Router's entry points the app imports, and the file of each in its production build. */
export const PRODUCTION_ENTRIES: Record<string, string> = {
  'react-router': 'dist/production/index.mjs',
  'react-router/dom': 'dist/production/dom-export.mjs',
};

/**
 * React Router's production build in the app's build. Its package exports only its development
 * build (dev warnings on, extra checks: remix-run/react-router#14102, #14753), so a production
 * bundle carried it, and its checks ran in a mid-range phone's first seconds (issue 35, record 0325:
 * a trace sampled 18 ms of its history set-up alone). The production files are shipped beside it in
 * the same package; this resolves
 * the entry points to them for `vite build` (the dev server keeps the development build and its
 * warnings). scripts/check-first-load.mjs fails a build that still holds the development build.
 */
export function productionReactRouter(): Plugin {
  // The package's folder, found once per build (every module that imports React Router asks).
  let folder: Promise<string> | undefined;
  return {
    name: 'freightdesk:production-react-router',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer) {
      const file = PRODUCTION_ENTRIES[source];
      if (!file) {
        return null;
      }
      folder ??= this.resolve('react-router/package.json', importer, { skipSelf: true }).then((pkg) => {
        if (!pkg) {
          throw new Error('react-router/package.json not found: cannot use its production build');
        }
        return path.dirname(pkg.id);
      });
      return path.join(await folder, file);
    },
  };
}

import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { COMPILE_PATH, withCachedCompilePath } from './route-matchers.ts';

// The React Router the app is built with: its production build (productionReactRouter).
const DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../node_modules/react-router/dist/production');
const CHUNK = readdirSync(DIST).find(
  (f) => f.startsWith('chunk-') && f.endsWith('.mjs') && readFileSync(path.join(DIST, f), 'utf8').includes(COMPILE_PATH),
);

type MatchRoutes = (routes: object[], location: string) => { route: { path?: string } }[] | null;

/** The chunk as the build transforms it, loaded beside the original so its own imports resolve. */
async function transformedMatchRoutes(): Promise<MatchRoutes> {
  const source = path.join(DIST, CHUNK as string);
  const copy = path.join(DIST, `.route-matchers-test-${process.pid}.mjs`);
  writeFileSync(copy, withCachedCompilePath(readFileSync(source, 'utf8'), source));
  try {
    return ((await import(copy)) as { matchRoutes: MatchRoutes }).matchRoutes;
  } finally {
    rmSync(copy, { force: true });
  }
}

/** The regular expressions built while `run` runs. */
function regExpsBuilt(run: () => void): number {
  const original = globalThis.RegExp;
  let built = 0;
  globalThis.RegExp = new Proxy(original, {
    construct(target, args) {
      built += 1;
      return Reflect.construct(target, args);
    },
  });
  try {
    run();
  } finally {
    globalThis.RegExp = original;
  }
  return built;
}

describe("React Router's compiled paths, kept (route-matchers.ts, record 0323)", () => {
  it('finds compilePath where the plugin expects it in the installed React Router', () => {
    expect(CHUNK).toBeDefined();
  });

  it('compiles each path once: a second match builds no regular expression and matches the same', async () => {
    const matchRoutes = await transformedMatchRoutes();
    const routes = [
      {
        path: '/',
        children: Array.from({ length: 60 }, (_, i) => ({ path: `section-${i}/:id/detail` })).concat([{ path: 'carrier/orders' }]),
      },
    ];
    let first: string | undefined;
    const firstBuilt = regExpsBuilt(() => {
      first = matchRoutes(routes, '/carrier/orders')?.at(-1)?.route.path;
    });
    let second: string | undefined;
    const secondBuilt = regExpsBuilt(() => {
      second = matchRoutes(routes, '/carrier/orders')?.at(-1)?.route.path;
    });
    expect(first).toBe('carrier/orders');
    expect(second).toBe('carrier/orders');
    expect(firstBuilt).toBeGreaterThan(60);
    expect(secondBuilt).toBe(0);
    // Parameters still come out of a kept path.
    expect(matchRoutes(routes, '/section-7/42/detail')?.at(-1)).toMatchObject({ params: { id: '42' } });
  });

  it('refuses a React Router whose compilePath changed, rather than building uncached', () => {
    expect(() => withCachedCompilePath('function compilePath(path) {}', 'react-router.mjs')).toThrow(/compilePath is not as/);
  });
});

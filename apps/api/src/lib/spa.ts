import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';

/** Build files named by their content (`assets/main-3f9a….js`): a new release has new names. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Everything else (index.html, sw.js, favicon): kept, but checked with the server (ETag) before each use. */
export const REVALIDATE = 'no-cache';

/** The Cache-Control of a file of the build, by its path inside the build folder (`.br`/`.gz` copies as their original). */
export function cacheControlFor(relative: string): string {
  return relative.replace(/\\/g, '/').startsWith('assets/') ? IMMUTABLE : REVALIDATE;
}

/**
 * Paths that never fall back to index.html: build files (a chunk gone after a release must fail as
 * a 404, not arrive as HTML), source maps and dot folders (Vite's manifest).
 */
const NOT_THE_APP = /^\/(?:assets\/|\.)|\.map$/;

/**
 * Serves the built SPA on the same port (issue 15): the brotli or gzip copy the build wrote, as the
 * browser's Accept-Encoding allows (with `Vary: Accept-Encoding`); hashed assets cached for a year,
 * everything else revalidated; source maps only with SERVE_SOURCE_MAPS=1. Unknown /api paths, and
 * files that are not there, answer JSON 404; any other GET gets the app.
 */
export function registerSpa(app: FastifyInstance, config: Pick<Config, 'webDist' | 'serveSourceMaps'>): void {
  const root = config.webDist ?? path.resolve(import.meta.dirname, '../../../web/dist');
  const hasSpa = existsSync(path.join(root, 'index.html'));
  if (hasSpa) {
    app.register(fastifyStatic, {
      root,
      // One route for every file, looked up when asked: the build has hundreds of files (chunks, their
      // .br, .gz and .map copies), and a route for each (wildcard: false) cost a third of a second
      // at every start. A file that is not there goes to the not-found handler below.
      wildcard: true,
      index: 'index.html',
      preCompressed: true,
      // Set below, per kind of file; dot folders (the build's .vite manifest) are never served.
      cacheControl: false,
      dotfiles: 'ignore',
      allowedPath: (pathname) => config.serveSourceMaps || !pathname.endsWith('.map'),
      setHeaders: (reply, file) => {
        reply.header('cache-control', cacheControlFor(path.relative(root, file).replace(/\.(br|gz)$/, '')));
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (pathname.startsWith('/api') || !hasSpa || request.method !== 'GET' || NOT_THE_APP.test(pathname)) {
      return reply.code(404).send({ error: { code: 'NOT_FOUND', message: `No route ${request.method} ${request.url}` } });
    }
    return reply.sendFile('index.html');
  });
}

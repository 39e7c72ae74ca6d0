import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { Config } from '../config.ts';

const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * The CSP source for the map tiles of MAP_TILE_URL: its origin, a `{s}` subdomain as `*.`.
 * Undefined for a same-origin (relative) template, which 'self' already allows.
 */
export function tileSource(template: string): string | undefined {
  const m = /^(https?):\/\/([^/?#]+)/i.exec(template);
  if (!m?.[1] || !m[2]) {
    return undefined;
  }
  const scheme = m[1].toLowerCase();
  const host = m[2].replace(/^\{[a-z]+\}\./i, '*.');
  // A placeholder elsewhere in the host cannot be written as a CSP host: allow the scheme.
  return /[{}]/.test(host) ? `${scheme}:` : `${scheme}://${host}`;
}

/** The Content-Security-Policy of every answer (routes with stricter needs set their own). */
export function cspDirectives(config: Pick<Config, 'mapTileUrl'>): Record<string, string[]> {
  const tiles = tileSource(config.mapTileUrl);
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    // Mantine writes its theme variables into <style> elements at run time (without a nonce the
    // SPA could not pass one); styles cannot run code, scripts stay without 'unsafe-inline'.
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', ...(tiles ? [tiles] : [])],
    // 'self' covers the same-origin Socket.IO websocket (ws:/wss:) in CSP level 3 browsers.
    'connect-src': ["'self'"],
    'worker-src': ["'self'"],
    'frame-ancestors': ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
  };
}

/** The header writes of a response, as helmet makes them. */
type HeaderRecorder = { setHeader(name: string, value: string): void; removeHeader(name: string): void };

/**
 * Helmet's headers for this configuration, worked out once: helmet's middleware is run against a
 * recorder, and what it sets is what every answer gets. @fastify/helmet built helmet's whole
 * middleware chain (the CSP directives parsed again among it) in two hooks of every call; the
 * headers never depend on the request here (no nonces, no per-route options).
 */
export function securityHeaders(config: Pick<Config, 'mapTileUrl'>): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder: HeaderRecorder = {
    setHeader: (name, value) => {
      headers[name.toLowerCase()] = value;
    },
    removeHeader: (name) => {
      delete headers[name.toLowerCase()];
    },
  };
  helmet({
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(config) },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: false,
  })({} as IncomingMessage, recorder as unknown as ServerResponse, () => undefined);
  return headers;
}

/**
 * Security headers on every answer (SPA, static files, API JSON, errors, 404s), from helmet:
 * CSP, nosniff, frame denial, a referrer policy that still tells tile servers the origin (OSM asks
 * for it). HSTS only when the request came over HTTPS (directly or from a trusted proxy) or
 * PUBLIC_URL is https: on a plain-HTTP install it would mean nothing or lock users out. A route
 * with stricter needs sets its own (a later header replaces these).
 */
export async function registerSecurityHeaders(app: FastifyInstance, config: Pick<Config, 'mapTileUrl' | 'publicUrl'>): Promise<void> {
  const headers = securityHeaders(config);
  const httpsPublic = config.publicUrl?.startsWith('https:') ?? false;
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headers);
    if (httpsPublic || request.protocol === 'https') {
      reply.header('strict-transport-security', HSTS);
    }
    done();
  });
}

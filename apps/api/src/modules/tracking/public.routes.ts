import { publicTrackAnswer } from '@freightdesk/shared/schemas/answers-masters-account';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { publicTokenParamSchema } from '@freightdesk/shared/schemas/tracking-links';
import { type TraccarForward, traccarForwardSchema } from '@freightdesk/shared/schemas/traccar';
import { POSITION_OUTCOMES } from '@freightdesk/shared/schemas/tracking-devices';
import { badRequest, tooManyRequests, unauthorized } from '../../lib/errors.ts';
import { sameSecret } from '../../lib/tokens.ts';
import { publicTrack } from './links.service.ts';
import { checkTime, DecodeError, KNOTS_TO_KMH, parseIso } from './osmand-decode.ts';
import { traccarForwardAnswer } from '@freightdesk/shared/schemas/answers-tracking';

/** Public link reads per client address and minute: a page polls every 15–30 s; a scraper stops here. */
const PUBLIC_READS_PER_MINUTE = 60;

/** A fixed window per client address, in memory (each process counts its own). */
export function limiter(perMinute: number, message = 'Too many requests for tracking links. Wait a minute.') {
  const hits = new Map<string, { n: number; until: number }>();
  return (key: string) => {
    const now = Date.now();
    if (hits.size > 50_000) {
      hits.clear();
    }
    const h = hits.get(key);
    if (!h || h.until <= now) {
      hits.set(key, { n: 1, until: now + 60_000 });
      return;
    }
    if (++h.n > perMinute) {
      throw tooManyRequests(Math.ceil((h.until - now) / 1000), message);
    }
  };
}

/** The forwarding secret, from the header Traccar's `forward.header` sets or the URL's `secret`, compared in constant time. */
function checkSecret(request: FastifyRequest, secret: string | undefined): void {
  if (!secret) {
    throw unauthorized('Traccar forwarding is not set up on this server (TRACCAR_FORWARD_SECRET).');
  }
  const header = request.headers['x-traccar-secret'];
  const query = (request.query as Record<string, unknown> | undefined)?.secret;
  const given = typeof header === 'string' ? header : typeof query === 'string' ? query : '';
  if (!sameSecret(given, secret)) {
    throw unauthorized('The Traccar forwarding secret is wrong.');
  }
}

/** Traccar's own facts of a position besides its attributes: the geofences it is in, its address (as Traccar resolved it). */
function forwardFacts(p: TraccarForward['position']): Record<string, unknown> {
  const facts: Record<string, unknown> = {};
  if (Array.isArray(p.geofenceIds)) {
    const ids = p.geofenceIds.filter((id): id is number => typeof id === 'number' && Number.isInteger(id)).slice(0, 40);
    if (ids.length) {
      facts.geofenceIds = ids;
    }
  }
  if (typeof p.address === 'string' && p.address.trim()) {
    facts.address = p.address.trim().slice(0, 200);
  }
  return facts;
}

/** A forwarded position's attributes: scalars only, 40 at most, texts cut at 200 characters. */
function forwardAttributes(attributes: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(attributes)
      .filter(([, v]) => ['number', 'boolean', 'string'].includes(typeof v))
      .slice(0, 40)
      .map(([k, v]) => [k, typeof v === 'string' ? v.slice(0, 200) : v]),
  );
}

/**
 * A forwarded position as a decoded device position (speed from knots). Its time is only read
 * here: a fix older than the positions kept, or ahead of the clock, is the filters' (200 all the
 * same, as Traccar's forwarder would retry a refusal).
 */
function decodeForward(body: TraccarForward) {
  const p = body.position;
  let fixTime: Date;
  try {
    fixTime = checkTime('position.fixTime', parseIso('position.fixTime', p.fixTime));
  } catch (err) {
    throw err instanceof DecodeError ? badRequest(err.field, err.message) : err;
  }
  const attributes = p.attributes ?? {};
  const battery =
    typeof attributes.batteryLevel === 'number' && attributes.batteryLevel >= 0 && attributes.batteryLevel <= 100
      ? attributes.batteryLevel
      : null;
  const kept = { ...forwardAttributes(attributes), ...forwardFacts(p) };
  return {
    identifier: body.device.uniqueId,
    fixTime,
    latitude: p.latitude === 0 && p.longitude === 0 ? null : p.latitude,
    longitude: p.latitude === 0 && p.longitude === 0 ? null : p.longitude,
    speedKmh: p.speed == null ? null : p.speed * KNOTS_TO_KMH,
    bearing: p.course ?? null,
    altitude: p.altitude ?? null,
    accuracy: p.accuracy ?? null,
    battery,
    valid: p.valid ?? true,
    attributes: kept,
  };
}

/** Calls `log` for a key at most once an hour (at most 10,000 keys remembered). */
function onceAnHour(log: (key: string) => void) {
  const logged = new Map<string, number>();
  return (key: string) => {
    const now = Date.now();
    if ((logged.get(key) ?? 0) > now - 3_600_000) {
      return;
    }
    if (logged.size >= 10_000) {
      logged.clear();
    }
    logged.set(key, now);
    log(key);
  };
}

/**
 * `/api/tracking/traccar`: a Traccar server's position forwarding (`forward.type=json`,
 * `forward.url=https://…/api/tracking/traccar`, `forward.header=X-Traccar-Secret: …`). A
 * device's fix time is stored once, so Traccar's retries are harmless. A device nobody registered
 * here is answered 200 with `stored: false` and its reason (logged once an hour per device): a
 * failure would be retried. Public (no session): the shared secret is checked before the body.
 */
export async function traccarRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['tracking'];
  const unknown = onceAnHour((uniqueId) => app.log.info({ uniqueId }, 'Traccar forwarding: a position of an unknown device skipped'));
  app.post(
    '/traccar',
    {
      config: { access: 'public' },
      schema: { tags, body: traccarForwardSchema, response: { 200: traccarForwardAnswer } },
      preValidation: async (request) => checkSecret(request, app.deps.config.traccarForwardSecret),
    },
    async (request, reply) => {
      const receivedAt = new Date();
      const position = decodeForward(request.body);
      const route = await app.tracking.ingest.resolver.resolve(position.identifier, 'forward');
      if (!route) {
        // Skipped, with its reason, but a success for Traccar: its forwarder retries a failure up to
        // ten times and stops retrying anything once 100 deliveries are pending, so a fleet's devices
        // that are not ours would crowd out the retries of the positions that are.
        unknown(position.identifier);
        return reply.code(200).send({ data: { stored: false, reason: 'No device is registered with this unique id.' } });
      }
      // Through the ingest and its filters, as the OsmAnd port's positions: the device is marked seen too.
      const outcome = await app.tracking.ingest.accept(position, route, 'traccar', 'forward', receivedAt);
      return reply.code(200).send({ data: { stored: POSITION_OUTCOMES[outcome].kept, outcome } });
    },
  );
}

/** `/api/public/tracking/:token`: what a public link (`#/live/…`, `#/fast/…`) shows; no login, rate limited. */
export async function publicTrackingRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const limit = limiter(PUBLIC_READS_PER_MINUTE);
  app.get(
    '/tracking/:token',
    { config: { access: 'public' }, schema: { tags: ['public'], params: publicTokenParamSchema, response: { 200: publicTrackAnswer } } },
    async (request, reply) => {
      limit(request.ip);
      reply.header('cache-control', 'no-store');
      reply.header('referrer-policy', 'no-referrer');
      return { data: await publicTrack(app.deps.database.db, request.params.token) };
    },
  );
}

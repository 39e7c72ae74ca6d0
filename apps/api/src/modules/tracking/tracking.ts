import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { ensureRecurringJob } from '../../repositories/tracking-runs.repository.ts';
import { createGeofenceWatch } from './geofence-watch.ts';
import { createIngest, type Ingest } from './ingest.ts';
import { PROVIDERS_JOB } from './order-tracking.service.ts';
import { ROUTES_CHANNEL } from '../../repositories/tracking-methods.repository.ts';
import { createOsmandServer, type OsmandServer } from './osmand-server.ts';
import { moveDemoDevices } from './providers/demo-devices.ts';
import { type PollContext, pollProviders, type Providers } from './providers/provider-poll.ts';
import { createSimProvider } from './providers/sim.ts';
import { createUlipProvider } from './providers/ulip.ts';
import { type AnnouncedPosition, TRACKING_CHANNEL } from './position-store.ts';
import { publicTrackingRoutes, traccarRoutes } from './public.routes.ts';
import { maintainPositions } from './retention.ts';
import { CHANGES_CHANNEL } from '../../repositories/tracking-events.repository.ts';
import { scanTrips } from './trip-scan.ts';
import { createTrackingLive, trackingSocketHandlers } from './tracking-live.ts';
import { carrierTrackingRoutes, trackingRoutes, trackingShipperRoutes } from './tracking.routes.ts';
import { deviceRoutes } from './tracking-devices.routes.ts';
import { carrierDriverLinkRoutes } from './driver-links.routes.ts';
import { driverTripRoutes } from './driver-trip.routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    tracking: {
      ingest: Ingest;
      /** Resolves once the geofence checks queued by committed positions ran (tests). */
      geofencesIdle: () => Promise<void>;
      /** OsmAnd servers started by listenTracking, closed with the app. */
      servers: OsmandServer[];
      /** ULIP (FASTag, rail) and phone-SIM, real or simulated; tests replace them. */
      providers: Providers;
      /** One round of the provider poll now (tests; the job runs it every minute). */
      pollProviders: (now?: Date) => Promise<{ polled: number; failed: number }>;
    };
  }
}

export const SCAN_JOB = 'tracking-scan';
export const PARTITIONS_JOB = 'tracking-partitions';
const MINUTE = 60_000;

/**
 * Tracking on this API process: the ingest (device routes and group-commit writer), the geofence
 * fast path after each commit, the live events (NOTIFY → Socket.IO rooms on every process), the
 * durable jobs (trip scan every minute; partitions and retention daily) and the routes.
 */
export async function registerTracking(app: FastifyInstance): Promise<void> {
  const { database, config } = app.deps;
  const db = database.db;
  const geofences = createGeofenceWatch(db, app.log);
  const ingest = createIngest(db, {
    retentionDays: config.trackingRetentionDays,
    filters: config.tracking.filters,
    // PGlite is one connection; PostgreSQL overlaps a few batches so a commit's flush never idles the ingest.
    concurrency: database.kind === 'pglite' ? 1 : 4,
    onCommitted: (rows) => geofences.committed(rows),
  });
  const servers: OsmandServer[] = [];
  const providers: Providers = {
    ulip: createUlipProvider(config.ulip, app.deps.outbound.operator),
    sim: createSimProvider(config.sim, app.deps.outbound.operator),
  };
  const poll: PollContext = { db, providers, write: (row) => ingest.writer.write(row), log: app.log };
  app.decorate('tracking', {
    ingest,
    geofencesIdle: () => geofences.idle(),
    servers,
    providers,
    pollProviders: (now?: Date) => pollProviders(poll, now),
  });

  const live = listenLive(app, ingest);
  registerTrackingJobs(app, poll);
  app.addHook('onClose', async () => {
    for (const server of servers.splice(0)) {
      // Keep-alive sockets of phones would hold close() open.
      server.closeAll();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
    live.close();
    await ingest.close();
  });
  await registerTrackingRoutes(app);
}

/** The live events: NOTIFY on every process → its Socket.IO rooms; device routes forgotten when changed. */
function listenLive(app: FastifyInstance, ingest: ReturnType<typeof createIngest>) {
  const { database, listener, realtime } = app.deps;
  const live = createTrackingLive(
    (rooms, event, payload) => realtime.toRoomsHere(rooms, event, payload),
    (room) => realtime.watchedHere(room),
  );
  listener.on(TRACKING_CHANNEL, (payload) => live.positions(JSON.parse(payload) as AnnouncedPosition[]));
  listener.on(CHANGES_CHANNEL, (payload) => live.changed(JSON.parse(payload)));
  listener.on(ROUTES_CHANNEL, (payload) => {
    for (const key of JSON.parse(payload) as string[]) {
      ingest.resolver.forget(key);
    }
  });
  realtime.onSocket(trackingSocketHandlers(database.db));
  return live;
}

/** The durable jobs: the trip scan and the provider poll every minute, partitions and retention daily. */
function registerTrackingJobs(app: FastifyInstance, poll: PollContext) {
  const { database, config, jobs } = app.deps;
  const db = database.db;
  jobs.register(
    SCAN_JOB,
    async (_payload, job) => {
      await scanTrips(db, new Date(), app.log);
      job.runAgainAt(new Date(Date.now() + MINUTE));
    },
    { timeoutMs: 55_000, maxAttempts: 1000 },
  );
  jobs.register(
    PARTITIONS_JOB,
    async (_payload, job) => {
      const done = await maintainPositions(database, config.trackingRetentionDays);
      if (done.created.length || done.dropped.length || done.deleted) {
        app.log.info(done, 'tracking: positions partitions and retention');
      }
      job.runAgainAt(new Date(Date.now() + 24 * 60 * MINUTE));
    },
    { timeoutMs: 10 * MINUTE, maxAttempts: 1000 },
  );
  jobs.register(
    PROVIDERS_JOB,
    async (_payload, job) => {
      await pollProviders(poll);
      await moveDemoDevices(poll);
      job.runAgainAt(new Date(Date.now() + MINUTE));
    },
    { timeoutMs: 55_000, maxAttempts: 1000 },
  );
  app.addHook('onReady', async () => {
    await ensureRecurringJob(db, SCAN_JOB, new Date(Date.now() + MINUTE));
    await ensureRecurringJob(db, PROVIDERS_JOB, new Date(Date.now() + MINUTE));
    await ensureRecurringJob(db, PARTITIONS_JOB, new Date());
  });
}

/** Tracking's routes: shipper (both directions), Traccar, carrier, devices, the public link and the driver's trip link. */
async function registerTrackingRoutes(app: FastifyInstance) {
  await app.register(trackingRoutes(1), { prefix: '/api/tracking/outbound' });
  await app.register(trackingRoutes(2), { prefix: '/api/tracking/inbound' });
  await app.register(trackingShipperRoutes, { prefix: '/api/tracking' });
  await app.register(traccarRoutes, { prefix: '/api/tracking' });
  await app.register(carrierTrackingRoutes, { prefix: '/api/carrier/tracking' });
  await app.register(deviceRoutes([3, 4], ['tracking']), { prefix: '/api/tracking' });
  await app.register(deviceRoutes([2], ['carrier portal']), { prefix: '/api/carrier/tracking' });
  await app.register(publicTrackingRoutes, { prefix: '/api/public' });
  await app.register(carrierDriverLinkRoutes, { prefix: '/api/carrier/orders' });
  await app.register(driverTripRoutes, { prefix: '/api/trip' });
}

/** Starts the OsmAnd port beside the API (`TRACKING_PORT`; port 0 in tests picks a free one). */
export async function listenTracking(app: FastifyInstance, port: number, host: string): Promise<{ server: OsmandServer; port: number }> {
  const server = createOsmandServer(app.tracking.ingest, app.log, app.deps.config.tracking.portLimit);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  app.tracking.servers.push(server);
  return { server, port: (server.address() as AddressInfo).port };
}

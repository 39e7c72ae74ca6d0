import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyPluginAsync, LogController } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { accessPlugin } from './lib/access.ts';
import { compressJsonPlugin } from './lib/compress-json.ts';
import { idempotencyPlugin, purgeIdempotencyKeys } from './lib/idempotency.ts';
import { inputGuardPlugin } from './lib/input-guard.ts';
import { knownStatesPlugin } from './repositories/common/known-states.ts';
import { AppError, isDatabaseUnavailable, isStatementTimeout } from './lib/errors.ts';
import { createHousekeeping, type Housekeeping } from './lib/housekeeping.ts';
import { createJobRunner, type JobRunner } from './lib/jobs.ts';
import { lazyDefaultCompilers } from './lib/lazy-compilers.ts';
import { createListener, type Listener } from './lib/listen.ts';
import { attachSessionCache } from './lib/session-cache.ts';
import { createRealtime, type Realtime } from './lib/realtime.ts';
import { registerSecurityHeaders } from './lib/security-headers.ts';
import { registerSpa } from './lib/spa.ts';
import { createMailer, type Mailer } from './lib/mail.ts';
import { createOutbound, type Outbound } from './lib/outbound.ts';
import { createLocalStorage, localFilesRoot, type Storage } from './lib/storage.ts';
import { accountRoutes } from './modules/account/account.routes.ts';
import { adminRoutes } from './modules/admin/admin.routes.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { carrierGroupRoutes, carrierRoutes } from './modules/carriers/carriers.routes.ts';
import { businessUnitRoutes } from './modules/business-units/business-units.routes.ts';
import { clientContactRoutes, partyRoutes } from './modules/parties/parties.routes.ts';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.ts';
import { deviceAdminRoutes, deviceRoutes } from './modules/devices/devices.routes.ts';
import { geographyAdminRoutes, geographyOptionRoutes } from './modules/geography/geography.routes.ts';
import { planAdminRoutes, planRoutes } from './modules/plans/plans.routes.ts';
import { noticeAdminRoutes, noticeRoutes } from './modules/notices/notices.routes.ts';
import { awardRoutes, carrierOrderRoutes, offlineOrderRoutes, orderRoutes } from './modules/orders/orders.routes.ts';
import { carrierVehicleRoutes } from './modules/orders/carrier-vehicles.ts';
import { carrierPodRoutes, podRoutes } from './modules/orders/pods.routes.ts';
import { carrierConsignmentNoteRoutes, consignmentNoteRoutes } from './modules/consignment-notes/consignment-notes.routes.ts';
import { gateBoardRoutes, gateMoveRoutes } from './modules/gate/gate.routes.ts';
import { carrierCompanyRoutes } from './modules/carrier-company/carrier-company.ts';
import { carrierShipperRoutes } from './modules/carrier-company/carrier-shippers.ts';
import { notificationRoutes } from './modules/notifications/notifications.routes.ts';
import { pushRoutes } from './modules/push/push.routes.ts';
import { contractDocumentRoutes } from './modules/documents/contract-documents.routes.ts';
import { invoiceDocumentRoutes } from './modules/documents/invoice-documents.routes.ts';
import { documentRoutes } from './modules/documents/documents.routes.ts';
import { registerEwayBillAlerts } from './modules/eway-bills/eway-bill-alerts.ts';
import { carrierEwayBillRoutes, ewayBillRoutes } from './modules/eway-bills/eway-bills.routes.ts';
import { plantRoutes } from './modules/plants/plants.routes.ts';
import { routeMasterRoutes } from './modules/route-masters/route-masters.routes.ts';
import { carrierPortalRoutes } from './modules/requests/carrier-portal.routes.ts';
import { registerRequestJobs, requestRoutes } from './modules/requests/requests.routes.ts';
import { roleRoutes } from './modules/roles/roles.routes.ts';
import {
  bidVisibilityRoutes,
  packageRoutes,
  paymentSettingRoutes,
  productRoutes,
  vehicleTypeRoutes,
} from './modules/settings/settings.routes.ts';
import { trackingSettingsRoutes } from './modules/settings/tracking-settings.routes.ts';
import { shipperAdminRoutes } from './modules/shippers/shippers.routes.ts';
import { staffRoutes } from './modules/staff/staff.routes.ts';
import { stopRoutes } from './modules/stops/stops.routes.ts';
import { registerTracking } from './modules/tracking/tracking.ts';
import { carrierIndentRoutes, indentRoutes } from './modules/indents/indents.routes.ts';
import { gstRateAdminRoutes, gstRateRoutes } from './modules/invoices/gst-rates.routes.ts';
import { carrierInvoiceRoutes, invoiceRoutes } from './modules/invoices/invoices.routes.ts';
import { exportRoutes } from './modules/reports/exports.routes.ts';
import { reportRoutes } from './modules/reports/reports.routes.ts';
import { carrierContractRoutes, carrierRfqRoutes, contractRoutes, rfqRoutes } from './modules/rfqs/rfqs.routes.ts';

export type AppDeps = {
  database: Database;
  config: Config;
  mailer?: Mailer;
  storage?: Storage;
  /** Every outbound HTTP call; by default built from the configuration (OUTBOUND_ALLOW). Tests may pass their own. */
  outbound?: Outbound;
  logger?: boolean;
};

declare module 'fastify' {
  interface FastifyInstance {
    deps: {
      database: Database;
      config: Config;
      mailer: Mailer;
      jobs: JobRunner;
      /** `registerPurge` for a module's own old rows (the hourly housekeeping job). */
      housekeeping: Housekeeping;
      realtime: Realtime;
      storage: Storage;
      /** Subscribe a NOTIFY channel (before the app is ready). */
      listener: Listener;
      outbound: Outbound;
    };
  }
}

const DB_RETRY_AFTER_SECONDS = 5;

/**
 * How every error is answered: 400 naming the fields of a bad request, an AppError as it says,
 * 503 with Retry-After when the database is out or a statement ran too long, Fastify's own client
 * errors as they are, and anything else a logged 500 without its details.
 */
function answerErrors(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(err)) {
      const fields: Record<string, string> = {};
      for (const v of err.validation) {
        const key = v.instancePath.replace(/^\//, '').replace(/\//g, '.') || err.validationContext || 'body';
        fields[key] ??= v.message ?? 'Invalid value';
      }
      const [first] = Object.entries(fields);
      const message = first ? `${first[0]}: ${first[1]}` : 'The request is not valid.';
      return reply.code(400).send({ error: { code: 'VALIDATION_FAILED', message, fields } });
    }
    if (err instanceof AppError) {
      if (err.headers) {
        reply.headers(err.headers);
      }
      return reply.code(err.statusCode).send({ error: { code: err.code, message: err.message, fields: err.fields, details: err.details } });
    }
    if (isDatabaseUnavailable(err)) {
      request.log.warn({ err: err.message }, 'database unavailable');
      return reply
        .code(503)
        .header('retry-after', String(DB_RETRY_AFTER_SECONDS))
        .send({ error: { code: 'DATABASE_UNAVAILABLE', message: 'The service is briefly unavailable. Please retry.' } });
    }
    if (isStatementTimeout(err)) {
      // One heavy statement is stopped rather than allowed to hold a connection other users need.
      request.log.warn({ url: request.url }, 'statement timeout');
      return reply
        .code(503)
        .header('retry-after', String(DB_RETRY_AFTER_SECONDS))
        .send({ error: { code: 'QUERY_TIMEOUT', message: 'This took too long to answer. Narrow the search or filters and try again.' } });
    }
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      // Fastify's own client errors: bad JSON, wrong content type, body too large.
      return reply.code(err.statusCode).send({ error: { code: err.code ?? 'BAD_REQUEST', message: err.message } });
    }
    request.log.error({ err }, 'unhandled error');
    return reply.code(500).send({ error: { code: 'INTERNAL', message: 'Something went wrong on our side.' } });
  });
}

/**
 * Every route plugin and the prefix it is mounted at, in the order they are registered (the
 * OpenAPI document lists them so). A module's routes are one line here.
 */
const ROUTES: readonly (readonly [FastifyPluginAsync, string])[] = [
  [authRoutes, '/api'],
  [accountRoutes, '/api'],
  [adminRoutes, '/api/admin'],
  [geographyAdminRoutes, '/api/admin'],
  [planAdminRoutes, '/api/admin'],
  [gstRateAdminRoutes, '/api/admin/gst-rates'],
  [gstRateRoutes, '/api/gst-rates'],
  [invoiceRoutes, '/api/invoices'],
  [carrierInvoiceRoutes, '/api/carrier/invoices'],
  [exportRoutes, '/api/exports'],
  [reportRoutes, '/api/reports'],
  [planRoutes, '/api'],
  [shipperAdminRoutes, '/api/admin/shippers'],
  [noticeAdminRoutes, '/api/admin/notices'],
  [noticeRoutes, '/api/whats-new'],
  [deviceAdminRoutes, '/api/admin/devices'],
  [deviceRoutes, '/api/devices'],
  [dashboardRoutes, '/api/dashboard'],
  [requestRoutes(1), '/api/requests/outbound'],
  [requestRoutes(2), '/api/requests/inbound'],
  [carrierPortalRoutes, '/api/carrier'],
  [carrierCompanyRoutes, '/api/carrier/company'],
  [carrierShipperRoutes, '/api/carrier/shippers'],
  [awardRoutes(1), '/api/requests/outbound'],
  [awardRoutes(2), '/api/requests/inbound'],
  [orderRoutes(1), '/api/orders/outbound'],
  [orderRoutes(2), '/api/orders/inbound'],
  [carrierOrderRoutes, '/api/carrier/orders'],
  [carrierVehicleRoutes, '/api/carrier/vehicles'],
  // Order execution (issue 9): the gate, proofs of delivery.
  [podRoutes(1), '/api/orders/outbound'],
  [podRoutes(2), '/api/orders/inbound'],
  [carrierPodRoutes, '/api/carrier/orders'],
  [consignmentNoteRoutes(1), '/api/orders/outbound'],
  [consignmentNoteRoutes(2), '/api/orders/inbound'],
  [carrierConsignmentNoteRoutes, '/api/carrier/orders'],
  [gateMoveRoutes(1), '/api/orders/outbound'],
  [gateMoveRoutes(2), '/api/orders/inbound'],
  [gateBoardRoutes(1), '/api/gate/outbound'],
  [gateBoardRoutes(2), '/api/gate/inbound'],
  [ewayBillRoutes(1), '/api/orders/outbound'],
  [ewayBillRoutes(2), '/api/orders/inbound'],
  [carrierEwayBillRoutes, '/api/carrier/orders'],
];

/** Mounts the route plugins of `ROUTES`. */
async function mountRoutes(app: FastifyInstance): Promise<void> {
  for (const [plugin, prefix] of ROUTES) {
    await app.register(plugin, { prefix });
  }
}

/** Builds the whole server; main.ts and every test build it the same way. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: deps.logger === false ? false : { level: deps.config.logLevel },
    trustProxy: deps.config.trustProxy,
    bodyLimit: 2 * 1024 * 1024,
    // Per-request lines would drown the start log; errors are still logged by the error handler.
    logController: new LogController({ disableRequestLogging: true }),
    // Ajv and fast-json-stringify stay unloaded: the zod compilers below serve every route.
    schemaController: { compilersFactory: lazyDefaultCompilers },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // First, so every answer carries them: SPA, static files, API, errors and 404s.
  await registerSecurityHeaders(app, deps.config);
  // Durable jobs: modules register handlers; main.ts starts polling, tests call tick().
  const jobs = createJobRunner(deps.database.db, app.log);
  const housekeeping = createHousekeeping(deps.database.db, jobs, app.log);
  housekeeping.registerPurge('idempotency keys', purgeIdempotencyKeys);
  const mailer = deps.mailer ?? createMailer(deps.database.db, jobs, { smtpUrl: deps.config.smtpUrl, from: deps.config.mailFrom }, app.log);
  // NOTIFY channels (after-commit announcements) this process listens to; started when ready.
  const listener = createListener(deps.database, app.log);
  // Live events on the same port; with REDIS_URL they reach sockets on every API process.
  const realtime = createRealtime(deps.database.db, listener, app.log);
  // The embedded database's one process keeps its sessions' viewers in memory, exactly in step.
  const sessionCache = deps.database.kind === 'pglite' ? attachSessionCache(deps.database.db, listener) : undefined;
  await realtime.attach(app.server, deps.config.redisUrl, deps.config.redisKeyPrefix);
  // Uploaded files (request attachments, order documents): <DATA_DIR>/files unless another store is given.
  const storage = deps.storage ?? createLocalStorage(localFilesRoot(deps.config.dataDir));
  // Push, webhooks and provider adapters call out only through this: public https hosts only, and
  // for the operator's configured endpoints also what OUTBOUND_ALLOW lets in.
  const outbound = deps.outbound ?? createOutbound({ operatorAllow: deps.config.outboundAllow });
  app.decorate('deps', { database: deps.database, config: deps.config, mailer, jobs, housekeeping, realtime, storage, outbound, listener });
  app.addHook('onReady', async () => {
    await listener.start();
    sessionCache?.listening();
  });
  app.addHook('onClose', async () => {
    await jobs.stop();
    sessionCache?.closed();
    await listener.close();
    await realtime.close();
    outbound.close();
  });

  answerErrors(app);

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Freightdesk API', version: '0.1.0', description: 'Freight management for shippers and carriers.' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
  await app.register(accessPlugin, { db: deps.database.db });
  await app.register(idempotencyPlugin, { db: deps.database.db });
  // After idempotency: a write's answer is kept as JSON, then compressed for the client.
  await app.register(compressJsonPlugin);
  await app.register(inputGuardPlugin);
  // A state in any body is checked against the geography (after validation, before the handler).
  await app.register(knownStatesPlugin, { db: deps.database.db });

  app.get('/api/health', { config: { access: 'public' } }, async () => {
    await deps.database.db.execute('select 1');
    return { status: 'ok', database: deps.database.kind };
  });
  /** What the browser needs to know of the server's configuration (map tiles). */
  app.get('/api/config', { config: { access: 'public' } }, async () => ({
    data: { mapTileUrl: deps.config.mapTileUrl, mapTileAttribution: deps.config.mapTileAttribution },
  }));
  await mountRoutes(app);
  registerEwayBillAlerts(jobs, deps.database.db);
  await app.register(offlineOrderRoutes(1), { prefix: '/api/offline-orders/outbound' });
  await app.register(offlineOrderRoutes(2), { prefix: '/api/offline-orders/inbound' });
  await app.register(notificationRoutes, { prefix: '/api/notifications' });
  await app.register(pushRoutes, { prefix: '/api/user' });
  await app.register(documentRoutes, { prefix: '/api' });
  await app.register(contractDocumentRoutes, { prefix: '/api' });
  await app.register(invoiceDocumentRoutes, { prefix: '/api' });
  registerRequestJobs(app);
  await app.register(geographyOptionRoutes, { prefix: '/api/geo' });
  await app.register(businessUnitRoutes, { prefix: '/api/business-units' });
  await app.register(stopRoutes, { prefix: '/api/stops' });
  await app.register(roleRoutes, { prefix: '/api/roles' });
  await app.register(staffRoutes, { prefix: '/api/staff' });
  await app.register(carrierRoutes, { prefix: '/api/carriers' });
  await app.register(carrierGroupRoutes, { prefix: '/api/carrier-groups' });
  await app.register(partyRoutes('client'), { prefix: '/api/clients' });
  await app.register(partyRoutes('vendor'), { prefix: '/api/vendors' });
  await app.register(clientContactRoutes, { prefix: '/api/client-contacts' });
  await app.register(routeMasterRoutes, { prefix: '/api/route-masters' });
  await app.register(productRoutes, { prefix: '/api/products' });
  await app.register(packageRoutes, { prefix: '/api/packages' });
  await app.register(vehicleTypeRoutes, { prefix: '/api/vehicle-types' });
  await app.register(bidVisibilityRoutes, { prefix: '/api/bid-visibility-settings' });
  await app.register(paymentSettingRoutes, { prefix: '/api/payment-settings' });
  await app.register(trackingSettingsRoutes, { prefix: '/api/settings/tracking' });
  await app.register(plantRoutes, { prefix: '/api/plants' });
  // Tracking (issue 10): ingest, live positions, trips' events, boards, public links.
  await registerTracking(app);
  await app.register(rfqRoutes, { prefix: '/api/rfqs' });
  await app.register(carrierRfqRoutes, { prefix: '/api/carrier/rfqs' });
  await app.register(contractRoutes, { prefix: '/api/contracts' });
  await app.register(carrierContractRoutes, { prefix: '/api/carrier/contracts' });
  await app.register(indentRoutes, { prefix: '/api/indents' });
  await app.register(carrierIndentRoutes, { prefix: '/api/carrier/indents' });

  registerSpa(app, deps.config);
  return app;
}

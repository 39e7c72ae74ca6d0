import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { answerErrors } from './app-errors.ts';
import { mountRoutes, registerServerRoutes } from './app-routes.ts';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { accessPlugin } from './lib/access.ts';
import { jobLogFields, trackCalls } from './lib/call-context.ts';
import { apiKeyCallsPlugin } from './lib/api-keys.ts';
import { compressJsonPlugin } from './lib/compress-json.ts';
import { idempotencyPlugin, purgeIdempotencyKeys } from './lib/idempotency.ts';
import { inputGuardPlugin } from './lib/input-guard.ts';
import { knownStatesPlugin } from './repositories/common/known-states.ts';
import { createHousekeeping, type Housekeeping } from './lib/housekeeping.ts';
import { createJobRunner, type JobRunner } from './lib/jobs.ts';
import { lazyDefaultCompilers } from './lib/lazy-compilers.ts';
import { createListener, type Listener } from './lib/listen.ts';
import { attachSessionCache } from './lib/session-cache.ts';
import { createRealtime, type Realtime } from './lib/realtime.ts';
import { registerSecurityHeaders } from './lib/security-headers.ts';
import { registerSpa } from './lib/spa.ts';
import { type AnswerMismatch, answerCoverageHook, answerSerializerCompiler } from './openapi/answers.ts';
import { swaggerOptions } from './openapi/contract.ts';
import { createMailer, type Mailer } from './lib/mail.ts';
import { createMetrics, type Metrics, timeCalls } from './lib/metrics.ts';
import { createOutbound, type Outbound } from './lib/outbound.ts';
import type { Storage } from './lib/storage.ts';
import { openStorage } from './lib/storage-open.ts';
import { createRegisters, type Registers } from './modules/verification/registers.ts';

export type AppDeps = {
  database: Database;
  config: Config;
  mailer?: Mailer;
  storage?: Storage;
  /** Every outbound HTTP call; by default built from the configuration (OUTBOUND_ALLOW). Tests may pass their own. */
  outbound?: Outbound;
  logger?: boolean;
  /**
   * The API suite's answer check: every answer of a route with a declared 200 schema is compared
   * with it, and a mismatch fails the call (openapi/answers.ts). Off in production.
   */
  checkAnswers?: (problem: AnswerMismatch) => void;
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
      /** VAHAN and SARATHI through ULIP, or their simulator (issue 37). */
      registers: Registers;
    };
    /** The process's metrics (lib/metrics.ts), served at /metrics with METRICS_TOKEN. */
    metrics: Metrics;
    /** Set at SIGTERM: readiness answers 503 so a load balancer stops sending calls here. */
    lifecycle: { draining: boolean };
  }
}

/** A proxy's or client's `x-request-id` when it is a plain token, else a new one. */
function requestIdOf(req: IncomingMessage): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && /^[A-Za-z0-9._:-]{8,128}$/.test(given) ? given : randomUUID();
}

/** The Fastify server with its logger, limits and the zod compilers, before any plugin. */
function createServer(deps: AppDeps): FastifyInstance {
  const app = Fastify({
    // A job's lines carry the request id of the call that started it (lib/call-context.ts).
    logger: deps.logger === false ? false : { level: deps.config.logLevel, mixin: jobLogFields },
    trustProxy: deps.config.trustProxy,
    bodyLimit: 2 * 1024 * 1024,
    // Routes are written without a trailing slash (`/api/plants`, record 0284); a client that still
    // sends `/api/plants/` reaches the same route.
    routerOptions: { ignoreTrailingSlash: true },
    // Per-request lines would drown the start log; errors are still logged by the error handler.
    logController: new LogController({ disableRequestLogging: true }),
    // Ajv and fast-json-stringify stay unloaded: the zod compilers below serve every route.
    schemaController: { compilersFactory: lazyDefaultCompilers },
    // One id per call, in its every log line (`reqId`) and its answer (`x-request-id`); a proxy's id is kept.
    genReqId: requestIdOf,
    // A call whose connection was accepted before a drain began is served, not answered 503: its
    // client (or load balancer) could not know to send it elsewhere (lib/drain.ts).
    return503OnClosing: false,
  }).withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  // The jobs a call schedules keep its request id.
  trackCalls(app);
  app.setValidatorCompiler(validatorCompiler);
  // A declared answer schema documents the answer and never changes it (record 0286).
  app.setSerializerCompiler(answerSerializerCompiler(deps.checkAnswers));
  if (deps.checkAnswers) {
    app.addHook('onSend', answerCoverageHook(deps.checkAnswers));
  }
  return app;
}

/** Calls that read and never write: they need not wait for the announcements of their changes. */
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * A call that may have written answers only once this process has handled every announcement its
 * commit made (`Listener.sync`): its caller's next call then finds no session's viewer its own
 * change made stale (lib/session-cache.ts). A failed call changed nothing.
 */
function awaitAnnouncements(app: FastifyInstance, listener: Listener) {
  app.addHook('onSend', async (request, reply) => {
    if (!READS.has(request.method) && reply.statusCode < 400) {
      await listener.sync();
    }
  });
}

/**
 * The app's services (jobs, mail, NOTIFY listener, live events, files, outbound HTTP) as
 * `app.deps`, started when the app is ready and stopped when it closes.
 */
async function attachServices(app: FastifyInstance, deps: AppDeps): Promise<void> {
  // Durable jobs: modules register handlers; main.ts starts polling, tests call tick().
  // A stop (SIGTERM) waits as long for running jobs as for calls, then hands the rest to another node.
  const jobs = createJobRunner(deps.database.db, app.log, { stopTimeoutMs: deps.config.shutdownGraceMs });
  const housekeeping = createHousekeeping(deps.database.db, jobs, app.log);
  housekeeping.registerPurge('idempotency keys', purgeIdempotencyKeys);
  const mailer = deps.mailer ?? createMailer(deps.database.db, jobs, { smtpUrl: deps.config.smtpUrl, from: deps.config.mailFrom }, app.log);
  // NOTIFY channels (after-commit announcements) this process listens to; started when ready.
  const listener = createListener(deps.database, app.log);
  // Live events on the same port; with REDIS_URL they reach sockets on every API process.
  const realtime = createRealtime(deps.database.db, listener, app.log);
  // Sessions' viewers kept in memory, exactly in step with the database (lib/session-cache.ts).
  attachSessionCache(deps.database.db, listener);
  awaitAnnouncements(app, listener);
  await realtime.attach(app.server, deps.config.redisUrl, deps.config.redisKeyPrefix);
  // Uploaded files (request attachments, order documents): <DATA_DIR>/files or the S3 bucket (FILE_STORE).
  const storage: Storage & { close?: () => void } = deps.storage ?? openStorage(deps.config);
  // Push, webhooks and provider adapters call out only through this: public https hosts only, and
  // for the operator's configured endpoints also what OUTBOUND_ALLOW lets in.
  const outbound = deps.outbound ?? createOutbound({ operatorAllow: deps.config.outboundAllow });
  const registers = createRegisters(deps.config.ulip, outbound.operator);
  app.decorate('deps', {
    database: deps.database,
    config: deps.config,
    mailer,
    jobs,
    housekeeping,
    realtime,
    storage,
    outbound,
    listener,
    registers,
  });
  // Metrics (issue 36): counted always, served and the calls timed only with METRICS_TOKEN.
  const processMetrics = Boolean(deps.config.metricsToken);
  app.decorate('metrics', createMetrics({ database: deps.database, sockets: realtime.socketCount }, { processMetrics }));
  app.decorate('lifecycle', { draining: false });
  app.addHook('onReady', async () => {
    await listener.start();
  });
  // Before the server stops listening: the sockets of this process reconnect to another node.
  app.addHook('preClose', async () => {
    realtime.disconnectHere();
  });
  app.addHook('onClose', async () => {
    await jobs.stop();
    await listener.close();
    await realtime.close();
    outbound.close();
    if (storage !== deps.storage) {
      storage.close?.();
    }
  });
}

/** The plugins every route goes through: the OpenAPI document, access, idempotency, compression, input checks. */
async function registerPlugins(app: FastifyInstance, deps: AppDeps): Promise<void> {
  // The document as a contract: operationIds, summaries, error answers, servers, security (openapi/contract.ts).
  await app.register(fastifySwagger, swaggerOptions());
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
  await app.register(accessPlugin, { db: deps.database.db, apiKeyCallsPerMinute: deps.config.apiKeyCallsPerMinute });
  await app.register(apiKeyCallsPlugin, { db: deps.database.db });
  await app.register(idempotencyPlugin, { db: deps.database.db });
  // After idempotency: a write's answer is kept as JSON, then compressed for the client.
  await app.register(compressJsonPlugin);
  await app.register(inputGuardPlugin);
  // A state in any body is checked against the geography (after validation, before the handler).
  await app.register(knownStatesPlugin, { db: deps.database.db });
}

/** Builds the whole server; main.ts and every test build it the same way. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = createServer(deps);
  timeCalls(app, deps.config.metricsToken);
  // First, so every answer carries them: SPA, static files, API, errors and 404s.
  await registerSecurityHeaders(app, deps.config);
  await attachServices(app, deps);
  answerErrors(app);
  await registerPlugins(app, deps);
  registerServerRoutes(app);
  await mountRoutes(app);
  registerSpa(app, deps.config);
  return app;
}

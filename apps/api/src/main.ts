import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { ConfigError, linkBaseUrl, loadConfig } from './config.ts';
import { demoLoginsText, openDatabase } from './db/open.ts';
import type { Database } from './db/client.ts';
import { hasDemoUsers } from './db/seed/demo.ts';
import { joinNodes, localFolderOf, type NodeMembership, NodeConflictError } from './lib/api-nodes.ts';
import { drain } from './lib/drain.ts';
import { listenTracking } from './modules/tracking/tracking.ts';

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(2);
    }
    throw err;
  }
  const consoleLog = {
    info: (...a: unknown[]) => console.log(...a.filter((x) => typeof x === 'string')),
    warn: (...a: unknown[]) => console.warn(...a.filter((x) => typeof x === 'string')),
    error: (...a: unknown[]) => console.error(...a),
  };
  const where = config.databaseUrl ? 'PostgreSQL' : `embedded PGlite in ${config.dataDir}`;
  console.log(`Opening the database (${where})…`);
  const database = await openDatabase(config, consoleLog as never);
  const app = await buildApp({ database, config });
  const membership = await joinOrRefuse(app, database);
  await app.listen({ port: config.port, host: config.host });
  if (config.trackingPort) {
    // The OsmAnd port for phones and GPS devices (Traccar Client, OsmAnd): its own server, beside the API.
    const tracking = await listenTracking(app, config.trackingPort, config.host);
    console.log(
      `Tracking (OsmAnd protocol) on port ${tracking.port}; paired phones are told ${config.tracking.publicUrl} (TRACKING_PUBLIC_URL)`,
    );
  }
  app.deps.jobs.start();
  await app.deps.housekeeping.ensureScheduled();
  const url = `http://localhost:${config.port}/`;
  console.log(`\nFreightdesk is running at ${url}\nAPI docs: ${url}api/docs`);
  if (!config.publicUrl) {
    console.log(`PUBLIC_URL is unset: links in mails point at ${linkBaseUrl(config)}/ (set PUBLIC_URL to the address users open).`);
  }
  if (await hasDemoUsers(database.db)) {
    console.log(await demoLoginsText(database.db));
  }
  stopOnSignals(app, database, membership);
}

/**
 * On PostgreSQL, this node joins the others of its database (a heartbeat row, lib/api-nodes.ts):
 * with files in a local folder not declared shared, it refuses to start beside another node.
 */
async function joinOrRefuse(app: FastifyInstance, database: Database): Promise<NodeMembership | undefined> {
  if (database.kind !== 'postgres') {
    return undefined;
  }
  const { config, storage } = app.deps;
  try {
    return await joinNodes(database.db, { folder: localFolderOf(storage), shared: config.fileStoreShared }, app.log);
  } catch (err) {
    if (err instanceof NodeConflictError) {
      console.error(`Freightdesk will not start: ${err.message}`);
      await app.close();
      await database.close();
      process.exit(2);
    }
    throw err;
  }
}

/** SIGTERM and SIGINT drain the node (lib/drain.ts), then leave the nodes and close the database. */
function stopOnSignals(app: FastifyInstance, database: Database, membership: NodeMembership | undefined) {
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) {
      return;
    }
    closing = true;
    console.log(`${signal}: draining (readiness 503, no new connections, calls and jobs in flight finish)`);
    const outcome = await drain(app, app.deps.config.shutdownGraceMs);
    await membership?.stop();
    await database.close();
    console.log(outcome === 'finished' ? 'Stopped: everything in flight finished.' : 'Stopped: calls past the grace were cut.');
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((err) => {
  console.error('Freightdesk could not start:', err instanceof Error ? err.message : err);
  process.exit(1);
});

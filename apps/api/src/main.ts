import { buildApp } from './app.ts';
import { ConfigError, linkBaseUrl, loadConfig } from './config.ts';
import { demoLoginsText, openDatabase } from './db/open.ts';
import { hasDemoUsers } from './db/seed/demo.ts';
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
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) {
      return;
    }
    closing = true;
    // Readiness answers 503 from now on (a load balancer stops sending calls); calls in flight finish.
    app.lifecycle.draining = true;
    console.log(`${signal}: shutting down`);
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((err) => {
  console.error('Freightdesk could not start:', err instanceof Error ? err.message : err);
  process.exit(1);
});

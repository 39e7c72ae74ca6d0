// Benchmark: live tracking fan-out (issue 10 target: 2,000 sockets watching one API process's
// boards, commit-to-browser p99 at most 1 s, the server under 300 MB).
// Run: npm run bench:fanout                 (embedded PGlite, in a temporary folder)
//      npm run bench:fanout -- --pg         (PostgreSQL: DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test;
//                                            the run uses a new temporary database and drops it afterwards)
// Options: --sockets 2000  --clients 2 (child processes holding them)  --users 40 (shipper staff logged in)
//          --trips 500 (tracked orders)  --rate 100 (positions committed per second, all trips together)
//          --seconds 20  --no-ceiling (skip the bare Socket.IO ceiling)
//          --tsx (run the API from its sources under tsx, not the compiled tree npm start runs)
//
// The trips and users are made through an app in this process; then the API runs as a process of
// its own, started as npm start starts it, and that process is measured (CPU and RSS from /proc).
// Staff users' tabs (Socket.IO clients on websockets in child processes) follow the outbound board
// and one order's map each, as the web app does. Each trip's phone reports on a steady schedule
// through the OsmAnd port; when its 200 arrives (after the commit) the time is stamped and sent to
// the tabs' processes, which time each position's arrival against it and count every delivery. The
// ceiling: a bare Socket.IO server sending the same payloads (the same 200 ms gathering) to the
// same tabs, nothing stored.
import { fork, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { Server } from 'socket.io';
import { type ClientsResult, type FromClients, runClients, type Stamp, type TabSpec, type ToClients } from './fanout-clients.ts';
import { startApiServer } from './api-server.ts';
import { openFanoutDatabase } from './fanout-database.ts';
import { driveTrips, type Phase, type Sampled, summarise, thisProcess } from './fanout-drive.ts';
import { cpuSeconds, rssOf, trackCpu } from './proc-sample.ts';

type Args = {
  pg: boolean;
  sockets: number;
  clients: number;
  users: number;
  trips: number;
  rate: number;
  seconds: number;
  ceiling: boolean;
  tsx: boolean;
};

function parseArgs(argv: string[]): Args {
  const value = (name: string, fallback: number) => {
    const i = argv.indexOf(`--${name}`);
    return i >= 0 ? Number(argv[i + 1]) : fallback;
  };
  return {
    pg: argv.includes('--pg') || Boolean(process.env.DATABASE_URL),
    sockets: value('sockets', 2000),
    clients: value('clients', 2),
    users: value('users', 40),
    trips: value('trips', 500),
    rate: value('rate', 100),
    seconds: value('seconds', 20),
    ceiling: !argv.includes('--no-ceiling'),
    tsx: argv.includes('--tsx'),
  };
}

const CLIENTS = '--clients-process';
const isClients = process.argv.includes(CLIENTS);
if (isClients) {
  const handle = runClients((message) => process.send?.(message));
  process.on('message', (message: ToClients) => handle(message));
  process.on('disconnect', () => process.exit(0));
}

/** The tabs' processes: connect them, pass them commit stamps, collect their figures. */
function startClients(count: number) {
  const children: ChildProcess[] = Array.from({ length: count }, () =>
    fork(fileURLToPath(import.meta.url), [CLIENTS], { execArgv: process.execArgv }),
  );
  const next = (child: ChildProcess) =>
    new Promise<FromClients>((resolve, reject) => {
      child.once('message', (m) => resolve(m as FromClients));
      child.once('exit', (code) => reject(new Error(`a clients process exited with ${code}`)));
    });
  return {
    /** Opens the tabs (spread over the processes); answers connected and refused counts. */
    async connect(url: string, tabs: TabSpec[], bare: boolean) {
      const ready = children.map(next);
      children.forEach((child, c) => {
        child.send({ type: 'connect', url, tabs: tabs.filter((_, i) => i % count === c), bare } satisfies ToClients);
      });
      const answers = (await Promise.all(ready)) as Extract<FromClients, { type: 'ready' }>[];
      return { connected: answers.reduce((n, a) => n + a.connected, 0), refused: answers.reduce((n, a) => n + a.refused, 0) };
    },
    stamp(items: Stamp[]) {
      for (const child of children) {
        child.send({ type: 'stamps', items } satisfies ToClients);
      }
    },
    async finish(): Promise<ClientsResult> {
      const results = children.map(next);
      for (const child of children) {
        child.send({ type: 'finish' } satisfies ToClients);
      }
      const all = (await Promise.all(results)) as ClientsResult[];
      const histogram = all[0]?.histogram.map((_, ms) => all.reduce((n, r) => n + (r.histogram[ms] ?? 0), 0)) ?? [];
      const sum = (key: 'delivered' | 'expected' | 'unmatched' | 'cpuSeconds') => all.reduce((n, r) => n + r[key], 0);
      return {
        histogram,
        delivered: sum('delivered'),
        expected: sum('expected'),
        unmatched: sum('unmatched'),
        cpuSeconds: sum('cpuSeconds'),
      };
    },
    disconnect() {
      for (const child of children) {
        child.send({ type: 'disconnect' } satisfies ToClients);
      }
    },
    close() {
      for (const child of children) {
        child.disconnect();
      }
    },
  };
}

const mb = (bytes: number) => `${Math.round(bytes / 2 ** 20)} MB`;

/** A phone's report as Traccar Client posts it; resolves on the 200, which the server sends after the commit. */
function report(agent: http.Agent, port: number, query: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { agent, host: '127.0.0.1', port, method: 'POST', path: `/?${query}`, headers: { 'content-length': 0 } },
      (res) => {
        res.resume();
        res.on('end', () => (res.statusCode === 200 ? resolve() : reject(new Error(`OsmAnd port answered ${res.statusCode}`))));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const { DEMO_PASSWORD } = await import('../apps/api/src/db/seed/demo.ts');
  const { createTrackingLive } = await import('../apps/api/src/modules/tracking/tracking-live.ts');
  const { freePort } = await import('../apps/api/src/test/api-process.ts');

  const bench = await openFanoutDatabase(args.pg);
  const clients = startClients(args.clients);
  let api: Awaited<ReturnType<typeof startApiServer>> | undefined;
  let closed = false;
  const cleanup = async () => {
    if (!closed) {
      closed = true;
      clients.close();
      await api?.stop();
      await bench.drop();
    }
  };
  process.once('SIGINT', () => void cleanup().finally(() => process.exit(130)));
  try {
    // The trips and the users, made through an app in this process; then the API runs as production runs it.
    const { fleet, users } = await bench.setup(args, DEMO_PASSWORD);
    const trackingPort = await freePort();
    api = await startApiServer(
      { ...bench.env, TRACKING_PORT: String(trackingPort), DEMO_DATA: '0' },
      { tsx: args.tsx, port: await freePort() },
    );
    const { pid } = api;
    const server: Sampled = { cpuSeconds: () => cpuSeconds([pid]), rss: () => rssOf(pid) };
    // Tab i: user i mod users, the map of an order of that user's plant.
    const tabs: TabSpec[] = Array.from({ length: args.sockets }, (_, i) => {
      const user = users[i % users.length] ?? { token: '', plantId: null };
      const own = user.plantId === null ? fleet.trips : fleet.trips.filter((t) => t.plantId === user.plantId);
      const trip = own[Math.floor(i / users.length) % own.length] ?? fleet.trips[0];
      const board = `tracking:${fleet.industryId}:1${user.plantId === null ? '' : `:plant:${user.plantId}`}`;
      return { token: user.token, orderId: trip?.orderId ?? 0, plantId: user.plantId, rooms: [board, `order:${trip?.orderId}`] };
    });

    const cpus = os.cpus();
    console.log(
      `machine: ${cpus.length} cores (${cpus[0]?.model.trim()}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`,
    );
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const idleRss = server.rss();
    const opened = await clients.connect(api.base, tabs, false);
    console.log(
      `${bench.name}: ${args.trips} trips, ${args.users} staff users, ${opened.connected} of ${args.sockets} tabs in ${args.clients} processes ` +
        `(${opened.refused} follows refused); ${args.rate} positions/s for ${args.seconds} s; load average ${os.loadavg()[0]?.toFixed(2)}`,
    );
    const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });
    const appPhase: Phase = async (trip, n, fixMs, point) => {
      await report(
        agent,
        trackingPort,
        `id=${trip.identifier}&timestamp=${fixMs}&lat=${point.latitude.toFixed(6)}&lon=${point.longitude.toFixed(6)}&speed=21.6`,
      );
      return n;
    };
    const dbCpu = bench.kind === 'postgres' ? trackCpu(bench.backends) : undefined;
    const run = await driveTrips(fleet.trips, args, clients, appPhase, server);
    run.databaseCpuSeconds = dbCpu?.stop();
    agent.destroy();
    console.log(summarise('app', await clients.finish(), run));
    console.log(
      `server RSS:       ${mb(idleRss)} before the tabs, ${mb(run.rssAtStart)} with them, ${mb(run.rssPeak)} at most while positions flowed ` +
        `(the API process, ${args.tsx ? 'sources under tsx' : 'compiled as npm start runs it'}${bench.kind === 'pglite' ? ', PGlite inside it' : ''})`,
    );
    clients.disconnect();
    await api.stop();

    if (args.ceiling) {
      const httpServer = http.createServer();
      const io = new Server(httpServer, { path: '/socket.io', serveClient: false, cors: { origin: false } });
      io.on('connection', (socket) => void socket.join((socket.handshake.auth as { rooms: string[] }).rooms));
      await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
      await clients.connect(`http://127.0.0.1:${(httpServer.address() as AddressInfo).port}`, tabs, true);
      const live = createTrackingLive((rooms, event, payload) => io.local.to(rooms).emit(event, payload));
      const barePhase: Phase = async (trip, n, fixMs, point) => {
        live.positions([[trip.orderId, fleet.industryId, 1, trip.plantId, point.latitude, point.longitude, fixMs, 40]]);
        return n;
      };
      const bare = await driveTrips(fleet.trips, args, clients, barePhase, thisProcess);
      console.log(summarise('ceiling', await clients.finish(), bare));
      live.close();
      clients.disconnect();
      io.close();
    }
    console.log(`load average:     ${os.loadavg()[0]?.toFixed(2)} at the end`);
    await cleanup();
  } catch (err) {
    await cleanup();
    throw err;
  }
}

if (!isClients) {
  await main();
}

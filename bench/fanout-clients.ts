import { io, type Socket } from 'socket.io-client';

/** One browser tab: its session, the order map it has open, the plant its board is narrowed to (null: every plant). */
export type TabSpec = { token: string; orderId: number; plantId: number | null; rooms: string[] };

/** Parent → clients. `bare`: the ceiling's server, which joins the rooms named in the handshake. */
export type ToClients =
  | { type: 'connect'; url: string; tabs: TabSpec[]; bare: boolean }
  | { type: 'stamps'; items: Stamp[] }
  | { type: 'finish' }
  | { type: 'disconnect' };

/** A committed position: order, plant, fix time (ms) and commit time (ms since the epoch, fractional). */
export type Stamp = [orderId: number, plantId: number, fixMs: number, committedAt: number];

export type ClientsResult = {
  /** Commit-to-receipt latencies in whole ms (index), counted; the last bucket holds everything longer. */
  histogram: number[];
  delivered: number;
  expected: number;
  /** Receipts whose commit was never announced to this process (a stale or foreign position). */
  unmatched: number;
  cpuSeconds: number;
};

export type FromClients = { type: 'ready'; connected: number; refused: number; cpuSeconds: number } | ({ type: 'result' } & ClientsResult);

const MAX_MS = 30_000;
const now = () => performance.timeOrigin + performance.now();
type LivePosition = { orderId: number; fixTime: string };

/**
 * The browser side of the fan-out bench, in a child process: tabs on websocket connections that
 * follow the outbound board and one order's map as the web app does (`follow:tracking`,
 * `follow:order`), and record when each position arrives. The commit times come from the parent
 * (`stamps`); receipts that arrive before their stamp wait for it.
 */
export function runClients(send: (message: FromClients) => void) {
  let sockets: Socket[] = [];
  const histogram = new Array<number>(MAX_MS + 1).fill(0);
  const stamps = new Map<string, number>();
  const early = new Map<string, number[]>();
  let delivered = 0;
  let expected = 0;
  let unmatched = 0;
  let everyPlant = 0;
  const byPlant = new Map<number, number>();
  const byOrder = new Map<number, number>();
  let cpu = process.cpuUsage();

  const record = (key: string, at: number) => {
    delivered++;
    const committed = stamps.get(key);
    if (committed === undefined) {
      early.set(key, [...(early.get(key) ?? []), at]);
      return;
    }
    const ms = Math.max(0, Math.min(MAX_MS, Math.round(at - committed)));
    histogram[ms] = (histogram[ms] ?? 0) + 1;
  };
  const received = (positions: LivePosition[]) => {
    const at = now();
    for (const p of positions) {
      record(`${p.orderId}:${Date.parse(p.fixTime)}`, at);
    }
  };

  const connect = async (url: string, tabs: TabSpec[], bare: boolean) => {
    let refused = 0;
    const open = async (tab: TabSpec) => {
      const socket = io(url, {
        path: '/socket.io',
        transports: ['websocket'],
        forceNew: true,
        reconnection: false,
        auth: bare ? { rooms: tab.rooms } : { token: tab.token },
      });
      socket.on('tracking:board', (m: { positions: LivePosition[] }) => received(m.positions));
      socket.on('tracking:order', (m: { positions: LivePosition[] }) => received(m.positions));
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      if (!bare) {
        const board = await socket.timeout(10_000).emitWithAck('follow:tracking', 1);
        const map = await socket.timeout(10_000).emitWithAck('follow:order', tab.orderId);
        if (!board || !map) {
          refused++;
        }
      }
      sockets.push(socket);
    };
    // A few at a time, as tabs open over a morning rather than in one instant.
    for (let i = 0; i < tabs.length; i += 50) {
      await Promise.all(tabs.slice(i, i + 50).map(open));
    }
    for (const tab of tabs) {
      if (tab.plantId === null) {
        everyPlant++;
      } else {
        byPlant.set(tab.plantId, (byPlant.get(tab.plantId) ?? 0) + 1);
      }
      byOrder.set(tab.orderId, (byOrder.get(tab.orderId) ?? 0) + 1);
    }
    const used = process.cpuUsage(cpu);
    cpu = process.cpuUsage();
    send({ type: 'ready', connected: sockets.length, refused, cpuSeconds: (used.user + used.system) / 1e6 });
  };

  const stamp = (items: Stamp[]) => {
    for (const [orderId, plantId, fixMs, committedAt] of items) {
      const key = `${orderId}:${fixMs}`;
      stamps.set(key, committedAt);
      expected += everyPlant + (byPlant.get(plantId) ?? 0) + (byOrder.get(orderId) ?? 0);
      for (const at of early.get(key) ?? []) {
        delivered--;
        record(key, at);
      }
      early.delete(key);
    }
  };

  const finish = () => {
    unmatched = [...early.values()].reduce((n, list) => n + list.length, 0);
    const used = process.cpuUsage(cpu);
    send({ type: 'result', histogram, delivered, expected, unmatched, cpuSeconds: (used.user + used.system) / 1e6 });
    histogram.fill(0);
    stamps.clear();
    early.clear();
    delivered = 0;
    expected = 0;
    everyPlant = 0;
    byPlant.clear();
    byOrder.clear();
  };

  return (message: ToClients) => {
    if (message.type === 'connect') {
      void connect(message.url, message.tabs, message.bare).catch((err: unknown) => {
        console.error(err);
        process.exit(1);
      });
    } else if (message.type === 'stamps') {
      stamp(message.items);
    } else if (message.type === 'finish') {
      finish();
    } else {
      for (const socket of sockets) {
        socket.disconnect();
      }
      sockets = [];
      cpu = process.cpuUsage();
    }
  };
}

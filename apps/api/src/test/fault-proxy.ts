import net from 'node:net';

/**
 * A TCP proxy in front of a server (PostgreSQL, Redis) that a test can break in the two ways a
 * network breaks:
 * - `cut()`: every connection is reset (RST) and new ones are reset as they arrive, as when the
 *   server restarts or a firewall rejects;
 * - `blackHole()`: nothing passes either way but every socket stays open and new connections are
 *   accepted, as when packets are dropped without a word. Bytes and closes wait in the proxy, as
 *   TCP retransmissions would, and go through on `restore()`;
 * - `blackHoleAfter(marker)`: the same, from the moment the client sends bytes containing `marker`
 *   (which still reach the server): the server acts on a statement, its answer is lost.
 */
export type FaultProxy = {
  port: number;
  cut: () => void;
  blackHole: () => void;
  blackHoleAfter: (marker: string) => void;
  restore: () => void;
  close: () => Promise<void>;
};

type Mode = 'open' | 'cut' | 'hole';

/** One direction of a proxied connection: what the black hole holds back, and whether the sender closed. */
type Direction = { held: Buffer[]; ended: boolean };

type Link = { client: net.Socket; upstream: net.Socket; up: Direction; down: Direction };

export async function startFaultProxy(target: { host: string; port: number }): Promise<FaultProxy> {
  let mode: Mode = 'open';
  let marker: Buffer | undefined;
  const links = new Set<Link>();

  const deliver = (to: net.Socket, d: Direction) => {
    const chunks = d.held.splice(0);
    if (to.destroyed) {
      return;
    }
    for (const chunk of chunks) {
      to.write(chunk);
    }
    if (d.ended) {
      to.end();
    }
  };
  const forward = (from: net.Socket, to: net.Socket, d: Direction, watch: boolean) => {
    from.on('data', (chunk: Buffer) => {
      d.held.push(chunk);
      if (mode === 'open') {
        deliver(to, d);
        if (watch && marker && chunk.includes(marker)) {
          marker = undefined;
          mode = 'hole';
        }
      }
    });
    from.on('close', () => {
      d.ended = true;
      if (mode === 'open') {
        deliver(to, d);
      }
    });
  };
  const reset = (link: Link) => {
    links.delete(link);
    link.client.resetAndDestroy();
    link.upstream.resetAndDestroy();
  };

  const server = net.createServer((client) => {
    client.on('error', () => client.destroy());
    if (mode === 'cut') {
      client.resetAndDestroy();
      return;
    }
    const upstream = net.connect(target.port, target.host);
    upstream.on('error', () => upstream.destroy());
    const link: Link = { client, upstream, up: { held: [], ended: false }, down: { held: [], ended: false } };
    links.add(link);
    forward(client, upstream, link.up, true);
    forward(upstream, client, link.down, false);
    const forget = () => {
      if (client.destroyed && upstream.destroyed) {
        links.delete(link);
      }
    };
    client.on('close', forget);
    upstream.on('close', forget);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;

  return {
    port,
    cut() {
      mode = 'cut';
      for (const link of links) {
        reset(link);
      }
    },
    blackHole() {
      mode = 'hole';
    },
    blackHoleAfter(bytes: string) {
      marker = Buffer.from(bytes);
    },
    restore() {
      mode = 'open';
      marker = undefined;
      for (const link of links) {
        deliver(link.upstream, link.up);
        deliver(link.client, link.down);
      }
    },
    async close() {
      for (const link of links) {
        reset(link);
      }
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

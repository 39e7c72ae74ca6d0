import net from 'node:net';

/** How the simulated phones post: Traccar Client's POST with the query in the address, a GET, or a form body. */
export type PostForm = 'traccar' | 'get' | 'form';

export type LoadJob = {
  port: number;
  identifiers: string[];
  /** Timed phase in seconds, after `warmup` positions per device (not timed). */
  seconds: number;
  warmup: number;
  /** Offered load in positions/s for all devices together (0: each device posts again when answered). */
  rate: number;
  form: PostForm;
  /** The first fix time (ms, a whole second); each device's fixes follow one second apart. */
  firstFix: number;
};

export type LoadResult = {
  /** Round trip of each timed 200, ms. */
  latencies: number[];
  /** Acknowledged (200) positions per device, warm-up included, and the last acknowledged fix. */
  acked: number[];
  lastFix: number[];
  timedAcked: number;
  answers: Record<string, number>;
  elapsedMs: number;
  /** CPU seconds the load generator used in the timed phase. */
  cpuSeconds: number;
};

/** A point on the road between Nashik and Surat, away from every plant and stop; device `i` keeps its own lane. */
function point(i: number, k: number) {
  return { lat: (20.1 + (i % 500) * 0.001 + k * 0.0002).toFixed(6), lon: (73.9 - Math.floor(i / 500) * 0.01 - k * 0.0002).toFixed(6) };
}

/** Traccar Client's query: id, timestamp (seconds), lat, lon, speed (knots), bearing, altitude, accuracy, batt. */
function query(id: string, i: number, k: number, fixMs: number): string {
  const { lat, lon } = point(i, k);
  return `id=${encodeURIComponent(id)}&timestamp=${fixMs / 1000}&lat=${lat}&lon=${lon}&speed=32.4&bearing=315.0&altitude=12.0&accuracy=8.0&batt=76.0`;
}

function request(form: PostForm, port: number, q: string): string {
  const host = `Host: 127.0.0.1:${port}\r\n`;
  if (form === 'get') {
    return `GET /?${q} HTTP/1.1\r\n${host}\r\n`;
  }
  if (form === 'form') {
    return `POST / HTTP/1.1\r\n${host}Content-Type: application/x-www-form-urlencoded\r\nContent-Length: ${q.length}\r\n\r\n${q}`;
  }
  return `POST /?${q} HTTP/1.1\r\n${host}Content-Length: 0\r\n\r\n`;
}

/** A keep-alive connection that sends one request at a time and answers with the status code. */
function connect(port: number): Promise<{ send: (req: string) => Promise<string>; close: () => void }> {
  const socket = net.connect(port, '127.0.0.1');
  socket.setNoDelay(true);
  let buffer = '';
  let waiting: { resolve: (status: string) => void; reject: (err: Error) => void } | null = null;
  socket.on('data', (chunk: Buffer) => {
    buffer += chunk.toString('latin1');
    const end = buffer.indexOf('\r\n\r\n');
    if (end < 0) {
      return;
    }
    const length = Number(/\r\ncontent-length: *(\d+)/i.exec(buffer.slice(0, end))?.[1] ?? 0);
    if (buffer.length < end + 4 + length) {
      return;
    }
    const status = buffer.slice(9, 12);
    buffer = buffer.slice(end + 4 + length);
    const w = waiting;
    waiting = null;
    w?.resolve(status);
  });
  const fail = (err: Error) => {
    const w = waiting;
    waiting = null;
    w?.reject(err);
  };
  socket.on('error', fail);
  socket.on('close', () => fail(new Error('connection closed')));
  return new Promise((resolve, reject) => {
    socket.once('error', reject);
    socket.once('connect', () =>
      resolve({
        send: (req) =>
          new Promise<string>((res, rej) => {
            waiting = { resolve: res, reject: rej };
            socket.write(req);
          }),
        close: () => socket.end(),
      }),
    );
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs the phones on keep-alive connections, each sending one position at a time: `warmup`
 * positions each (not timed), then, once every phone is warm (`onTimed`), all post for `seconds`. A refused
 * position is sent again after 100 ms, as Traccar Client keeps it.
 */
export async function generateIngestLoad(job: LoadJob, onTimed: () => void): Promise<LoadResult> {
  const n = job.identifiers.length;
  const result: LoadResult = {
    latencies: [],
    acked: new Array(n).fill(0),
    lastFix: new Array(n).fill(0),
    timedAcked: 0,
    answers: {},
    elapsedMs: 0,
    cpuSeconds: 0,
  };
  let cpu = process.cpuUsage();
  let warm = 0;
  let openGate: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => {
    openGate = resolve;
  });
  let started = 0;
  const interval = job.rate > 0 ? (1000 * n) / job.rate : 0;
  const phone = async (i: number) => {
    const id = job.identifiers[i] ?? '';
    const conn = await connect(job.port);
    let k = 0;
    const post = async (): Promise<number | null> => {
      const sentAt = performance.now();
      const status = await conn.send(request(job.form, job.port, query(id, i, k, job.firstFix + k * 1000)));
      result.answers[status] = (result.answers[status] ?? 0) + 1;
      if (status !== '200') {
        await sleep(100);
        return null;
      }
      result.acked[i] = (result.acked[i] ?? 0) + 1;
      result.lastFix[i] = job.firstFix + k * 1000;
      k++;
      return performance.now() - sentAt;
    };
    while (k < job.warmup) {
      await post();
    }
    if (++warm === n) {
      started = performance.now();
      cpu = process.cpuUsage();
      onTimed();
      openGate();
    }
    await gate;
    const stopAt = started + job.seconds * 1000;
    for (let sent = 0; performance.now() < stopAt; sent++) {
      // Paced: phone i's n-th position is due at started + (i / phones + n) * interval.
      const wait = interval ? started + (i / n + sent) * interval - performance.now() : 0;
      if (wait > 0) {
        await sleep(wait);
      }
      if (performance.now() >= stopAt) {
        break;
      }
      const ms = await post();
      if (ms !== null) {
        result.latencies.push(ms);
        result.timedAcked++;
      }
    }
    conn.close();
  };
  await Promise.all(job.identifiers.map((_, i) => phone(i)));
  result.elapsedMs = performance.now() - started;
  const used = process.cpuUsage(cpu);
  result.cpuSeconds = (used.user + used.system) / 1e6;
  return result;
}

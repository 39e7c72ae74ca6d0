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
  /**
   * Positions each device had acknowledged before this run (a capacity search's earlier probes):
   * device i goes on from its `startK[i]`-th fix along its lane, so none is a duplicate or a jump.
   */
  startK?: number[];
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

/**
 * A keep-alive connection that sends one request at a time and answers with the status code. It
 * reads the answer as bytes (the head's end, the status, `Content-Length`) with one callback per
 * request and no promise: the phones share the server's two cores, so what they spend is taken
 * from the app's figures.
 */
function connect(port: number): Promise<{ send: (req: string, done: (status: string | Error) => void) => void; close: () => void }> {
  const socket = net.connect(port, '127.0.0.1');
  socket.setNoDelay(true);
  let buffer: Buffer | null = null;
  let waiting: ((status: string | Error) => void) | null = null;
  const CONTENT_LENGTH = /\r\ncontent-length: *(\d+)/i;
  socket.on('data', (chunk: Buffer) => {
    buffer = buffer ? Buffer.concat([buffer, chunk]) : chunk;
    const end = buffer.indexOf('\r\n\r\n');
    if (end < 0) {
      return;
    }
    const head = buffer.toString('latin1', 0, end);
    const length =
      head.includes('\r\nContent-Length: 0\r\n') || head.endsWith('\r\nContent-Length: 0')
        ? 0
        : Number(CONTENT_LENGTH.exec(head)?.[1] ?? 0);
    if (buffer.length < end + 4 + length) {
      return;
    }
    const status = head.slice(9, 12);
    buffer = buffer.length > end + 4 + length ? buffer.subarray(end + 4 + length) : null;
    const w = waiting;
    waiting = null;
    w?.(status);
  });
  const fail = (err: Error) => {
    const w = waiting;
    waiting = null;
    w?.(err);
  };
  socket.on('error', fail);
  socket.on('close', () => fail(new Error('connection closed')));
  return new Promise((resolve, reject) => {
    socket.once('error', reject);
    socket.once('connect', () =>
      resolve({
        send: (req, done) => {
          waiting = done;
          socket.write(req, 'latin1');
        },
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
    const first = job.startK?.[i] ?? 0;
    let k = first;
    // One position: sent, answered, counted; a refused one is sent again after 100 ms (Traccar Client keeps it).
    const post = (then: (ms: number | null) => void) => {
      const sentAt = performance.now();
      conn.send(request(job.form, job.port, query(id, i, k, job.firstFix + k * 1000)), (answer) => {
        if (answer instanceof Error) {
          throw answer;
        }
        result.answers[answer] = (result.answers[answer] ?? 0) + 1;
        if (answer !== '200') {
          setTimeout(() => then(null), 100);
          return;
        }
        result.acked[i] = (result.acked[i] ?? 0) + 1;
        result.lastFix[i] = job.firstFix + k * 1000;
        k++;
        then(performance.now() - sentAt);
      });
    };
    const postOne = () => new Promise<number | null>((resolve) => post(resolve));
    while (k < first + job.warmup) {
      await postOne();
    }
    if (++warm === n) {
      started = performance.now();
      cpu = process.cpuUsage();
      onTimed();
      openGate();
    }
    await gate;
    const stopAt = started + job.seconds * 1000;
    if (!interval) {
      // As fast as answers come: the next position goes from the answer's callback.
      await new Promise<void>((resolve) => {
        const next = (ms: number | null) => {
          if (ms !== null) {
            result.latencies.push(ms);
            result.timedAcked++;
          }
          if (performance.now() >= stopAt) {
            resolve();
            return;
          }
          post(next);
        };
        post(next);
      });
      conn.close();
      return;
    }
    for (let sent = 0; performance.now() < stopAt; sent++) {
      // Paced: phone i's n-th position is due at started + (i / phones + n) * interval; none is due
      // after the timed phase (waiting for it would lengthen the phase and lower the rate it measured).
      const due = started + (i / n + sent) * interval;
      if (due >= stopAt) {
        break;
      }
      const wait = due - performance.now();
      if (wait > 0) {
        await sleep(wait);
      }
      if (performance.now() >= stopAt) {
        break;
      }
      const ms = await postOne();
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

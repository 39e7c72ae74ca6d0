import http from 'node:http';
import zlib from 'node:zlib';
import { percentile } from './bench-database.ts';

/** What one scenario's timed phase measured. */
export type LoadResult = {
  /** Calls answered as expected, per second of the timed phase. */
  throughput: number;
  p50: number;
  p99: number;
  max: number;
  sent: number;
  ok: number;
  /** Failures by kind (`503`, `network ECONNRESET`, `wrong answer` …). */
  failed: Record<string, number>;
};

/**
 * Offers `rate` calls per second for `seconds` (open loop: each call starts on its schedule whether
 * or not earlier ones have answered, at most `inFlight` at once; a call that has to wait for one of
 * those is late and its wait counts). Each latency runs from the call's scheduled start to its
 * answer, so a server that falls behind shows it in p99 instead of the generator slowing down.
 */
export async function offerLoad(
  rate: number,
  seconds: number,
  call: () => Promise<string | undefined>,
  inFlight = 64,
): Promise<LoadResult> {
  const latencies: number[] = [];
  const failed: Record<string, number> = {};
  const total = Math.max(1, Math.round(rate * seconds));
  const interval = 1000 / rate;
  const started = performance.now();
  let running = 0;
  const waiting: (() => void)[] = [];
  const one = async (scheduled: number) => {
    if (running >= inFlight) {
      await new Promise<void>((resolve) => waiting.push(resolve));
    }
    running++;
    let outcome: string | undefined;
    try {
      outcome = await call();
    } catch (err) {
      outcome = `network ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`;
    }
    running--;
    waiting.shift()?.();
    if (outcome) {
      failed[outcome] = (failed[outcome] ?? 0) + 1;
    } else {
      latencies.push(performance.now() - scheduled);
    }
  };
  const calls: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const scheduled = started + i * interval;
    const wait = scheduled - performance.now();
    if (wait > 1) {
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
    calls.push(one(scheduled));
  }
  await Promise.all(calls);
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    throughput: latencies.length / elapsed,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    max: latencies.at(-1) ?? 0,
    sent: total,
    ok: latencies.length,
    failed,
  };
}

/**
 * A GET on a keep-alive agent: undefined when it answers 200 with a list, else what went wrong.
 * `encoding` is sent as Accept-Encoding (a browser sends `gzip, deflate, br, zstd`); a compressed
 * answer is inflated. The list is checked by its shape, `{"data":[…],"total":N…}`, as the API
 * writes it, without building it in this process: the generator shares the server's two cores, and
 * parsing every 100-row answer cost it a fifth of one. `strict` parses it whole (a scenario's first call).
 */
export function getList(
  agent: http.Agent,
  base: URL,
  path: string,
  token: string,
  options: { encoding?: string; strict?: boolean } = {},
): Promise<string | undefined> {
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  if (options.encoding) {
    headers['accept-encoding'] = options.encoding;
  }
  return new Promise((resolve, reject) => {
    const req = http.request({ agent, host: base.hostname, port: base.port, path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        if (res.statusCode !== 200) {
          resolve(String(res.statusCode));
          return;
        }
        const raw = Buffer.concat(chunks);
        const encoding = res.headers['content-encoding'];
        const text = (encoding === 'br' ? zlib.brotliDecompressSync(raw) : encoding === 'gzip' ? zlib.gunzipSync(raw) : raw).toString();
        resolve(options.strict ? wholeList(text) : listShape(text));
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** The API's list answer as written (`data` first, `total` after it), or 'wrong answer'. */
export function listShape(text: string): string | undefined {
  return text.startsWith('{"data":[') && /\],"total":\d+,.*"pageSize":\d+/.test(text.slice(-600)) ? undefined : 'wrong answer';
}

function wholeList(text: string): string | undefined {
  const body = JSON.parse(text) as { data?: unknown[]; total?: number };
  return Array.isArray(body.data) && body.data.length > 0 && typeof body.total === 'number' && !listShape(text)
    ? undefined
    : 'wrong answer';
}

/** Bid load for the fault tests: timed HTTP calls against a running API. */

/** One answered (or failed) call: times from performance.now(), status 0 when the network failed. */
export type Call = {
  kind: 'bid' | 'health';
  start: number;
  end: number;
  status: number;
  retryAfter: string | null;
  code: string;
  key?: string;
  amountPaise?: number;
};

/** Each carrier's pause between bids: about 100 bids/s in all while the database answers. */
const PACE_MS = 40;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** One timed HTTP call; a network failure (the process gone) is status 0. */
export async function timed(kind: Call['kind'], url: string, init?: RequestInit): Promise<Call> {
  const start = performance.now();
  try {
    const res = await fetch(url, { ...init, signal: AbortSignal.timeout(15_000) });
    const body = (await res.json().catch(() => ({}))) as { error?: { code?: string } };
    return {
      kind,
      start,
      end: performance.now(),
      status: res.status,
      retryAfter: res.headers.get('retry-after'),
      code: body.error?.code ?? '',
    };
  } catch (err) {
    return { kind, start, end: performance.now(), status: 0, retryAfter: null, code: (err as Error).message };
  }
}

/**
 * Carriers lowering their bids as fast as answers come (with a short pause), each bid with a fresh
 * idempotency key and lower than any the carrier sent before, and a probe of /api/health every
 * 100 ms. Every call lands in `calls`; the returned function stops the load and waits for it.
 */
export function driveLoad(target: { base: string; requestId: number; tokens: string[]; keyPrefix: string }, calls: Call[]) {
  const { base, requestId, tokens, keyPrefix } = target;
  let running = true;
  const bidder = async (token: string, index: number) => {
    let amountPaise = 9_000_000 - index * 10_000;
    for (let n = 0; running; n++) {
      amountPaise -= 100;
      const key = `${keyPrefix}-${index}-${n}`;
      const c = await timed('bid', `${base}/api/carrier/requests/${requestId}/bids`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ amountRupees: amountPaise / 100, vehicles: 1, idempotencyKey: key }),
      });
      calls.push({ ...c, key, amountPaise });
      await sleep(PACE_MS);
    }
  };
  const prober = async () => {
    while (running) {
      calls.push(await timed('health', `${base}/api/health`));
      await sleep(100);
    }
  };
  const loops = [...tokens.map(bidder), prober()];
  return async () => {
    running = false;
    await Promise.all(loops);
  };
}

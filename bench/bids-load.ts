import http from 'node:http';

/**
 * The bids bench's carriers: each keeps lowering its own bid by a random step of at least the
 * minimum decrement, one bid in flight at a time. Two ways to offer them: as fast as answers come or
 * paced per carrier (`generateLoad`, in a child process), or open loop at an offered rate with the
 * next free carrier taking each call (`bidCaller`, for lists-load.ts's offerLoad and the capacity search).
 */

/** Every carrier's first bid (paise, set up through the app) is around ₹5,00,000, each its own. */
export const firstBidPaise = (i: number) => 50_000_000 + i * 137;

export type Carrier = { token: string; vehicles: number; current: number };

export const carriersOf = (tokens: string[]): Carrier[] =>
  tokens.map((token, i) => ({ token, vehicles: 1 + (i % 3), current: firstBidPaise(i) }));

function post(agent: http.Agent, base: URL, path: string, token: string, body: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        agent,
        host: base.hostname,
        port: base.port,
        path,
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * One bid of `carrier` below its current one: 'ok' when it is accepted with the amount sent and a
 * rank (the carrier's bid is then that amount), else what went wrong.
 */
export async function bidOnce(agent: http.Agent, base: URL, path: string, carrier: Carrier, stepPaise: number): Promise<string> {
  const next = carrier.current - stepPaise - Math.floor(Math.random() * 3 * stepPaise);
  const body = JSON.stringify({ amountRupees: next / 100, vehicles: carrier.vehicles });
  let outcome: string;
  try {
    const res = await post(agent, base, path, carrier.token, body);
    if (res.status === 201) {
      const data = JSON.parse(res.body).data as { amountRupees: number; rank: number | null };
      outcome = Math.round(data.amountRupees * 100) === next && data.rank !== null ? 'ok' : 'WRONG_POSITION';
    } else {
      outcome = `${res.status} ${(JSON.parse(res.body || '{}') as { error?: { code?: string } }).error?.code ?? ''}`.trim();
    }
  } catch (err) {
    outcome = `network ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`;
  }
  if (outcome === 'ok') {
    carrier.current = next;
  }
  return outcome;
}

/**
 * Calls for an open-loop load (lists-load.ts's offerLoad, at most as many in flight as carriers):
 * each takes the carrier free the longest and bids for it. `accepted()` counts every accepted bid.
 */
export function bidCaller(base: string, path: string, carriers: Carrier[], stepPaise: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: carriers.length });
  const url = new URL(base);
  const free = [...carriers];
  let accepted = 0;
  const call = async (): Promise<string | undefined> => {
    const carrier = free.shift();
    if (!carrier) {
      return 'no free carrier';
    }
    const outcome = await bidOnce(agent, url, path, carrier, stepPaise);
    free.push(carrier);
    accepted += outcome === 'ok' ? 1 : 0;
    return outcome === 'ok' ? undefined : outcome;
  };
  return { call, accepted: () => accepted, close: () => agent.destroy() };
}

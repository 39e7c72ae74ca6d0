/** Addresses remembered at most; beyond, the oldest half is forgotten (a flood of new addresses costs bounded memory). */
const MAX_SOURCES = 100_000;

/**
 * A token bucket per source address, in memory (each process counts its own): `burst` requests at
 * once, refilled at `rate` a second. Answers 0 when the request may go, else the whole seconds to
 * wait (for `Retry-After`). Phones behind one carrier-grade NAT share an address: the defaults
 * (20 a second, 600 at once) leave room for hundreds of them and for a phone's backlog.
 */
export function createSourceLimit(rate: number, burst: number, clock: () => number = Date.now) {
  const buckets = new Map<string, { tokens: number; at: number }>();
  const forgetOldest = () => {
    let n = 0;
    for (const key of buckets.keys()) {
      if (n++ >= MAX_SOURCES / 2) {
        break;
      }
      buckets.delete(key);
    }
  };
  return (source: string): number => {
    const now = clock();
    let b = buckets.get(source);
    if (!b) {
      if (buckets.size >= MAX_SOURCES) {
        forgetOldest();
      }
      b = { tokens: burst, at: now };
      buckets.set(source, b);
    }
    b.tokens = Math.min(burst, b.tokens + ((now - b.at) / 1000) * rate);
    b.at = now;
    if (b.tokens >= 1) {
      b.tokens -= 1;
      return 0;
    }
    return Math.max(1, Math.ceil((1 - b.tokens) / rate));
  };
}

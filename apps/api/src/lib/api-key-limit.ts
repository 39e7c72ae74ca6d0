/**
 * Calls per API key per minute, counted in this process (a fixed window from the key's first call
 * of the minute). Several API processes each keep their own count, so N processes allow up to N
 * times the budget: a documented ceiling against a runaway client, not a metering (record 0291).
 */
const WINDOW_MS = 60_000;
/** Keys counted at most before stale windows are dropped. */
const MAX_KEYS = 10_000;

type Window = { startedAt: number; calls: number };

export function createApiKeyLimiter(callsPerMinute: number) {
  const windows = new Map<number, Window>();

  const dropStale = (now: number) => {
    for (const [id, w] of windows) {
      if (now - w.startedAt >= WINDOW_MS) {
        windows.delete(id);
      }
    }
  };

  return {
    /** Counts a call of the key: null when within the budget, else the seconds until the window ends. */
    take(keyId: number, now = Date.now()): number | null {
      let w = windows.get(keyId);
      if (!w || now - w.startedAt >= WINDOW_MS) {
        if (windows.size >= MAX_KEYS) {
          dropStale(now);
        }
        w = { startedAt: now, calls: 0 };
        windows.set(keyId, w);
      }
      w.calls++;
      if (w.calls <= callsPerMinute) {
        return null;
      }
      return Math.max(1, Math.ceil((w.startedAt + WINDOW_MS - now) / 1000));
    },
  };
}

export type ApiKeyLimiter = ReturnType<typeof createApiKeyLimiter>;

import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, isUnsure, newIdempotencyKey } from '../../lib/api.ts';
import { postPositions, type TripPosition } from './api/trip-moves.ts';
import { PositionQueue } from './position-batch.ts';

export type SharingStatus = 'off' | 'starting' | 'on' | 'denied' | 'unavailable' | 'unsupported' | 'ended';
export type Sharing = { status: SharingStatus; lastSentAt: string | null; held: number };

/** How often the page looks whether a batch is due (the batch rule itself is position-batch.ts's). */
const TICK_MS = 5_000;
/** The driver said yes on this tab: a reload of the page goes on sharing (the consent is "while this page is open"). */
const consentKey = (token: string) => `freightdesk.trip-sharing.${token}`;

const toPosition = (p: GeolocationPosition): TripPosition => ({
  latitude: p.coords.latitude,
  longitude: p.coords.longitude,
  accuracy: p.coords.accuracy ?? undefined,
  speed: p.coords.speed ?? undefined,
  heading: p.coords.heading === null || Number.isNaN(p.coords.heading) ? undefined : p.coords.heading,
  altitude: p.coords.altitude ?? undefined,
  at: new Date(p.timestamp).toISOString(),
});

/** Sends the batch that is due (or, `force`, whatever waits): answered → gone; no network → kept for the next try, same key. */
async function sendDue(token: string, queue: PositionQueue, force: boolean): Promise<'sent' | 'kept' | 'ended' | 'idle'> {
  if (!navigator.onLine || !(force ? queue.size > 0 : queue.due(Date.now()))) {
    return 'idle';
  }
  const batch = queue.take();
  if (!batch) {
    return 'idle';
  }
  try {
    await postPositions(token, batch.positions, batch.key);
    queue.sent(Date.now());
    return 'sent';
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) {
      queue.clear();
      return 'ended';
    }
    if (err instanceof ApiError && !isUnsure(err.status)) {
      queue.sent(Date.now()); // refused for good (a bad reading): never sent again
      return 'idle';
    }
    return 'kept';
  }
}

type Refs = { queue: PositionQueue; watch: number | null; busy: boolean };

/** Sends what is due and records how it went (a link that ended stops the watch). */
function useFlush(token: string, refs: Refs, stopWatching: () => void, setSharing: (f: (s: Sharing) => Sharing) => void) {
  return useCallback(
    async (force = false) => {
      if (refs.busy) {
        return;
      }
      refs.busy = true;
      const outcome = await sendDue(token, refs.queue, force).finally(() => {
        refs.busy = false;
      });
      if (outcome === 'ended') {
        stopWatching();
        sessionStorage.removeItem(consentKey(token));
      }
      setSharing((s) => ({
        status: outcome === 'ended' ? 'ended' : s.status,
        lastSentAt: outcome === 'sent' ? new Date().toISOString() : s.lastSentAt,
        held: refs.queue.size,
      }));
    },
    [token, refs, stopWatching, setSharing],
  );
}

/** Starts watching the phone's position (high accuracy); each position joins the queue. */
function watchPositions(refs: Refs, onPosition: () => void, onRefused: (status: 'denied' | 'unavailable') => void): number {
  return navigator.geolocation.watchPosition(
    (p) => {
      refs.queue.add(toPosition(p));
      onPosition();
    },
    (err) => {
      // A timeout only means no fix yet: the watch goes on.
      if (err.code === err.PERMISSION_DENIED || err.code === err.POSITION_UNAVAILABLE) {
        onRefused(err.code === err.PERMISSION_DENIED ? 'denied' : 'unavailable');
      }
    },
    { enableHighAccuracy: true, maximumAge: 10_000, timeout: 60_000 },
  );
}

/**
 * The phone's location for one trip, with the driver's consent (record 0302): watchPosition with
 * high accuracy while the page is open, positions batched (every ~30 s or 10 positions) and posted
 * to `/api/trip/{token}/positions`; without network they wait in memory (up to a cap) and go when
 * it returns. A refused permission is reported, never asked again behind the driver's back.
 */
export function useLocationSharing(token: string, lastAt: string | null) {
  const [sharing, setSharing] = useState<Sharing>({ status: 'off', lastSentAt: lastAt, held: 0 });
  // The first position goes at once (the queue's clock starts at 0).
  const refs = useRef<Refs>({ queue: new PositionQueue(0, newIdempotencyKey), watch: null, busy: false }).current;
  const stopWatching = useCallback(() => {
    if (refs.watch !== null) {
      navigator.geolocation.clearWatch(refs.watch);
      refs.watch = null;
    }
  }, [refs]);
  const flush = useFlush(token, refs, stopWatching, setSharing);

  const start = useCallback(() => {
    if (!('geolocation' in navigator)) {
      setSharing((s) => ({ ...s, status: 'unsupported' }));
      return;
    }
    stopWatching();
    sessionStorage.setItem(consentKey(token), '1');
    setSharing((s) => ({ ...s, status: 'starting' }));
    const onPosition = () => {
      setSharing((s) => ({ ...s, status: 'on', held: refs.queue.size }));
      void flush();
    };
    refs.watch = watchPositions(refs, onPosition, (status) => {
      stopWatching();
      sessionStorage.removeItem(consentKey(token));
      setSharing((s) => ({ ...s, status }));
    });
  }, [token, refs, flush, stopWatching]);

  const stop = useCallback(() => {
    stopWatching();
    sessionStorage.removeItem(consentKey(token));
    setSharing((s) => ({ ...s, status: 'off' }));
    void flush(true);
  }, [token, flush, stopWatching]);

  useEffect(() => {
    if (sessionStorage.getItem(consentKey(token)) === '1') {
      start();
    }
    const timer = window.setInterval(() => void flush(), TICK_MS);
    const online = () => void flush(true);
    window.addEventListener('online', online);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener('online', online);
      stopWatching();
    };
  }, [token, start, flush, stopWatching]);

  return { sharing, start, stop };
}

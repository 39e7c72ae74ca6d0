import { SIM_PING_MINUTES } from '@freightdesk/shared/constants';
import type { Db } from '../../../db/client.ts';
import { trackingSettingsOf } from '../../settings/tracking-settings.service.ts';
import type { PositionRow } from '../position-store.ts';
import { providerCandidates, saveProviderState } from '../../../repositories/tracking-runs.repository.ts';
import { loadTrips, type Trip } from '../../../repositories/tracking-trips.repository.ts';
import { announceChange } from '../../../repositories/tracking-events.repository.ts';
import { located } from '../trip.ts';
import type { Journey } from './journey.ts';
import { simConsentStep } from './sim-consent.ts';
import type { SimProvider } from './sim.ts';
import type { UlipProvider } from './ulip.ts';

export type Providers = { ulip: UlipProvider; sim: SimProvider };
type Log = { warn: (obj: object, msg: string) => void };
export type PollContext = {
  db: Db;
  providers: Providers;
  /** Stores a position; resolves after its commit (the ingest's group-commit writer). */
  write: (row: PositionRow) => Promise<void>;
  log: Log;
};

/** How often each kind is asked: FASTag reads land within minutes, a rake reports at stations. */
export const POLL_MINUTES = { fastag: 10, rail: 15 } as const;
/** A pending consent is read every minute until the driver answers. */
const CONSENT_POLL_MINUTES = 1;
const SEEN_KEPT = 500;
const MINUTE = 60_000;

export type ProviderState = {
  seen?: string[];
  duplicates?: number;
  beforeStart?: number;
  skipped?: number;
  lastRef?: string;
  rail?: Record<string, unknown>;
  notFound?: boolean;
  consentRequestedAt?: string;
  lastError?: string;
};

export type DueTrip = {
  trackingId: number;
  orderId: number;
  method: 'fastag' | 'rail' | 'sim';
  state: ProviderState;
  lastPolledAt: Date | null;
  trip: Trip;
};

/** The lane as the simulators need it. */
export function journeyOf(trip: Trip): Journey | null {
  const points = trip.stops.filter(located).map((s) => ({ latitude: s.latitude, longitude: s.longitude }));
  const startedAt = trip.tracking?.startedAt ?? trip.gateOutAt;
  return points.length >= 2 && startedAt ? { points, startedAt } : null;
}

/** A provider's position of this trip, routed to its order's rooms. */
export function providerRow(
  trip: Trip,
  source: PositionRow['source'],
  at: Date,
  fields: Partial<Omit<PositionRow, 'filtered'>>,
): PositionRow {
  return {
    deviceId: null,
    orderId: trip.id,
    industryId: trip.industryId,
    trackingId: null,
    source,
    fixTime: at,
    receivedAt: new Date(),
    latitude: null,
    longitude: null,
    speedKmh: null,
    bearing: null,
    altitude: null,
    accuracy: null,
    battery: null,
    valid: true,
    providerRef: null,
    placeName: null,
    attributes: null,
    route: { requestType: trip.requestType, plantId: trip.plantId },
    ...fields,
    // A provider's answer (FASTag, rail, the operator's SIM fix, the demo simulator) is trusted as it comes.
    filtered: null,
  };
}

/** FASTag: new reads since the trip started, each seqNo once (within and across polls), in read order. */
async function pollFastag(ctx: PollContext, due: DueTrip): Promise<ProviderState> {
  const { trip, state } = due;
  const vehicle = trip.tracking?.vehicleNumber ?? trip.vehicleNumber;
  const started = trip.tracking?.startedAt;
  if (!vehicle || !started) {
    return state;
  }
  const { reads, skipped } = await ctx.providers.ulip.fastag(vehicle, journeyOf(trip));
  // Seen: seqNos stored before, and (prefixed "-") reads of before the trip.
  const known = new Set(state.seen ?? []);
  const isKnown = (seq: string) => known.has(seq) || known.has(`-${seq}`);
  const thisPoll = new Set<string>();
  const ignored: string[] = [];
  let duplicates = state.duplicates ?? 0;
  const rows: PositionRow[] = [];
  for (const read of [...reads].sort((a, b) => a.readAt.getTime() - b.readAt.getTime())) {
    if (thisPoll.has(read.seqNo)) {
      // The same crossing read twice in one answer (two readers of the lane): stored once.
      duplicates += isKnown(read.seqNo) ? 0 : 1;
      continue;
    }
    thisPoll.add(read.seqNo);
    if (isKnown(read.seqNo)) {
      continue;
    }
    if (read.readAt < started) {
      ignored.push(`-${read.seqNo}`);
      continue;
    }
    rows.push(
      providerRow(trip, 'fastag', read.readAt, {
        latitude: read.latitude,
        longitude: read.longitude,
        providerRef: read.seqNo,
        placeName: read.plaza,
        attributes: { direction: read.direction, vehicleType: read.vehicleType },
      }),
    );
  }
  await Promise.all(rows.map((r) => ctx.write(r)));
  // Marked seen only once stored, so a failed write is read again next time.
  const seen = [...known, ...ignored, ...rows.map((r) => r.providerRef ?? '')].slice(-SEEN_KEPT);
  return {
    ...state,
    seen,
    duplicates,
    beforeStart: (state.beforeStart ?? 0) + ignored.length,
    skipped: (state.skipped ?? 0) + skipped,
  };
}

/** Rail: FOIS's last report; a new station or status is stored as a position. */
async function pollRail(ctx: PollContext, due: DueTrip): Promise<ProviderState> {
  const { trip, state } = due;
  const fnr = trip.tracking?.fnr;
  if (!fnr || !trip.tracking?.startedAt) {
    return state;
  }
  const report = await ctx.providers.ulip.fois(fnr, journeyOf(trip));
  if (!report) {
    return { ...state, notFound: true };
  }
  const label = report.station ? `${report.station.name}${report.station.code ? ` (${report.station.code})` : ''}` : null;
  const rail = {
    status: report.status,
    statusText: report.statusText,
    station: label,
    eta: report.eta?.toISOString() ?? null,
    from: report.from ? `${report.from.name}${report.from.code ? ` (${report.from.code})` : ''}` : null,
    to: report.to ? `${report.to.name}${report.to.code ? ` (${report.to.code})` : ''}` : null,
    commodity: report.commodity,
    latitude: report.latitude,
    longitude: report.longitude,
  };
  const ref = `${report.station?.code ?? label ?? '?'}:${report.status}`;
  if (ref !== state.lastRef) {
    await ctx.write(
      providerRow(trip, 'rail', report.reportedAt ?? new Date(), {
        latitude: report.latitude,
        longitude: report.longitude,
        providerRef: ref,
        placeName: label,
        attributes: { status: report.status, statusText: report.statusText },
      }),
    );
  }
  return { ...state, notFound: false, lastRef: ref, rail };
}

/** Phone-SIM: the consent step, then (approved, on the road) the phone's cell fix. */
async function pollSim(ctx: PollContext, due: DueTrip, now: Date): Promise<ProviderState> {
  const { trip } = due;
  const { state, consent } = await simConsentStep(ctx, due, now);
  const t = trip.tracking;
  const approved = consent === 'approved';
  if (!t?.simNumber || !t.startedAt || !approved) {
    return state;
  }
  const fix = await ctx.providers.sim.locate(t.simNumber, journeyOf(trip));
  if (fix && (!trip.last || fix.at > trip.last.signalAt)) {
    await ctx.write(
      providerRow(trip, 'sim', fix.at, {
        latitude: fix.latitude,
        longitude: fix.longitude,
        accuracy: fix.accuracyM,
        placeName: fix.address,
      }),
    );
  }
  return state;
}

/** Is this trip due for its provider now? */
function isDue(due: Omit<DueTrip, 'trip'>, trip: Trip, now: Date, simPingMinutes: number): boolean {
  const since = due.lastPolledAt ? (now.getTime() - due.lastPolledAt.getTime()) / MINUTE : Number.POSITIVE_INFINITY;
  if (due.method === 'sim') {
    const consent = trip.tracking?.consentState;
    const every = consent === 'pending' ? CONSENT_POLL_MINUTES : simPingMinutes;
    return consent !== 'rejected' && consent !== 'revoked' && since >= every - 0.05;
  }
  return Boolean(trip.tracking?.startedAt) && since >= POLL_MINUTES[due.method] - 0.05;
}

/**
 * One round of the provider poll (the durable `tracking-providers` job runs it every minute): every
 * active FASTag, rail and phone-SIM trip that is due is asked once. A provider's failure is kept on
 * the trip (`lastError`) and logged once per new message; the other trips go on.
 */
export async function pollProviders(ctx: PollContext, now = new Date()): Promise<{ polled: number; failed: number }> {
  const candidates = await providerCandidates<DueTrip['method'], ProviderState>(
    ctx.db,
    new Date(now.getTime() - CONSENT_POLL_MINUTES * MINUTE + 3000),
  );
  const trips = await loadTrips(
    ctx.db,
    candidates.map((c) => Number(c.order_id)),
  );
  // Each shipper's phone-SIM ping interval (its tracking settings).
  const settings = await trackingSettingsOf(ctx.db, [...new Set([...trips.values()].map((trip) => trip.industryId))]);
  let polled = 0;
  let failed = 0;
  for (const c of candidates) {
    const trip = trips.get(Number(c.order_id));
    const base = {
      trackingId: Number(c.id),
      orderId: Number(c.order_id),
      method: c.method,
      state: c.provider_state ?? {},
      lastPolledAt: c.last_polled_at ? new Date(c.last_polled_at) : null,
    };
    if (!trip || !isDue(base, trip, now, settings.get(trip.industryId)?.simPingMinutes ?? SIM_PING_MINUTES)) {
      continue;
    }
    const due: DueTrip = { ...base, trip };
    let state: ProviderState;
    try {
      state =
        due.method === 'fastag'
          ? await pollFastag(ctx, due)
          : due.method === 'rail'
            ? await pollRail(ctx, due)
            : await pollSim(ctx, due, now);
      state = { ...state, lastError: undefined };
      polled++;
    } catch (err) {
      failed++;
      const message = (err as Error).message;
      if (message !== due.state.lastError) {
        ctx.log.warn({ orderId: due.orderId, method: due.method, err: message }, 'tracking: provider poll failed');
      }
      state = { ...due.state, lastError: message };
    }
    await ctx.db.transaction(async (tx) => {
      await saveProviderState(tx, due.trackingId, state, now);
      // Open pages read the answer again, though it may have brought no position.
      await announceChange(tx, due.orderId, 'provider');
    });
  }
  return { polled, failed };
}

import { SIM_PING_MINUTES } from '@freightdesk/shared/constants';
import type { OrderRail, OrderSim, OrderTolls, RailReportView } from '@freightdesk/shared/schemas/tracking-providers';
import type { Db, DbOrTx } from '../../../db/client.ts';
import { AppError } from '../../../lib/errors.ts';
import { scheduleJob } from '../../../lib/jobs.ts';
import { providerReads } from '../../../repositories/tracking-positions.repository.ts';
import { clearLastPolled } from '../../../repositories/tracking-runs.repository.ts';
import type { OrderReach, Trip } from '../../../repositories/tracking-trips.repository.ts';
import { PROVIDERS_JOB, simNote } from '../order-tracking.service.ts';
import { tripInScope } from '../track.service.ts';
import type { ProviderState } from './provider-poll.ts';
import { CONSENT_RESEND_MINUTES } from './sim-consent.ts';

/** A trip crosses a few dozen plazas or stations; more than this is not one trip. */
const MOST = 500;
const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

function pollFacts(trip: Trip) {
  const t = trip.tracking;
  const state = (t?.providerState ?? {}) as ProviderState;
  return { state, facts: { method: t?.method ?? null, lastPolledAt: iso(t?.lastPolledAt), lastError: state.lastError ?? null } };
}

/** The trip's FASTag crossings, in read order. */
export async function orderTolls(db: DbOrTx, id: number, reach: OrderReach): Promise<OrderTolls> {
  const trip = await tripInScope(db, id, reach);
  const { state, facts } = pollFacts(trip);
  // The trip's reads of the provider: those on its trail (onTrail), none from before the trip.
  const rows = await providerReads(db, trip, 'fastag', 'asc', MOST);
  return {
    orderId: trip.id,
    number: trip.number,
    vehicleNumber: trip.tracking?.vehicleNumber ?? trip.vehicleNumber,
    ...facts,
    duplicatesDropped: state.duplicates ?? 0,
    beforeStartIgnored: state.beforeStart ?? 0,
    crossings: rows.map((r) => ({
      seqNo: r.providerRef ?? '',
      readAt: r.fixTime.toISOString(),
      plaza: r.placeName ?? 'Toll plaza',
      latitude: r.latitude,
      longitude: r.longitude,
      direction: typeof r.attributes?.direction === 'string' ? r.attributes.direction : null,
      vehicleType: typeof r.attributes?.vehicleType === 'string' ? r.attributes.vehicleType : null,
    })),
  };
}

/** The rake's reports by FNR, newest first, with FOIS's journey facts. */
export async function orderRail(db: DbOrTx, id: number, reach: OrderReach): Promise<OrderRail> {
  const trip = await tripInScope(db, id, reach);
  const { state, facts } = pollFacts(trip);
  const rows = await providerReads(db, trip, 'rail', 'desc', MOST);
  const reports: RailReportView[] = rows.map((r) => ({
    at: r.fixTime.toISOString(),
    station: r.placeName,
    status: String(r.attributes?.status ?? ''),
    statusText: typeof r.attributes?.statusText === 'string' ? r.attributes.statusText : null,
    latitude: r.latitude,
    longitude: r.longitude,
  }));
  const rail = (state.rail ?? {}) as Record<string, string | null>;
  return {
    orderId: trip.id,
    number: trip.number,
    fnr: trip.tracking?.fnr ?? null,
    ...facts,
    notFound: Boolean(state.notFound),
    from: rail.from ?? null,
    to: rail.to ?? null,
    commodity: rail.commodity ?? null,
    eta: rail.eta ?? null,
    current: reports[0] ?? null,
    reports,
  };
}

/** What a consent state means, in a sentence the user can act on. */
function consentText(trip: Trip, state: ProviderState, pingMinutes: number): string {
  const t = trip.tracking;
  if (!t?.simNumber) {
    return 'This order is not tracked by phone SIM.';
  }
  switch (t.consentState) {
    case 'approved':
      return t.startedAt
        ? `The driver agreed; the phone is located every ${pingMinutes} minutes (cell-level, within about 1–2 km).`
        : 'The driver agreed; pings start when the vehicle leaves the gate.';
    case 'rejected':
      return 'The driver refused. Choose the app, a GPS device or FASTag instead.';
    case 'revoked':
      return 'The driver withdrew consent. Choose another tracking method.';
    case 'expired':
      return 'The consent expired; a new request is being sent.';
    default:
      return state.consentRequestedAt
        ? `A consent SMS was sent to the driver, who answers by SMS or the operator's IVR line; it is sent again after ${CONSENT_RESEND_MINUTES} minutes without an answer.`
        : 'The consent SMS goes to the driver within a minute.';
  }
}

/** The driver's SIM consent and ping cadence (the pings themselves are the places list, source SIM). */
export async function orderSim(db: DbOrTx, id: number, reach: OrderReach, pingMinutes = SIM_PING_MINUTES): Promise<OrderSim> {
  const trip = await tripInScope(db, id, reach);
  const { state, facts } = pollFacts(trip);
  const t = trip.tracking;
  const note = t?.method === 'sim' ? simNote(t.simOperator) : null;
  return {
    orderId: trip.id,
    number: trip.number,
    simNumber: t?.simNumber ?? null,
    simOperator: t?.simOperator ?? null,
    consentState: t?.consentState ?? null,
    consentUpdatedAt: iso(t?.consentUpdatedAt),
    consentExpiresAt: iso(t?.consentExpiresAt),
    consentRequestedAt: state.consentRequestedAt ?? null,
    consentText: [consentText(trip, state, pingMinutes), note].filter(Boolean).join(' '),
    pingMinutes,
    ...facts,
  };
}

/** A user may ask a provider again at most this often (the provider's own limits are tighter still). */
export const ASK_AGAIN_SECONDS = 60;

/**
 * "Ask now": the trip's provider is asked at the next turn of the provider job (within seconds)
 * instead of its usual interval. Refused for a device trip (it reports by itself), a finished trip,
 * or when asked less than a minute ago.
 */
export async function askProviderNow(db: Db, id: number, reach: OrderReach, now = new Date()): Promise<{ askedAt: string }> {
  const trip = await tripInScope(db, id, reach);
  const t = trip.tracking;
  if (!t || t.method === 'device') {
    throw new AppError(409, 'NOT_A_PROVIDER', 'This order is tracked by a phone or GPS device: its positions come by themselves.');
  }
  if (t.stoppedAt) {
    throw new AppError(409, 'TRIP_OVER', 'The trip is over: there is nothing more to ask.');
  }
  if (t.lastPolledAt && now.getTime() - t.lastPolledAt.getTime() < ASK_AGAIN_SECONDS * 1000) {
    throw new AppError(
      429,
      'ASKED_RECENTLY',
      'The provider was asked less than a minute ago; its answer is on the page. Ask again in a minute.',
    );
  }
  await db.transaction(async (tx) => {
    await clearLastPolled(tx, t.id);
    await scheduleJob(tx, PROVIDERS_JOB, PROVIDERS_JOB, now);
  });
  return { askedAt: now.toISOString() };
}

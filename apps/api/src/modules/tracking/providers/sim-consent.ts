import type { DbOrTx } from '../../../db/client.ts';
import { setConsentState } from '../../../repositories/tracking-runs.repository.ts';
import { alert } from '../trip-events.ts';
import type { DueTrip, PollContext, ProviderState } from './provider-poll.ts';
import { addOrderEvent } from '../../../repositories/order-events.repository.ts';

/** A consent SMS not answered in this long is sent again (the driver may have missed it). */
export const CONSENT_RESEND_MINUTES = 30;
const MINUTE = 60_000;

const SAY: Record<string, { title: string; text: (vehicle: string, number: string) => string }> = {
  approved: { title: 'SIM tracking on', text: (v, n) => `The driver of ${v} (${n}) agreed to SIM tracking; pings start on the road.` },
  rejected: {
    title: 'SIM tracking refused',
    text: (v, n) => `The driver of ${v} (${n}) refused SIM tracking. Choose the app, a GPS device or FASTag instead.`,
  },
  revoked: {
    title: 'SIM tracking stopped',
    text: (v, n) => `The driver of ${v} (${n}) withdrew consent to SIM tracking. Choose another tracking method.`,
  },
  expired: {
    title: 'SIM consent expired',
    text: (v, n) => `The driver's consent for ${v} (${n}) has expired; a new consent request has been sent.`,
  },
};

/**
 * One step of a driver's consent: the request is sent when SIM tracking is chosen (and again after
 * CONSENT_RESEND_MINUTES without an answer, or when it has expired), the operator's answer is read,
 * and each change of state — approved, rejected, revoked (approved, then withdrawn), expired — is
 * written on the order, its timeline and, as an alert, to the shipper and the carrier.
 */
export async function simConsentStep(ctx: PollContext, due: DueTrip, now: Date): Promise<{ state: ProviderState; consent: string }> {
  const t = due.trip.tracking;
  if (!t?.simNumber) {
    return { state: due.state, consent: t?.consentState ?? 'pending' };
  }
  let state = due.state;
  let current = t.consentState ?? 'pending';
  if (current === 'approved' && t.consentExpiresAt && t.consentExpiresAt <= now) {
    await move(ctx, due, 'expired', null, now);
    current = 'expired';
  }
  if (current === 'pending' || current === 'expired') {
    const asked = state.consentRequestedAt ? new Date(state.consentRequestedAt).getTime() : 0;
    if (current === 'expired' || now.getTime() - asked >= CONSENT_RESEND_MINUTES * MINUTE) {
      await ctx.providers.sim.requestConsent(t.simNumber, due.trip.driverName ?? 'Driver');
      state = { ...state, consentRequestedAt: now.toISOString() };
      if (current === 'expired') {
        await setConsent(ctx.db, due, 'pending', null);
        current = 'pending';
      }
    }
  }
  const answer = await ctx.providers.sim.consent(t.simNumber, state.consentRequestedAt ? new Date(state.consentRequestedAt) : null);
  let next: keyof typeof SAY | null = null;
  if (answer.state === 'approved' && current !== 'approved') {
    next = 'approved';
  } else if (answer.state === 'rejected' && current === 'pending') {
    next = 'rejected';
  } else if (answer.state !== 'approved' && current === 'approved') {
    next = 'revoked';
  }
  if (next) {
    // Jio asks on every trip: its consent ends with this trip.
    await move(ctx, due, next, next === 'approved' && t.simOperator !== 'jio' ? answer.expiresAt : null, now);
  }
  return { state, consent: next ?? current };
}

async function setConsent(db: DbOrTx, due: DueTrip, to: string, expiresAt: Date | null, now = new Date()) {
  await setConsentState(db, due.trackingId, to, expiresAt, now);
}

async function move(ctx: PollContext, due: DueTrip, to: keyof typeof SAY, expiresAt: Date | null, now: Date) {
  const trip = due.trip;
  const say = SAY[to];
  if (!say) {
    return;
  }
  const text = say.text(trip.vehicleNumber ?? trip.number, trip.tracking?.simNumber ?? '');
  await ctx.db.transaction(async (tx) => {
    await setConsent(tx, due, to, expiresAt, now);
    await addOrderEvent(tx, { orderId: trip.id, fromStatus: trip.status, toStatus: trip.status, by: null, reason: `Tracking: ${text}` });
    await alert(tx, trip, say.title, text);
  });
}

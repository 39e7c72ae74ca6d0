import { ApiError } from '../../lib/api.ts';
import { formatInr } from '../../lib/format.ts';

export type BidBody = { amountRupees: number; vehicles: number };
export type BidAttempt = BidBody & { idempotencyKey: string };

/**
 * A random UUID for the bid's idempotency key. `crypto.randomUUID` exists only in secure contexts
 * (HTTPS, localhost); a plain-HTTP office LAN install falls back to `getRandomValues`, which does not.
 */
export function newIdempotencyKey(cryptoImpl: Pick<Crypto, 'getRandomValues'> & Partial<Pick<Crypto, 'randomUUID'>> = crypto): string {
  if (typeof cryptoImpl.randomUUID === 'function') {
    return cryptoImpl.randomUUID();
  }
  const b = cryptoImpl.getRandomValues(new Uint8Array(16));
  b[6] = ((b[6] ?? 0) & 0x0f) | 0x40;
  b[8] = ((b[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The attempt to send for `body`: the unanswered one again when the same bid is retried after a
 * network error (so the server places it at most once), otherwise a new key.
 */
export function nextAttempt(unanswered: BidAttempt | null, body: BidBody, makeKey: () => string = newIdempotencyKey): BidAttempt {
  if (unanswered && unanswered.amountRupees === body.amountRupees && unanswered.vehicles === body.vehicles) {
    return unanswered;
  }
  return { ...body, idempotencyKey: makeKey() };
}

/** The call may or may not have reached the server: keep the attempt for a retry. */
export const isUnanswered = (err: unknown) => err instanceof ApiError && err.status === 0;

export type BidErrors = { amountRupees?: string; vehicles?: string; form?: string };

/** Where a refused bid's message goes: on its field when the server names one, else above the button. */
export function bidErrors(err: unknown, retryLabel: string): BidErrors {
  if (!(err instanceof ApiError)) {
    return { form: 'The bid could not be placed. Please try again.' };
  }
  if (err.status === 0) {
    return { form: `${err.message} Press ${retryLabel} again: the same bid is never placed twice.` };
  }
  const { amountRupees, vehicles } = err.fields;
  if (amountRupees || vehicles) {
    return { amountRupees, vehicles };
  }
  return { form: err.message };
}

/** Checks the client can make before sending; the server decides the rest (minimum step, window). */
export function checkBid(
  amount: number | string,
  vehicles: number | string,
  vehicleCount: number,
  currentRupees: number | null,
): { body: BidBody | null; errors: BidErrors } {
  const errors: BidErrors = {};
  const a = typeof amount === 'number' ? amount : Number(amount.replace(/,/g, ''));
  const v = typeof vehicles === 'number' ? vehicles : Number(vehicles);
  if (amount === '' || !Number.isFinite(a) || a <= 0) {
    errors.amountRupees = 'Enter your amount';
  } else if (currentRupees !== null && a >= currentRupees) {
    errors.amountRupees = `Must be below your bid of ${formatInr(currentRupees)}`;
  }
  if (vehicles === '' || !Number.isInteger(v) || v < 1) {
    errors.vehicles = 'At least 1 vehicle';
  } else if (v > vehicleCount) {
    errors.vehicles = `At most ${vehicleCount}`;
  }
  return errors.amountRupees || errors.vehicles ? { body: null, errors } : { body: { amountRupees: a, vehicles: v }, errors };
}

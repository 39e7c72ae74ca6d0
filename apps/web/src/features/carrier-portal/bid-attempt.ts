import { ApiError } from '../../lib/api.ts';
import { formatInr } from '../../lib/format.ts';

export type BidBody = { amountRupees: number; vehicles: number };

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

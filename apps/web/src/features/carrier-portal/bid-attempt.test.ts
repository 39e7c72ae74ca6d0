import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api.ts';
import { bidErrors, checkBid, isUnanswered, newIdempotencyKey, nextAttempt } from './bid-attempt.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('idempotency keys', () => {
  it('uses randomUUID when the context has it', () => {
    expect(newIdempotencyKey({ randomUUID: () => '11111111-2222-4333-8444-555555555555', getRandomValues: (a) => a })).toBe(
      '11111111-2222-4333-8444-555555555555',
    );
  });
  it('falls back to a v4 UUID from getRandomValues on plain HTTP', () => {
    const key = newIdempotencyKey({ getRandomValues: (a) => crypto.getRandomValues(a) });
    expect(key).toMatch(UUID);
    expect(newIdempotencyKey()).toMatch(UUID);
  });
  it('keeps the key when the same bid is retried after a network error, and makes a new one otherwise', () => {
    let n = 0;
    const make = () => `key-${++n}`;
    const first = nextAttempt(null, { amountRupees: 45000, vehicles: 2 }, make);
    expect(first).toEqual({ amountRupees: 45000, vehicles: 2, idempotencyKey: 'key-1' });
    expect(nextAttempt(first, { amountRupees: 45000, vehicles: 2 }, make)).toBe(first);
    expect(nextAttempt(first, { amountRupees: 44000, vehicles: 2 }, make).idempotencyKey).toBe('key-2');
    expect(nextAttempt(first, { amountRupees: 45000, vehicles: 1 }, make).idempotencyKey).toBe('key-3');
    expect(nextAttempt(null, { amountRupees: 45000, vehicles: 2 }, make).idempotencyKey).toBe('key-4');
  });
  it('treats only a call that got no answer as retryable', () => {
    expect(isUnanswered(new ApiError(0, 'NETWORK', 'Cannot reach the server.'))).toBe(true);
    expect(isUnanswered(new ApiError(400, 'VALIDATION', 'Bad'))).toBe(false);
    expect(isUnanswered(new Error('x'))).toBe(false);
  });
});

describe('bidErrors', () => {
  it('puts the server field messages on their fields', () => {
    const err = new ApiError(400, 'VALIDATION', 'Invalid', {
      amountRupees: 'A revision must lower your bid of 45000.00 by at least 500.00.',
    });
    expect(bidErrors(err, 'Lower bid')).toEqual({
      amountRupees: 'A revision must lower your bid of 45000.00 by at least 500.00.',
      vehicles: undefined,
    });
  });
  it('shows a closed auction or a network error above the button', () => {
    expect(bidErrors(new ApiError(409, 'BIDDING_CLOSED', 'Bidding is not open on this request.'), 'Place bid')).toEqual({
      form: 'Bidding is not open on this request.',
    });
    expect(bidErrors(new ApiError(0, 'NETWORK', 'Cannot reach the server.'), 'Place bid').form).toBe(
      'Cannot reach the server. Press Place bid again: the same bid is never placed twice.',
    );
  });
});

describe('checkBid', () => {
  it('accepts a bid below the current one within the requested vehicles', () => {
    expect(checkBid(44500, 3, 3, 45000)).toEqual({ body: { amountRupees: 44500, vehicles: 3 }, errors: {} });
    expect(checkBid('1,25,000.5', '1', 3, null).body).toEqual({ amountRupees: 125000.5, vehicles: 1 });
  });
  it('names the field that is wrong', () => {
    expect(checkBid('', 1, 3, null).errors).toEqual({ amountRupees: 'Enter your amount' });
    expect(checkBid(0, 1, 3, null).errors.amountRupees).toBe('Enter your amount');
    expect(checkBid(45000, 1, 3, 45000).errors).toEqual({ amountRupees: 'Must be below your bid of ₹45,000.00' });
    expect(checkBid(44000, 4, 3, null).errors).toEqual({ vehicles: 'At most 3' });
    expect(checkBid(44000, '', 3, null).errors).toEqual({ vehicles: 'At least 1 vehicle' });
    expect(checkBid(44000, 1.5, 3, null).body).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api.ts';
import { bidErrors, checkBid } from './bid-attempt.ts';

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

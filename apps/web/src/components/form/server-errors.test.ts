import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api.ts';
import { applyServerErrors, serverFormError } from './server-errors.ts';

type Values = { code: string; name: string; addresses: { city: string }[] };

function collect() {
  const set: Record<string, string | undefined> = {};
  const setError = (name: string, error: { message?: string }) => {
    set[name] = error.message;
  };
  return { set, setError };
}

describe('server errors on form fields', () => {
  it('puts field messages on their fields and leaves no alert when all are placed', () => {
    const { set, setError } = collect();
    const err = new ApiError(409, 'CONFLICT', 'Another plant already uses this code.', { code: 'Another plant already uses this code.' });
    expect(applyServerErrors<Values>(err, setError, ['code', 'name'])).toBeNull();
    expect(set).toEqual({ code: 'Another plant already uses this code.' });
  });
  it('places nested fields under a known root', () => {
    const { set, setError } = collect();
    const err = new ApiError(400, 'VALIDATION', 'Check the form', { 'addresses.0.city': 'City is required' });
    expect(applyServerErrors<Values>(err, setError, ['addresses'])).toBeNull();
    expect(set).toEqual({ 'addresses.0.city': 'City is required' });
  });
  it('returns the message for the alert when there is no field, or an unknown one', () => {
    const { set, setError } = collect();
    const limit = new ApiError(403, 'PLAN_LIMIT', 'Your plan allows 5 active plants');
    expect(applyServerErrors<Values>(limit, setError, ['code'])).toBe('Your plan allows 5 active plants');
    const other = new ApiError(400, 'VALIDATION', 'Check the form', { secret: 'nope' });
    expect(applyServerErrors<Values>(other, setError, ['code'])).toBe('Check the form');
    expect(set).toEqual({});
    expect(applyServerErrors<Values>(new TypeError('x'), setError, ['code'])).toBe('Something went wrong. Please try again.');
  });
});

describe('server form error', () => {
  it('titles the alert by the error code and status', () => {
    const { setError } = collect();
    expect(serverFormError<Values>(new ApiError(403, 'PLAN_LIMIT', 'Your plan allows 5'), setError, [])).toEqual({
      title: 'Plan limit reached',
      message: 'Your plan allows 5',
    });
    expect(serverFormError<Values>(new ApiError(403, 'FORBIDDEN', 'No'), setError, [])?.title).toBe('Not allowed');
    const dup = new ApiError(409, 'CONFLICT', 'Taken', { code: 'Taken' });
    expect(serverFormError<Values>(dup, setError, ['code'])).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import {
  acceptSummary,
  answerBody,
  answerFieldOf,
  canAnswer,
  deadlineClock,
  defaultVehicles,
  orderLink,
  loadText,
  materialText,
  vehiclesText,
  weightText,
} from './indent-answer.ts';

const NOW = Date.parse('2026-03-10T06:00:00Z');
const at = (minutes: number) => new Date(NOW + minutes * 60_000).toISOString();

describe('deadlineClock', () => {
  it('counts down the time left, red under 15 minutes', () => {
    expect(deadlineClock({ status: 'offered', deadlineAt: at(90) }, NOW)).toEqual({ text: '1h 30m 00s', color: 'dark', passed: false });
    expect(deadlineClock({ status: 'offered', deadlineAt: at(15) }, NOW)?.color).toBe('dark');
    expect(deadlineClock({ status: 'offered', deadlineAt: at(14.5) }, NOW)).toEqual({ text: '14m 30s', color: 'red', passed: false });
  });

  it('says the deadline passed once it is over', () => {
    expect(deadlineClock({ status: 'offered', deadlineAt: at(0) }, NOW)).toEqual({
      text: 'Deadline passed',
      color: 'dimmed',
      passed: true,
    });
    expect(deadlineClock({ status: 'offered', deadlineAt: at(-5) }, NOW)?.passed).toBe(true);
  });

  it('has no clock when the carrier is not being asked now', () => {
    expect(deadlineClock({ status: 'accepted', deadlineAt: at(30) }, NOW)).toBeNull();
    expect(deadlineClock({ status: 'queued', deadlineAt: null }, NOW)).toBeNull();
    expect(deadlineClock({ status: 'offered', deadlineAt: null }, NOW)).toBeNull();
  });

  it('lets the carrier answer only while asked and in time', () => {
    expect(canAnswer({ status: 'offered', deadlineAt: at(1) }, NOW)).toBe(true);
    expect(canAnswer({ status: 'offered', deadlineAt: at(-1) }, NOW)).toBe(false);
    expect(canAnswer({ status: 'rejected', deadlineAt: at(30) }, NOW)).toBe(false);
  });
});

describe('defaultVehicles and acceptSummary', () => {
  it('starts with every vehicle asked', () => {
    expect(defaultVehicles({ vehiclesAsked: 4 })).toBe(4);
    expect(defaultVehicles({ vehiclesAsked: null })).toBe(1);
  });

  it('says how many orders are made at which rate', () => {
    expect(acceptSummary(3, 45000)).toBe('3 orders will be created at ₹45,000.00 each');
    expect(acceptSummary(1, 125000)).toBe('1 order will be created at ₹1,25,000.00 each');
    expect(acceptSummary(undefined, 45000)).toBe('One order per vehicle will be created at ₹45,000.00 each');
    expect(acceptSummary(Number.NaN, 45000)).toContain('One order per vehicle');
  });
});

describe('answerBody', () => {
  const accept = (vehicles: number | undefined) => answerBody({ answer: 'accept', vehicles, reason: '' }, 3);

  it('accepts 1 to all of the vehicles asked', () => {
    expect(accept(3)).toEqual({ body: { answer: 'accept', vehicles: 3 }, errors: {} });
    expect(accept(1).body).toEqual({ answer: 'accept', vehicles: 1 });
  });

  it('names the vehicles field when the number cannot be sent', () => {
    expect(accept(undefined).errors.vehicles).toBe('Number of vehicles is required');
    expect(accept(Number.NaN).errors.vehicles).toBe('Number of vehicles must be a whole number');
    expect(accept(1.5).errors.vehicles).toBe('Number of vehicles must be a whole number');
    expect(accept(0).errors.vehicles).toBe('Accept between 1 and 3 vehicles');
    expect(accept(4).errors.vehicles).toBe('Accept between 1 and 3 vehicles');
    expect(answerBody({ answer: 'accept', vehicles: 2, reason: '' }, 1).errors.vehicles).toBe('You can accept 1 vehicle');
  });

  it('rejects with a reason, trimmed', () => {
    expect(answerBody({ answer: 'reject', vehicles: 3, reason: '  No trucks free  ' }, 3)).toEqual({
      body: { answer: 'reject', reason: 'No trucks free' },
      errors: {},
    });
    expect(answerBody({ answer: 'reject', vehicles: 3, reason: '   ' }, 3).errors.reason).toBe('Reason is required');
    expect(answerBody({ answer: 'reject', vehicles: 3, reason: 'x'.repeat(501) }, 3).errors.reason).toBe('At most 500 characters');
  });
});

describe('small helpers', () => {
  it('places server field messages on the dialog fields', () => {
    expect(answerFieldOf('vehicles')).toBe('vehicles');
    expect(answerFieldOf('reason')).toBe('reason');
    expect(answerFieldOf('answer')).toBeNull();
  });

  it('links an order in the carrier’s orders page and shows weights', () => {
    expect(orderLink('ORD-2026-000012')).toBe('/carrier/orders?search=ORD-2026-000012');
    expect(weightText(12.5)).toBe('12.5 t');
    expect(weightText(null)).toBe('—');
    expect(materialText(null)).toBe('Not given');
    expect(loadText('Cement', 12)).toBe('Cement · 12 t');
    expect(loadText(null, 12)).toBe('Material not given · 12 t');
    expect(loadText(null, null)).toBe('Material not given');
  });

  it('counts the vehicles asked, and a dash before the carrier is asked', () => {
    expect(vehiclesText(2)).toBe('2 vehicles');
    expect(vehiclesText(1)).toBe('1 vehicle');
    expect(vehiclesText(null)).toBe('—');
  });
});

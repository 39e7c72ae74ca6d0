import { describe, expect, it } from 'vitest';
import { actorLabel, formatDate, formatDateTime, formatInr, formatMinutes, inrLabel, plural, withArticle } from './format.ts';

describe('formats', () => {
  it('groups INR in lakhs and crores', () => {
    expect(formatInr(1234567)).toBe('₹12,34,567.00');
    expect(formatInr(250.5)).toBe('₹250.50');
    expect(formatInr(123456789)).toBe('₹12,34,56,789.00');
    expect(formatInr(0)).toBe('₹0.00');
    expect(formatInr(99999.999)).toBe('₹1,00,000.00');
    expect(formatInr(-150000)).toBe('-₹1,50,000.00');
    expect(formatInr(null)).toBe('—');
    expect(inrLabel('Target price')).toBe('Target price (INR)');
  });
  it('shows times in India time with the zone, 00:16 as 12:16 am (never 24:16)', () => {
    expect(formatDateTime('2026-11-22T06:30:00Z')).toBe('22 Nov 2026, 12:00 pm IST');
    expect(formatDateTime('2026-12-06T18:46:00Z')).toBe('07 Dec 2026, 12:16 am IST');
    expect(formatDateTime('2026-12-05T18:22:00Z')).toBe('05 Dec 2026, 11:52 pm IST');
    expect(formatDate('2026-11-22T20:00:00Z')).toBe('23 Nov 2026');
    expect(formatDate('2026-11-22')).toBe('22 Nov 2026');
    expect(formatDateTime(null)).toBe('—');
  });
  it('counts with the noun and names who acted', () => {
    expect(plural(1, 'plant')).toBe('1 plant');
    expect(plural(2, 'order')).toBe('2 orders');
    expect(plural(0, 'order')).toBe('no orders');
    expect(withArticle('open request', { capital: true })).toBe('An open request');
    expect(actorLabel('Asha Kulkarni', 'Demo Industries')).toBe('Asha Kulkarni, Demo Industries');
    expect(actorLabel(null)).toBe('Freightdesk (automatic)');
  });

  it('reads a duration in minutes, hours and days, never below zero', () => {
    expect(formatMinutes(null)).toBe('—');
    expect(formatMinutes(0)).toBe('0 min');
    expect(formatMinutes(45)).toBe('45 min');
    expect(formatMinutes(135)).toBe('2 h 15 min');
    expect(formatMinutes(60 * 27 + 5)).toBe('1 d 3 h');
    expect(formatMinutes(-3)).toBe('0 min');
  });
});

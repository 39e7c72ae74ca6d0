import { describe, expect, it } from 'vitest';
import { dueDay, gateOrderPath, isOtherVehicle, laneText, netWeight, nextGateAction, turnaroundText } from './gate-helpers.ts';

describe('gate helpers', () => {
  it('offers the first gate action the server lists, none when the gate is done', () => {
    expect(nextGateAction({ actions: ['gateIn'] })).toBe('gateIn');
    expect(nextGateAction({ actions: ['addEwayBill', 'gateOut'] })).toBe('gateOut');
    expect(nextGateAction({ actions: ['addEwayBill'] })).toBeNull();
    expect(nextGateAction({ actions: [] })).toBeNull();
  });

  it('says turnaround once out, time at the plant while inside, nothing before reporting', () => {
    const at = '2026-11-24T05:00:00.000Z';
    expect(turnaroundText({ turnaroundMinutes: 95, reportedAt: at, gateOutAt: at })).toEqual({
      key: 'card.turnaround',
      time: '1 h 35 min',
    });
    expect(turnaroundText({ turnaroundMinutes: 20, reportedAt: at, gateOutAt: null })).toEqual({ key: 'card.atPlant', time: '20 min' });
    expect(turnaroundText({ turnaroundMinutes: null, reportedAt: null, gateOutAt: null })).toBeNull();
  });

  it('computes the net weight only from two numbers', () => {
    expect(netWeight(24_350, 9_150)).toBe(15_200);
    expect(netWeight(10.1234, 0.0004)).toBe(10.123);
    expect(netWeight(9_000, 12_000)).toBe(-3_000);
    expect(netWeight(undefined, 9_000)).toBeNull();
    expect(netWeight(Number.NaN, 1)).toBeNull();
    expect(netWeight('24000', 1)).toBeNull();
  });

  it('compares vehicle numbers in any spacing or case', () => {
    expect(isOtherVehicle('mh 12 ab-1234', 'MH12AB1234')).toBe(false);
    expect(isOtherVehicle('MH14XY9999', 'MH12AB1234')).toBe(true);
    expect(isOtherVehicle('', 'MH12AB1234')).toBe(false);
    expect(isOtherVehicle('MH14XY9999', null)).toBe(true);
  });

  it('draws the lane in the direction the load moves and links the right order page', () => {
    expect(laneText('outbound', 'Pune Plant', 'Surat DC')).toBe('Pune Plant → Surat DC');
    expect(laneText('inbound', 'Pune Plant', null)).toBe('— → Pune Plant');
    expect(gateOrderPath('outbound', { orderId: 7, source: 'offline' })).toBe('/offline/outbound/order/7');
    expect(gateOrderPath('inbound', { orderId: 7, source: 'request' })).toBe('/order/inbound/detail/7');
    expect(gateOrderPath('outbound', { orderId: 7, source: 'indent' })).toBe('/order/outbound/7');
  });

  it('says when a vehicle found on another day is due, across a month end', () => {
    expect(dueDay('2026-12-08', '2026-12-05')).toEqual({ when: 'card.dueIn', count: 3, day: '08 Dec 2026' });
    expect(dueDay('2027-01-01', '2026-12-31')).toEqual({ when: 'card.dueTomorrow', count: 1, day: '01 Jan 2027' });
    expect(dueDay('2026-12-05', '2026-12-05')).toEqual({ when: 'card.dueToday', count: 0, day: '05 Dec 2026' });
    expect(dueDay('2026-12-03', '2026-12-05')).toEqual({ when: 'card.dueAgo', count: 2, day: '03 Dec 2026' });
  });
});

import { describe, expect, it } from 'vitest';
import type { CarrierVehicle } from '@freightdesk/shared/schemas/carrier-vehicles';
import { driverAfterPick, vehicleHint } from './vehicle-pick.ts';

const vehicle: CarrierVehicle = {
  vehicleNumber: 'MH12AB1234',
  driverName: 'Ramesh Patil',
  driverMobile: '9822012345',
  lastOrderNumber: 'ORD-2026-000009',
  lastPickupAt: '2026-12-01T10:00:00.000Z',
  onTheRoad: false,
  papers: null,
};

describe('driverAfterPick', () => {
  it('fills empty driver fields with the vehicle’s last driver', () => {
    const empty = { driverName: '', driverMobile: '' };
    expect(driverAfterPick(empty, empty, vehicle)).toEqual({
      driver: { driverName: 'Ramesh Patil', driverMobile: '9822012345' },
      filled: { driverName: 'Ramesh Patil', driverMobile: '9822012345' },
    });
  });

  it('replaces what an earlier pick filled, keeps what the dispatcher typed', () => {
    const earlier = { driverName: 'Suresh Naik', driverMobile: '9822000000' };
    const typed = { driverName: 'Suresh Naik', driverMobile: '9000000001' };
    expect(driverAfterPick(typed, earlier, vehicle).driver).toEqual({ driverName: 'Ramesh Patil', driverMobile: '9000000001' });
  });

  it('leaves a field alone when the vehicle has no driver on record', () => {
    const current = { driverName: '', driverMobile: '' };
    expect(driverAfterPick(current, current, { driverName: null, driverMobile: null }).driver).toEqual(current);
  });
});

describe('vehicleHint', () => {
  it('names the last driver and order, and says when that order is still on the road', () => {
    expect(vehicleHint(vehicle)).toBe('Ramesh Patil · 9822012345 · last on ORD-2026-000009');
    expect(vehicleHint({ ...vehicle, driverName: null, driverMobile: null, onTheRoad: true })).toBe(
      'last on ORD-2026-000009, still on the road',
    );
  });
});

import { describe, expect, it } from 'vitest';
import type { OrderDetail, OrderStop } from '@freightdesk/shared/schemas/order-detail';
import { offlineOrderInputSchema } from '@freightdesk/shared/schemas/order';
import { offlineOrderToInput } from './offline-order-input.ts';

const stop = (seq: number, kind: OrderStop['kind'], ids: Partial<Pick<OrderStop, 'plantId' | 'addressId' | 'stopId'>>): OrderStop => ({
  seq,
  kind,
  label: `Stop ${seq}`,
  city: null,
  latitude: null,
  longitude: null,
  geofenceRadius: null,
  plantId: null,
  addressId: null,
  stopId: null,
  ...ids,
});

const order = (requestType: number, lane: OrderStop[]) =>
  ({
    requestType,
    carrierLinkId: 3,
    plantId: 1,
    vehicleTypeId: 7,
    priceRupees: 42000,
    priceBasis: 'tonne',
    pickupAt: '2026-12-12T06:30:00.000Z',
    vehicleNumber: null,
    driverName: null,
    driverMobile: null,
    productId: null,
    weightTonnes: 18,
    lane,
  }) as unknown as OrderDetail;

describe('offlineOrderToInput', () => {
  it('gives an outbound order its drop-offs in the lane order, and parses as the form would send it', () => {
    const input = offlineOrderToInput(
      order(1, [stop(3, 'drop', { addressId: 9 }), stop(1, 'pickup', { plantId: 1 }), stop(2, 'drop', { stopId: 5 })]),
    );
    expect(input.dropoffs).toEqual([{ stopId: 5 }, { addressId: 9 }]);
    expect(input.pickupAddressId).toBeNull();
    expect(input).toMatchObject({ vehicleTypeId: 7, priceBasis: 'tonne', vehicleNumber: '', weightTonnes: 18 });
    const parsed = offlineOrderInputSchema.parse(input);
    expect(parsed.vehicleNumber).toBeUndefined();
  });

  it('gives an inbound order its vendor pickup and no drop-offs (it drops at its plant)', () => {
    const input = offlineOrderToInput(order(2, [stop(1, 'pickup', { addressId: 11 }), stop(2, 'drop', { plantId: 1 })]));
    expect(input.pickupAddressId).toBe(11);
    expect(input.dropoffs).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import type { SpotIndentPrefill } from '@freightdesk/shared/schemas/indent';
import { spotToInput } from './use-spot-indent.ts';

const spot: SpotIndentPrefill = {
  indentId: 12,
  indentNumber: 'IND-2026-000012',
  requestType: 1,
  plantId: 3,
  pickupAddressId: null,
  dropoffs: [{ addressId: 44 }],
  vehicleTypeId: 5,
  vehicleCount: 2,
  productId: 8,
  weightTonnes: 18.5,
  pickupAt: '2026-06-01T04:30:00.000Z',
  remarks: 'Spot indent IND-2026-000012 — fragile',
  targetPriceRupees: 42000,
};

describe('spotToInput', () => {
  it('fills the request from the spot indent and keeps what the form had otherwise', () => {
    const input = spotToInput(spot, { priceBasis: 'trip', carrierLinkIds: [], groupIds: [], hideMaterial: false, publish: true });
    expect(input).toMatchObject({
      requestType: 1,
      plantId: 3,
      dropoffs: [{ addressId: 44 }],
      vehicleTypeId: 5,
      vehicleCount: 2,
      productId: 8,
      weightTonnes: 18.5,
      pickupAt: '2026-06-01T04:30:00.000Z',
      targetPriceRupees: 42000,
      remarks: 'Spot indent IND-2026-000012 — fragile',
      priceBasis: 'trip',
      publish: true,
    });
    expect(input.bidStartAt).toBeUndefined();
  });

  it('leaves an outbound request one drop-off row to fill when the lane ends nowhere it can name', () => {
    expect(spotToInput({ ...spot, dropoffs: [] }, {}).dropoffs).toEqual([{}]);
    expect(spotToInput({ ...spot, requestType: 2, dropoffs: [], pickupAddressId: 9 }, {}).dropoffs).toEqual([]);
  });

  it('leaves the weight to type when the indent had none', () => {
    expect(spotToInput({ ...spot, weightTonnes: null }, {}).weightTonnes).toBeUndefined();
  });
});

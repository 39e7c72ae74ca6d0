import { describe, expect, it } from 'vitest';
import type { TransportRequest } from '@freightdesk/shared/schemas/request';
import { isoToIndiaTime } from '../../components/form/date-time.ts';
import { requestToInput } from './request-input.ts';

const saved: TransportRequest = {
  id: 7,
  number: 'OB-2026-000007',
  requestType: 1,
  status: 'draft',
  plantId: 3,
  plantName: 'Pune',
  pickupAddressId: null,
  pickupLabel: null,
  dropoffs: [
    { addressId: 11, stopId: null, label: 'Acme, Surat' },
    { addressId: null, stopId: 4, label: 'Surat DC, Surat' },
  ],
  productId: 2,
  productName: 'Steel coils',
  packageId: null,
  quantity: null,
  weightTonnes: 18,
  vehicleTypeId: 5,
  vehicleTypeName: '32 ft MXL',
  vehicleCount: 2,
  pickupAt: '2026-11-25T06:30:00.000Z',
  bidStartAt: '2026-11-23T04:30:00.000Z',
  bidEndAt: '2026-11-23T08:30:00.000Z',
  targetPriceRupees: 52000,
  priceBasis: 'trip',
  carrierLinkIds: [1, 2],
  groupIds: [],
  hideMaterial: true,
  remarks: null,
  externalRef: 'PO-7001',
  createdAt: '2026-11-22T00:00:00.000Z',
  updatedAt: '2026-11-22T00:00:00.000Z',
};

describe('request form values', () => {
  it('keeps every field to edit, with the drop-offs as address or location', () => {
    const input = requestToInput(saved);
    expect(input).toMatchObject({ plantId: 3, vehicleCount: 2, hideMaterial: true, carrierLinkIds: [1, 2], bidEndAt: saved.bidEndAt });
    expect(input.dropoffs).toEqual([{ addressId: 11 }, { stopId: 4 }]);
    expect(input.externalRef).toBe('PO-7001');
  });
  it('leaves the dates out when replicating', () => {
    const input = requestToInput(saved, true);
    expect(input.pickupAt).toBeUndefined();
    expect(input.bidStartAt).toBeUndefined();
    expect(input.weightTonnes).toBe(18);
    // The copy is a new request: the ERP reference (unique per company) stays with the one copied.
    expect(input.externalRef).toBe('');
  });
  it('shows a saved time in India time for the picker', () => {
    expect(isoToIndiaTime('2026-11-25T06:30:00.000Z')).toBe('2026-11-25 12:00');
    expect(isoToIndiaTime(null)).toBeNull();
  });
});

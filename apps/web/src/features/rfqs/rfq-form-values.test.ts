import { describe, expect, it } from 'vitest';
import { type RfqDetail, rfqInputSchema } from '@freightdesk/shared/schemas/rfq';
import { defaultPeriod, emptyLane, type RfqFormValues, rfqBody, rfqToForm } from './rfq-form-values.ts';
import { importedToRows } from './rfq-lane-import.ts';
import { placeToValue, routeEnds, valueToPlace } from './rfq-places.ts';

describe('RFQ form values', () => {
  it('maps a picker value to a lane end and back, keeping client and vendor addresses apart', () => {
    expect(valueToPlace('plants:3')).toEqual({ kind: 'plant', id: 3, via: 'plants' });
    expect(valueToPlace('vendorAddresses:9')).toEqual({ kind: 'address', id: 9, via: 'vendorAddresses' });
    expect(placeToValue({ kind: 'address', id: 9, via: 'vendorAddresses' })).toBe('vendorAddresses:9');
    // A loaded address (no `via`) is looked up among client addresses.
    expect(placeToValue({ kind: 'address', id: 9 })).toBe('clientAddresses:9');
    expect(placeToValue({ kind: 'stop', id: 4 })).toBe('stops:4');
    expect(valueToPlace(null)).toBeUndefined();
    expect(valueToPlace('nonsense')).toBeUndefined();
  });

  it('builds the API body from the form rows: ends without `via`, empty figures null, blank remarks dropped', () => {
    const values: RfqFormValues = {
      title: 'West lanes',
      plantId: 1,
      periodFrom: '2027-04-01',
      periodTo: '2028-03-31',
      hideMaterial: true,
      remarks: '   ',
      carrierLinkIds: [5, 6],
      lanes: [
        {
          origin: { kind: 'plant', id: 1, via: 'plants' },
          destination: { kind: 'address', id: 7, via: 'vendorAddresses' },
          vehicleTypeId: 2,
          tripsPerMonth: 40,
          benchmarkRupees: 42_000,
        },
        { ...emptyLane(), origin: { kind: 'plant', id: 1 }, destination: { kind: 'stop', id: 3 }, vehicleTypeId: 2, tripsPerMonth: 4 },
      ],
    };
    const body = rfqBody(values);
    expect(body.remarks).toBeUndefined();
    expect(body.lanes).toEqual([
      {
        origin: { kind: 'plant', id: 1 },
        destination: { kind: 'address', id: 7 },
        vehicleTypeId: 2,
        tripsPerMonth: 40,
        productId: null,
        weightTonnes: null,
        benchmarkRupees: 42_000,
      },
      {
        origin: { kind: 'plant', id: 1 },
        destination: { kind: 'stop', id: 3 },
        vehicleTypeId: 2,
        tripsPerMonth: 4,
        productId: null,
        weightTonnes: null,
        benchmarkRupees: null,
      },
    ]);
    expect(rfqInputSchema.safeParse(body).success).toBe(true);
  });

  it('leaves a lane without a destination for the schema to name', () => {
    const body = rfqBody({
      title: 'x',
      plantId: 1,
      periodFrom: '2027-04-01',
      periodTo: '2027-04-30',
      carrierLinkIds: [1],
      lanes: [{ ...emptyLane(), origin: { kind: 'plant', id: 1 }, vehicleTypeId: 2, tripsPerMonth: 1 }],
    });
    const parsed = rfqInputSchema.safeParse(body);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => i.path.join('.'))).toEqual(['lanes.0.destination']);
  });

  it('starts a new RFQ on the first of next month for a year, across a year end', () => {
    expect(defaultPeriod('2026-11-24')).toEqual({ periodFrom: '2026-12-01', periodTo: '2027-11-30' });
    expect(defaultPeriod('2026-12-05')).toEqual({ periodFrom: '2027-01-01', periodTo: '2027-12-31' });
  });
});

describe('a draft RFQ loaded for editing', () => {
  const lane = (destination: { kind: 'plant' | 'stop' | 'address'; id: number; label: string }) => ({
    id: 1,
    seq: 1,
    origin: { kind: 'plant' as const, id: 1, label: 'Pune plant' },
    destination,
    vehicleTypeId: 2,
    vehicleTypeName: '32 ft',
    tripsPerMonth: 10,
    productId: null,
    productName: null,
    weightTonnes: null,
    benchmarkRupees: null,
  });
  const rfq = {
    title: 'West',
    plantId: 1,
    periodFrom: '2027-04-01',
    periodTo: '2028-03-31',
    hideMaterial: false,
    remarks: null,
    invited: [{ carrierLinkId: 5 }],
    laneList: [lane({ kind: 'address', id: 9, label: 'Vendor dock' }), lane({ kind: 'stop', id: 3, label: 'Bhiwandi' })],
  } as unknown as RfqDetail;

  it('keeps a vendor address a vendor address, the same way an import does', () => {
    const values = rfqToForm(rfq, importedToRows(rfq.laneList, new Set([9])));
    expect(values.lanes.map((l) => l.destination)).toEqual([
      { kind: 'address', id: 9, via: 'vendorAddresses' },
      { kind: 'stop', id: 3 },
    ]);
    expect(placeToValue(values.lanes[0]?.destination)).toBe('vendorAddresses:9');
    expect(values.lanes[0]?.origin).toEqual({ kind: 'plant', id: 1 });
  });

  it('shows the invited carriers and no groups (groups were expanded when it was saved)', () => {
    const values = rfqToForm(rfq);
    expect(values.carrierLinkIds).toEqual([5]);
    expect(values.groupIds).toEqual([]);
    expect(values.lanes[0]?.destination).toEqual({ kind: 'address', id: 9, via: 'clientAddresses' });
  });
});

describe('a lane filled from a route master', () => {
  it('takes the origin plant or location and the last destination', () => {
    expect(routeEnds({ originPlantId: 2, originStopId: null, destinationStopIds: [4, 7] })).toEqual({
      origin: { kind: 'plant', id: 2, via: 'plants' },
      destination: { kind: 'stop', id: 7, via: 'stops' },
    });
    expect(routeEnds({ originPlantId: null, originStopId: 5, destinationStopIds: [8] })).toEqual({
      origin: { kind: 'stop', id: 5, via: 'stops' },
      destination: { kind: 'stop', id: 8, via: 'stops' },
    });
  });

  it('skips a route without an origin or destination', () => {
    expect(routeEnds({ originPlantId: null, originStopId: null, destinationStopIds: [8] })).toBeNull();
    expect(routeEnds({ originPlantId: 2, originStopId: null, destinationStopIds: [] })).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { emptyLane, type LaneRow } from './rfq-form-values.ts';
import { idsNamed, type ImportedLane, importedToRows, isBlankLane, mergeLanes, mustAskHowToAdd } from './rfq-lane-import.ts';
import { lanesInFields, lanesWithErrors, lastLanePage, pageOfLane } from './rfq-lane-pages.ts';

const imported = (over: Partial<ImportedLane> = {}): ImportedLane => ({
  origin: { kind: 'plant', id: 1 },
  destination: { kind: 'address', id: 7 },
  originLabel: 'Pune Chakan Plant, Pune',
  destinationLabel: 'Acme (Store 1), Surat',
  vehicleTypeId: 3,
  tripsPerMonth: 40,
  productId: null,
  weightTonnes: 18,
  benchmarkRupees: 42000,
  ...over,
});

const typed: LaneRow = { origin: { kind: 'plant', id: 2, via: 'plants' }, vehicleTypeId: 4, tripsPerMonth: 5 } as LaneRow;

describe('imported lanes', () => {
  it('become form rows, an address end looked up among vendor addresses when it is one', () => {
    const [client, vendor] = importedToRows([imported(), imported({ destination: { kind: 'address', id: 9 } })], new Set([9]));
    expect(client).toEqual({
      origin: { kind: 'plant', id: 1 },
      destination: { kind: 'address', id: 7, via: 'clientAddresses' },
      vehicleTypeId: 3,
      tripsPerMonth: 40,
      productId: null,
      weightTonnes: 18,
      benchmarkRupees: 42000,
    });
    expect(vendor?.destination).toEqual({ kind: 'address', id: 9, via: 'vendorAddresses' });
  });

  it('replace the lanes, or go after the typed ones without the blank rows', () => {
    const rows = importedToRows([imported(), imported({ tripsPerMonth: 2 })]);
    expect(mergeLanes([typed, emptyLane()], rows, 'replace')).toEqual(rows);
    expect(mergeLanes([typed, emptyLane()], rows, 'append')).toEqual([typed, ...rows]);
    expect(mergeLanes([emptyLane()], rows, 'append')).toEqual(rows);
  });

  it('ask how to add only when a lane has something in it', () => {
    expect(mustAskHowToAdd([emptyLane()])).toBe(false);
    expect(mustAskHowToAdd([])).toBe(false);
    expect(mustAskHowToAdd([emptyLane(), typed])).toBe(true);
    // A number field cleared after typing holds NaN: still nothing in it.
    expect(isBlankLane({ ...emptyLane(), tripsPerMonth: Number.NaN })).toBe(true);
    expect(isBlankLane({ ...emptyLane(), benchmarkRupees: 100 })).toBe(false);
  });

  it('name the ids of each master, for asking their labels at once', () => {
    const rows = importedToRows([imported({ productId: 5 }), imported({ origin: { kind: 'stop', id: 4 } })]);
    expect(idsNamed([...rows, emptyLane()])).toEqual({
      plants: [1],
      stops: [4],
      addresses: [7, 7],
      vehicleTypes: [3, 3],
      products: [5],
    });
  });
});

describe('lane pages', () => {
  it('find the page of a lane and the last page', () => {
    expect(pageOfLane(0, 25)).toBe(1);
    expect(pageOfLane(24, 25)).toBe(1);
    expect(pageOfLane(25, 25)).toBe(2);
    expect(lastLanePage(0, 25)).toBe(1);
    expect(lastLanePage(300, 25)).toBe(12);
    expect(lastLanePage(301, 25)).toBe(13);
  });

  it('list the lanes with an error from the form state', () => {
    const errors: unknown[] = [];
    errors[3] = { destination: { message: 'Destination is required' } };
    errors[40] = { tripsPerMonth: { message: 'Trips per month is required' } };
    errors[41] = {};
    expect(lanesWithErrors(errors)).toEqual([3, 40]);
    expect(lanesWithErrors(undefined)).toEqual([]);
    expect(lanesWithErrors({ message: 'Add at least one lane' })).toEqual([]);
  });

  it("list the lanes a server's field errors name", () => {
    expect(lanesInFields({ 'lanes.26.destination': 'x', title: 'y', 'lanes.3': 'z', 'lanes.26.origin.id': 'w', lanesx: 'v' })).toEqual([
      3, 26,
    ]);
  });
});

import type { ImportedLane, LANE_PLACE_KINDS } from '@freightdesk/shared/schemas/rfq';
import type { ColumnLabels } from '../../components/import/import-errors.ts';
import type { LaneRow } from './rfq-form-values.ts';
import type { FormPlace } from './rfq-places.ts';

/** The lane sheet's headings by column key, as the template has them (the per-row report names columns by these). */
export const RFQ_LANE_COLUMNS: ColumnLabels = {
  originType: 'Origin type',
  origin: 'Origin',
  destinationType: 'Destination type',
  destination: 'Destination',
  vehicleType: 'Vehicle type',
  tripsPerMonth: 'Trips per month',
  material: 'Material',
  weightTonnes: 'Weight (t)',
  benchmarkRupees: 'Benchmark rate (₹)',
};

type Place = { kind: (typeof LANE_PLACE_KINDS)[number]; id: number };
/** What a lane row is made of: a sheet's lane, or a saved RFQ's lane loaded for editing. */
export type LaneSource = Pick<
  ImportedLane,
  'origin' | 'destination' | 'vehicleTypeId' | 'tripsPerMonth' | 'productId' | 'weightTonnes' | 'benchmarkRupees'
>;

export type { ImportedLane };

/**
 * Lanes (a sheet's, or a saved RFQ's) as form rows. An address end is a client's or a vendor's (the API says only
 * "address"): `vendorAddresses` names the ids found among vendor addresses, so the picker looks in the right master.
 */
export function importedToRows(lanes: readonly LaneSource[], vendorAddresses: ReadonlySet<number> = new Set()): LaneRow[] {
  const place = (p: Place): FormPlace =>
    p.kind === 'address'
      ? { kind: p.kind, id: p.id, via: vendorAddresses.has(p.id) ? 'vendorAddresses' : 'clientAddresses' }
      : { kind: p.kind, id: p.id };
  return lanes.map((l) => ({
    origin: place(l.origin),
    destination: place(l.destination),
    vehicleTypeId: l.vehicleTypeId,
    tripsPerMonth: l.tripsPerMonth,
    productId: l.productId,
    weightTonnes: l.weightTonnes,
    benchmarkRupees: l.benchmarkRupees,
  }));
}

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'number' && Number.isNaN(v));

/** A row nothing was put in (the new form's first lane): an import takes its place without asking. */
export function isBlankLane(row: LaneRow): boolean {
  return [
    row.origin?.id,
    row.destination?.id,
    row.vehicleTypeId,
    row.tripsPerMonth,
    row.productId,
    row.weightTonnes,
    row.benchmarkRupees,
  ].every(blank);
}

/** Must the user say whether the sheet replaces the form's lanes or goes after them? Only when some lane has something in it. */
export const mustAskHowToAdd = (current: readonly LaneRow[]) => current.some((l) => !isBlankLane(l));

/** The form's lanes after an import: the sheet's alone, or after the lanes already typed (blank rows dropped). */
export function mergeLanes(current: readonly LaneRow[], imported: readonly LaneRow[], how: 'replace' | 'append'): LaneRow[] {
  return how === 'replace' ? [...imported] : [...current.filter((l) => !isBlankLane(l)), ...imported];
}

/** The ids of each master the rows name, for asking their labels at once. */
export function idsNamed(rows: readonly LaneRow[]) {
  const ends = rows.flatMap((r) => [r.origin, r.destination]).filter((p): p is FormPlace => Boolean(p?.id));
  const of = (kind: FormPlace['kind']) => ends.filter((p) => p.kind === kind).map((p) => p.id);
  return {
    plants: of('plant'),
    stops: of('stop'),
    addresses: of('address'),
    vehicleTypes: rows.flatMap((r) => (r.vehicleTypeId ? [r.vehicleTypeId] : [])),
    products: rows.flatMap((r) => (r.productId ? [r.productId] : [])),
  };
}

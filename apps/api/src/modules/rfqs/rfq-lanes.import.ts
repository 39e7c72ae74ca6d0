import { z } from 'zod';
import { type ImportedLane, MAX_RFQ_LANES } from '@freightdesk/shared/schemas/rfq';
import type { Db } from '../../db/client.ts';
import { type ImportColumn, type ImportFile, type RowError, refuseImport, validateRows } from '../../lib/import.ts';
import type { StaffScope } from '../../lib/policy.ts';
import {
  addressesOfCompanies,
  plantsNamed,
  productsNamed,
  stopsNamed,
  vehicleTypesNamed,
} from '../../repositories/rfq-lane-imports.repository.ts';
import { indianNumber } from '@freightdesk/shared/indian-number';

type Actor = { industryId: number; staff: StaffScope };

/** The lane sheet a shipper fills (hundreds of lanes): places by their names, as the app shows them. */
export const RFQ_LANE_IMPORT_COLUMNS: ImportColumn[] = [
  { key: 'originType', label: 'Origin type', example: 'Plant' },
  { key: 'origin', label: 'Origin', example: 'PUN1' },
  { key: 'destinationType', label: 'Destination type', example: 'Location' },
  { key: 'destination', label: 'Destination', example: 'Surat DC' },
  { key: 'vehicleType', label: 'Vehicle type', example: '32 ft MXL' },
  { key: 'tripsPerMonth', label: 'Trips per month', example: '40' },
  { key: 'material', label: 'Material', example: '' },
  { key: 'weightTonnes', label: 'Weight (t)', example: '18' },
  { key: 'benchmarkRupees', label: 'Benchmark rate (₹)', example: '42000' },
];

const KINDS: Record<string, 'plant' | 'stop' | 'address'> = { plant: 'plant', location: 'stop', stop: 'stop', address: 'address' };
const kind = (label: string) =>
  z
    .string()
    .trim()
    .transform((v, ctx) => {
      const k = KINDS[v.toLowerCase()];
      if (!k) {
        ctx.addIssue({ code: 'custom', message: `${label} must be Plant, Location or Address` });
        return z.NEVER;
      }
      return k;
    });
const number = (label: string, opts: { required?: boolean; int?: boolean; max: number }) =>
  z
    .string()
    .trim()
    .transform((v, ctx) => {
      if (!v) {
        if (opts.required) {
          ctx.addIssue({ code: 'custom', message: `${label} is required` });
          return z.NEVER;
        }
        return null;
      }
      const n = Number(v.replace(/,/g, ''));
      if (!Number.isFinite(n) || n <= 0 || n > opts.max || (opts.int && !Number.isInteger(n))) {
        ctx.addIssue({
          code: 'custom',
          message: `${label} must be ${opts.int ? 'a whole number' : 'a number'} above 0 and at most ${indianNumber(opts.max)}`,
        });
        return z.NEVER;
      }
      return n;
    });
const text = (label: string) => z.string().trim().min(1, `${label} is required`).max(200, `${label} can be at most 200 characters`);

const rowSchema = z.object({
  originType: kind('Origin type'),
  origin: text('Origin'),
  destinationType: kind('Destination type'),
  destination: text('Destination'),
  vehicleType: text('Vehicle type'),
  tripsPerMonth: number('Trips per month', { required: true, int: true, max: 10_000 }),
  material: z.string().trim().max(200),
  weightTonnes: number('Weight', { max: 1000 }),
  benchmarkRupees: number('Benchmark rate', { max: 100_000_000 }),
});
type Row = z.infer<typeof rowSchema>;

const low = (s: string) => s.trim().toLowerCase();

/** The shipper's places named in the sheet, by lower-cased name: each name to one place (ambiguous names kept apart). */
async function placesNamed(db: Db, actor: Actor, rows: Row[]) {
  const names = (k: string) => [
    ...new Set(
      rows.flatMap((r) => [r.originType === k ? low(r.origin) : '', r.destinationType === k ? low(r.destination) : '']).filter(Boolean),
    ),
  ];
  const found = new Map<string, { id: number; label: string }[]>();
  const add = (key: string, place: { id: number; label: string }) =>
    found.set(key, [...(found.get(key) ?? []).filter((p) => p.id !== place.id), place]);
  const plantNames = names('plant');
  if (plantNames.length) {
    const rowsFound = await plantsNamed(db, actor.industryId, actor.staff, plantNames);
    for (const p of rowsFound) {
      for (const key of [low(p.name), low(p.code)]) {
        add(`plant:${key}`, { id: p.id, label: `${p.name}, ${p.city}` });
      }
    }
  }
  const stopNames = names('stop');
  if (stopNames.length) {
    for (const s of await stopsNamed(db, actor.industryId, stopNames)) {
      add(`stop:${low(s.name)}`, { id: s.id, label: `${s.name}, ${s.city}` });
    }
  }
  const addressNames = names('address');
  if (addressNames.length) {
    // "Company (Label)", "Company (Label), City" as the app labels it, or the company alone when it has one address.
    const companies = [...new Set(addressNames.map((n) => n.replace(/\s*\(.*$/, '').trim()))];
    for (const a of await addressesOfCompanies(db, actor.industryId, companies)) {
      const label = `${a.company} (${a.label}), ${a.city}`;
      for (const key of [low(`${a.company} (${a.label})`), low(label), low(a.company)]) {
        add(`address:${key}`, { id: a.id, label });
      }
    }
  }
  return found;
}

/** Vehicle types (the shipper's or the platform's) and materials named in the sheet. */
async function mastersNamed(db: Db, actor: Actor, rows: Row[]) {
  const vehicleNames = [...new Set(rows.map((r) => low(r.vehicleType)))];
  const materialNames = [...new Set(rows.map((r) => low(r.material)).filter(Boolean))];
  const vehicles = await vehicleTypesNamed(db, actor.industryId, vehicleNames);
  const materials = materialNames.length ? await productsNamed(db, actor.industryId, materialNames) : [];
  return { vehicles: new Map(vehicles.map((v) => [low(v.name), v.id])), materials: new Map(materials.map((m) => [low(m.name), m.id])) };
}

/**
 * Reads an RFQ's lane sheet into lanes for the RFQ form, whole or not at all: every row's types
 * and numbers checked, every place, vehicle type and material found among the shipper's own (a
 * staff user's plants only), each problem reported by row and column. Nothing is saved: the
 * lanes fill the form, which saves the RFQ as usual.
 */
export async function importRfqLanes(db: Db, actor: Actor, file: ImportFile): Promise<{ lanes: ImportedLane[] }> {
  if (file.records.length > MAX_RFQ_LANES) {
    refuseImport(
      [{ row: MAX_RFQ_LANES + 2, field: 'row', message: `An RFQ takes at most ${MAX_RFQ_LANES} lanes` }],
      'No lane was taken from the sheet',
    );
  }
  const { parsed, errors, rows: rowNumbers } = await validateRows(file.records, (r) => r, rowSchema);
  const places = await placesNamed(db, actor, parsed);
  const masters = await mastersNamed(db, actor, parsed);
  const lanes: ImportedLane[] = [];
  const problems: RowError[] = [...errors];
  parsed.forEach((r, i) => {
    const lane = laneOf(r, rowNumbers[i] ?? 0, places, masters, problems);
    if (lane) {
      lanes.push(lane);
    }
  });
  if (problems.length) {
    refuseImport(
      problems.sort((a, b) => a.row - b.row),
      'No lane was taken from the sheet',
    );
  }
  return { lanes };
}

type LaneRow = z.infer<typeof rowSchema>;
type Places = Awaited<ReturnType<typeof placesNamed>>;

/** The one place a row's end names; a problem when it names none or several. */
function placeOf(r: LaneRow, row: number, end: 'origin' | 'destination', places: Places, problems: RowError[]) {
  const type = r[`${end}Type`];
  const matches = places.get(`${type}:${low(r[end])}`) ?? [];
  if (matches.length !== 1) {
    const what = type === 'stop' ? 'location' : type;
    problems.push({
      row,
      field: end,
      message: matches.length
        ? `"${r[end]}" names more than one ${what}: write it as the app shows it`
        : `No ${what} of yours is called "${r[end]}"`,
    });
    return undefined;
  }
  return matches[0];
}

/** A row's lane, its places and masters found by name; undefined (its problems noted) when one is missing. */
function laneOf(
  r: LaneRow,
  row: number,
  places: Places,
  { vehicles, materials }: Awaited<ReturnType<typeof mastersNamed>>,
  problems: RowError[],
): ImportedLane | undefined {
  const origin = placeOf(r, row, 'origin', places, problems);
  const destination = placeOf(r, row, 'destination', places, problems);
  if (origin && destination && r.originType === r.destinationType && origin.id === destination.id) {
    problems.push({ row, field: 'destination', message: 'Destination must differ from the origin' });
  }
  const vehicleTypeId = vehicles.get(low(r.vehicleType));
  if (!vehicleTypeId) {
    problems.push({ row, field: 'vehicleType', message: `No vehicle type called "${r.vehicleType}"` });
  }
  const productId = r.material ? materials.get(low(r.material)) : null;
  if (productId === undefined) {
    problems.push({ row, field: 'material', message: `No material of yours is called "${r.material}"` });
  }
  if (!origin || !destination || !vehicleTypeId || productId === undefined) {
    return undefined;
  }
  return {
    origin: { kind: r.originType, id: origin.id },
    destination: { kind: r.destinationType, id: destination.id },
    originLabel: origin.label,
    destinationLabel: destination.label,
    vehicleTypeId,
    tripsPerMonth: r.tripsPerMonth ?? 1,
    productId,
    weightTonnes: r.weightTonnes,
    benchmarkRupees: r.benchmarkRupees,
  };
}

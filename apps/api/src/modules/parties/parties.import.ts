import { type PartyInputParsed, type PartyKind, partyInputSchema } from '@freightdesk/shared/schemas/party';
import type { Db } from '../../db/client.ts';
import { type ImportColumn, type ImportFile, type RowError, refuseImport, validateRows } from '../../lib/import.ts';
import { stateRowErrors } from '../../repositories/common/known-states.ts';
import type { Actor } from '../../lib/tenant-resource.ts';
import { insertImportedParties, takenPartyGstins } from '../../repositories/party-imports.repository.ts';
import { clientResource } from '../../repositories/parties.repository.ts';

/** One row = one client or vendor with its first address. */
export const PARTY_IMPORT_COLUMNS: ImportColumn[] = [
  { key: 'company', label: 'Company name', example: 'Bharat Retail Pvt Ltd' },
  { key: 'gstin', label: 'GSTIN', example: '27AAPFU0939F1ZV' },
  { key: 'contactName', label: 'Contact person', example: 'Sunil Mehta' },
  { key: 'mobile', label: 'Mobile', example: '9876501234' },
  { key: 'email', label: 'Email', example: 'logistics@bharatretail.in' },
  { key: 'label', label: 'Address name', example: 'Bhiwandi DC' },
  { key: 'address', label: 'Address', example: 'Gala 4, Rahnal village, Bhiwandi' },
  { key: 'city', label: 'City', example: 'Bhiwandi' },
  { key: 'state', label: 'State', example: 'Maharashtra' },
  { key: 'pincode', label: 'PIN code', example: '421302' },
  { key: 'latitude', label: 'Latitude', example: '19.2813' },
  { key: 'longitude', label: 'Longitude', example: '73.0483' },
];

const num = (v: string | undefined) => (v === undefined || v === '' || Number.isNaN(Number(v)) ? v : Number(v));

function toInput(r: Record<string, string>) {
  const { label, address, city, state, pincode, latitude, longitude, ...rest } = r;
  return { ...rest, addresses: [{ label, address, city, state, pincode, latitude: num(latitude), longitude: num(longitude) }] };
}

/** Imports clients or vendors whole, or refuses the file with every bad row named. */
export async function importParties(db: Db, kind: PartyKind, actor: Actor, file: ImportFile): Promise<{ created: number }> {
  const { parsed, errors, rows } = await validateRows<PartyInputParsed>(file.records, toInput, partyInputSchema);
  errors.push(...(await stateRowErrors(db, parsed, rows, partyInputSchema)));
  if (errors.length) {
    refuseImport(errors.sort((x, y) => x.row - y.row));
  }
  const gstins = parsed.map((p) => p.gstin).filter((g): g is string => Boolean(g));
  const existing = await takenPartyGstins(db, actor.industryId, kind, gstins);
  const seen = new Map<string, number>();
  const gstinErrors: RowError[] = [];
  parsed.forEach((p, i) => {
    if (!p.gstin) {
      return;
    }
    if (existing.has(p.gstin)) {
      gstinErrors.push({ row: i + 2, field: 'gstin', message: `Another ${kind} already has this GSTIN` });
    } else if (seen.has(p.gstin)) {
      gstinErrors.push({ row: i + 2, field: 'gstin', message: `Same GSTIN as row ${(seen.get(p.gstin) ?? 0) + 2}` });
    }
    seen.set(p.gstin, seen.get(p.gstin) ?? i);
  });
  if (gstinErrors.length) {
    refuseImport(gstinErrors);
  }
  return db.transaction(async (tx) => {
    await insertImportedParties(tx, actor.industryId, kind, parsed);
    await clientResource.audit(tx, actor, 0, `import-${kind}s`, undefined, { created: parsed.length, file: file.fileName });
    return { created: parsed.length };
  });
}

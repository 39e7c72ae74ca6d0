import { and, eq, inArray } from 'drizzle-orm';
import { type PartyInputParsed, type PartyKind, partyInputSchema } from '@freightdesk/shared/schemas/party';
import type { Db } from '../../db/client.ts';
import { parties, partyAddresses } from '../../db/schema/parties.ts';
import { batches, type ImportColumn, type ImportFile, type RowError, refuseImport, validateRows } from '../../lib/import.ts';
import { insertRows } from '../../lib/import-insert.ts';
import { stateRowErrors } from '../../lib/known-states.ts';
import type { Actor } from '../../lib/tenant-resource.ts';
import { clientResource } from './parties.service.ts';

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
  const existing = new Set<string | null>();
  for (const part of batches(gstins)) {
    const found = await db
      .select({ gstin: parties.gstin })
      .from(parties)
      .where(and(eq(parties.industryId, actor.industryId), eq(parties.kind, kind), inArray(parties.gstin, part)));
    for (const r of found) {
      existing.add(r.gstin);
    }
  }
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
    const ids = await insertRows(
      tx,
      parties,
      ['industryId', 'kind', 'company', 'gstin', 'contactName', 'mobile', 'email'],
      parsed.map((p) => ({
        industryId: actor.industryId,
        kind,
        company: p.company,
        gstin: p.gstin ?? null,
        contactName: p.contactName,
        mobile: p.mobile,
        email: p.email ?? null,
      })),
    );
    await insertRows(
      tx,
      partyAddresses,
      ['partyId', 'label', 'address', 'city', 'state', 'pincode', 'latitude', 'longitude'],
      parsed.flatMap((p, j) => p.addresses.map(({ id: _id, ...a }) => ({ ...a, partyId: ids[j] ?? 0 }))),
    );
    await clientResource.audit(tx, actor, 0, `import-${kind}s`, undefined, { created: parsed.length, file: file.fileName });
    return { created: parsed.length };
  });
}

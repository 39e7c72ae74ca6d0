import { and, eq, inArray } from 'drizzle-orm';
import { type PartyInputParsed, type PartyKind, partyInputSchema } from '@freightdesk/shared/schemas/party';
import type { Db } from '../../db/client.ts';
import { parties, partyAddresses } from '../../db/schema/parties.ts';
import { type ImportBody, type ImportColumn, type RowError, readSheet, refuseImport, validateRows } from '../../lib/import.ts';
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
export async function importParties(db: Db, kind: PartyKind, actor: Actor, body: ImportBody): Promise<{ created: number }> {
  const records = await readSheet(body, PARTY_IMPORT_COLUMNS);
  const { parsed, errors } = validateRows<PartyInputParsed>(records, toInput, partyInputSchema);
  if (errors.length) {
    refuseImport(errors);
  }
  const gstins = parsed.map((p) => p.gstin).filter((g): g is string => Boolean(g));
  const existing = new Set(
    gstins.length
      ? (
          await db
            .select({ gstin: parties.gstin })
            .from(parties)
            .where(and(eq(parties.industryId, actor.industryId), eq(parties.kind, kind), inArray(parties.gstin, gstins)))
        ).map((r) => r.gstin)
      : [],
  );
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
    for (let i = 0; i < parsed.length; i += 500) {
      const part = parsed.slice(i, i + 500);
      const made = await tx
        .insert(parties)
        .values(
          part.map((p) => ({
            industryId: actor.industryId,
            kind,
            company: p.company,
            gstin: p.gstin ?? null,
            contactName: p.contactName,
            mobile: p.mobile,
            email: p.email ?? null,
          })),
        )
        .returning({ id: parties.id });
      await tx
        .insert(partyAddresses)
        .values(part.flatMap((p, j) => p.addresses.map(({ id: _id, ...a }) => ({ ...a, partyId: made[j]?.id ?? 0 }))));
    }
    await clientResource.audit(tx, actor, 0, `import-${kind}s`, undefined, { created: parsed.length, file: body.fileName });
    return { created: parsed.length };
  });
}

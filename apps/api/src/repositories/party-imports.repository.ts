import { and, eq, inArray } from 'drizzle-orm';
import type { PartyInputParsed, PartyKind } from '@freightdesk/shared/schemas/party';
import type { DbOrTx } from '../db/client.ts';
import { parties, partyAddresses } from '../db/schema/parties.ts';
import { batches } from '../lib/import.ts';
import { insertRows } from './common/import-insert.ts';

/** The statements of a client or vendor import: the shipper's GSTINs already taken, and the rows it inserts. */

/** Which of the GSTINs the shipper's clients (or vendors) already have. */
export async function takenPartyGstins(db: DbOrTx, industryId: number, kind: PartyKind, gstins: string[]): Promise<Set<string | null>> {
  const existing = new Set<string | null>();
  for (const part of batches(gstins)) {
    const found = await db
      .select({ gstin: parties.gstin })
      .from(parties)
      .where(and(eq(parties.industryId, industryId), eq(parties.kind, kind), inArray(parties.gstin, part)));
    for (const r of found) {
      existing.add(r.gstin);
    }
  }
  return existing;
}

/** Inserts the parties of a file with their addresses. */
export async function insertImportedParties(tx: DbOrTx, industryId: number, kind: PartyKind, parsed: PartyInputParsed[]): Promise<void> {
  const ids = await insertRows(
    tx,
    parties,
    ['industryId', 'kind', 'company', 'gstin', 'contactName', 'mobile', 'email'],
    parsed.map((p) => ({
      industryId,
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
}

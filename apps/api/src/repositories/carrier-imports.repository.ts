import { eq, inArray, or } from 'drizzle-orm';
import type { CarrierInputParsed } from '@freightdesk/shared/schemas/carrier';
import type { DbOrTx } from '../db/client.ts';
import { users } from '../db/schema/auth.ts';
import { carriers, industryCarriers } from '../db/schema/tenancy.ts';
import { batches as chunks } from '../lib/import.ts';
import { insertRows } from './common/import-insert.ts';

/**
 * The statements of a carrier import (My Carriers from a file): who already owns a file's contacts
 * and GSTINs across Freightdesk, which carriers the shipper has linked, and the rows it inserts.
 */

type Contact = Pick<CarrierInputParsed, 'mobile' | 'email'>;
export type ContactOwner = { carrierId: number | null; userType: number };

/** The users holding the rows' mobiles or emails, by `m:<mobile>` and `e:<email>`. */
export async function contactOwners(tx: DbOrTx, rows: Contact[]): Promise<Map<string, ContactOwner>> {
  const owners = new Map<string, ContactOwner>();
  for (const part of chunks(rows)) {
    const found = await tx
      .select({ mobile: users.mobile, email: users.email, carrierId: users.carrierId, userType: users.userType })
      .from(users)
      .where(
        or(
          inArray(
            users.mobile,
            part.map((r) => r.mobile),
          ),
          inArray(
            users.email,
            part.map((r) => r.email),
          ),
        ),
      );
    for (const u of found) {
      owners.set(`m:${u.mobile}`, u);
      owners.set(`e:${u.email}`, u);
    }
  }
  return owners;
}

/** The carrier companies whose own contact is one of the rows' mobiles or emails, by `m:` and `e:`. */
export async function contactCompanies(tx: DbOrTx, rows: Contact[]): Promise<Map<string, number>> {
  const companies = new Map<string, number>();
  for (const part of chunks(rows)) {
    const found = await tx
      .select({ id: carriers.id, mobile: carriers.mobile, email: carriers.email })
      .from(carriers)
      .where(
        or(
          inArray(
            carriers.mobile,
            part.map((r) => r.mobile),
          ),
          inArray(
            carriers.email,
            part.map((r) => r.email),
          ),
        ),
      );
    for (const c of found) {
      companies.set(`m:${c.mobile}`, c.id);
      companies.set(`e:${c.email}`, c.id);
    }
  }
  return companies;
}

/** The carrier companies the shipper has linked (any status). */
export async function linkedCarrierIds(tx: DbOrTx, industryId: number): Promise<Set<number>> {
  const rows = await tx
    .select({ carrierId: industryCarriers.carrierId })
    .from(industryCarriers)
    .where(eq(industryCarriers.industryId, industryId));
  return new Set(rows.map((l) => l.carrierId));
}

/** The carrier companies registered with the GSTINs, by GSTIN. */
export async function gstinOwners(tx: DbOrTx, gstins: string[]): Promise<Map<string, number>> {
  const owners = new Map<string, number>();
  for (const part of chunks(gstins)) {
    for (const c of await tx.select({ id: carriers.id, gstin: carriers.gstin }).from(carriers).where(inArray(carriers.gstin, part))) {
      owners.set(c.gstin ?? '', c.id);
    }
  }
  return owners;
}

/**
 * Inserts the new companies with their contact users and links the shipper to them and to the
 * existing companies; the new users, in the order of `fresh`, to be invited.
 */
export async function insertImportedCarriers(
  tx: DbOrTx,
  industryId: number,
  fresh: CarrierInputParsed[],
  existing: { row: CarrierInputParsed; carrierId: number }[],
): Promise<{ id: number; name: string; email: string }[]> {
  const made = await insertRows(
    tx,
    carriers,
    ['name', 'contactName', 'mobile', 'email', 'pan', 'gstin', 'address', 'city', 'state', 'pincode', 'fleetSize'],
    fresh.map(({ code: _c, groupIds: _g, ...company }) => company),
  );
  const people = await insertRows(
    tx,
    users,
    ['userType', 'name', 'email', 'mobile', 'carrierId'],
    fresh.map((r, i) => ({ userType: 2, name: r.contactName, email: r.email, mobile: r.mobile, carrierId: made[i] ?? 0 })),
  );
  const invites = fresh.map((r, i) => ({ id: people[i] ?? 0, name: r.contactName, email: r.email }));
  const links = [
    ...existing.map((e) => ({ carrierId: e.carrierId, code: e.row.code ?? null })),
    ...fresh.map((r, i) => ({ carrierId: made[i] ?? 0, code: r.code ?? null })),
  ];
  await insertRows(
    tx,
    industryCarriers,
    ['industryId', 'carrierId', 'code'],
    links.map((l) => ({ ...l, industryId })),
  );
  return invites;
}

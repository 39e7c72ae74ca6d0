import { masterOptionRows } from '@freightdesk/shared/schemas/answers-masters';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { carriers, industries, industryCarriers } from '../db/schema/tenancy.ts';
import type { OptionsSpec } from './common/options.ts';
import { lockVersion } from '../lib/version-check.ts';

/**
 * The statements of a carrier's own company (the carrier portal's profile, bank account and
 * shippers): each reads or writes the one carrier the caller's user belongs to, by its id.
 */

const c = carriers;

export type CarrierRecord = typeof carriers.$inferSelect;
export type CarrierProfileValues = Pick<
  typeof carriers.$inferInsert,
  'name' | 'contactName' | 'mobile' | 'email' | 'pan' | 'gstin' | 'address' | 'city' | 'state' | 'pincode' | 'fleetSize'
>;
export type CarrierBankValues = Pick<typeof carriers.$inferInsert, 'bankAccountName' | 'bankAccountNumber' | 'bankIfsc' | 'bankName'>;

/** The carrier's profile with its bank account and its count of active shippers. */
export function carrierCompanyStatement(db: DbOrTx, carrierId: number) {
  return db
    .select({
      id: c.id,
      name: c.name,
      contactName: c.contactName,
      mobile: c.mobile,
      email: c.email,
      pan: c.pan,
      gstin: c.gstin,
      address: c.address,
      city: c.city,
      state: c.state,
      pincode: c.pincode,
      fleetSize: c.fleetSize,
      shipperCount: sql<number>`(select count(*) from ${industryCarriers} where ${and(
        eq(industryCarriers.carrierId, c.id),
        eq(industryCarriers.status, 'active'),
      )})`.mapWith(Number),
      updatedAt: c.updatedAt,
      accountName: c.bankAccountName,
      accountNumber: c.bankAccountNumber,
      ifsc: c.bankIfsc,
      bankName: c.bankName,
      bankUpdatedAt: c.bankUpdatedAt,
    })
    .from(c)
    .where(eq(c.id, carrierId));
}

export async function carrierCompanyRow(db: DbOrTx, carrierId: number) {
  const [row] = await carrierCompanyStatement(db, carrierId);
  return row;
}

/** The carrier's record, locked for update. */
export async function lockCarrier(tx: DbOrTx, carrierId: number): Promise<CarrierRecord | undefined> {
  const [row] = await tx.select().from(carriers).where(eq(carriers.id, carrierId)).for('update');
  return row;
}

/** The carrier's record. */
export async function carrierRecord(tx: DbOrTx, carrierId: number): Promise<CarrierRecord | undefined> {
  const [row] = await tx.select().from(c).where(eq(c.id, carrierId));
  return row;
}

/** Locks the carrier's row, 412 when it changed since the version the caller read. */
export async function lockCarrierVersion(tx: DbOrTx, carrierId: number, expected: Date | undefined): Promise<void> {
  await lockVersion(tx, { table: c, where: eq(c.id, carrierId), expected, label: 'company profile', entity: 'carrier' });
}

export async function updateCarrierProfile(tx: DbOrTx, carrierId: number, values: CarrierProfileValues): Promise<void> {
  await tx
    .update(c)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(c.id, carrierId));
}

export async function updateCarrierBank(tx: DbOrTx, carrierId: number, values: CarrierBankValues): Promise<void> {
  await tx
    .update(carriers)
    .set({ ...values, bankUpdatedAt: new Date() })
    .where(eq(carriers.id, carrierId));
}

/** The shippers the carrier has an active link with. */
export async function activeShipperLinks(tx: DbOrTx, carrierId: number): Promise<{ industryId: number }[]> {
  return tx
    .select({ industryId: industryCarriers.industryId })
    .from(industryCarriers)
    .where(and(eq(industryCarriers.carrierId, carrierId), eq(industryCarriers.status, 'active')));
}

/**
 * The carrier portal's shipper picker: the shippers the carrier works for (its links). Offered: the
 * active links of active shippers; `ids` labels any of its links whatever their state.
 */
export const carrierShipperOptions: OptionsSpec = {
  answer: masterOptionRows.carrierShipper,
  access: { userTypes: [2] },
  tag: 'carrier portal',
  table: industries,
  joins: [{ table: industryCarriers, on: eq(industryCarriers.industryId, industries.id) }],
  columns: { id: industries.id, label: industries.name, carrierLinkId: industryCarriers.id },
  label: industries.name,
  scope: (user) => sql`${industryCarriers.carrierId} = ${user.carrierId ?? 0}`,
  offered: and(eq(industryCarriers.status, 'active'), eq(industries.status, 'active')) ?? sql`true`,
  search: [industries.name],
  order: [asc(industries.name), asc(industries.id)],
};

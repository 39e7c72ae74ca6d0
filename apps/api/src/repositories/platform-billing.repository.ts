import { and, asc, eq, sql } from 'drizzle-orm';
import type { InvoiceParty } from '@freightdesk/shared/schemas/invoice-views';
import type { PlatformBilling } from '@freightdesk/shared/schemas/plan-billing';
import type { DbOrTx } from '../db/client.ts';
import { plants } from '../db/schema/plants.ts';
import { platformSettings } from '../db/schema/platform.ts';
import { industries } from '../db/schema/tenancy.ts';

/**
 * The platform's tax and bank details (issue 33), one row of `platform_settings` like the joining
 * fee. Only the platform admin's routes and the plan payment service read them.
 */
const BILLING_KEY = 'platform_billing';

export async function readPlatformBilling(db: DbOrTx): Promise<PlatformBilling | null> {
  const [row] = await db.select({ value: platformSettings.value }).from(platformSettings).where(eq(platformSettings.key, BILLING_KEY));
  return (row?.value as PlatformBilling | undefined) ?? null;
}

export async function writePlatformBilling(db: DbOrTx, value: PlatformBilling): Promise<void> {
  await db
    .insert(platformSettings)
    .values({ key: BILLING_KEY, value })
    .onConflictDoUpdate({ target: platformSettings.key, set: { value, updatedAt: new Date() } });
}

/**
 * A shipper company as the recipient of a plan's tax invoice: its name and GSTIN from the company
 * profile, the address of its active plant under that GSTIN (else its oldest active plant).
 */
export async function shipperParty(db: DbOrTx, industryId: number): Promise<InvoiceParty> {
  const [company] = await db
    .select({ name: industries.name, gstin: industries.gstin })
    .from(industries)
    .where(eq(industries.id, industryId));
  const gstin = company?.gstin ?? null;
  const [plant] = await db
    .select({ address: plants.address, city: plants.city, state: plants.state, pincode: plants.pincode })
    .from(plants)
    .where(and(eq(plants.industryId, industryId), eq(plants.status, 'active')))
    .orderBy(gstin ? sql`(${plants.gstin} = ${gstin}) desc` : sql`1`, asc(plants.id))
    .limit(1);
  return {
    name: company?.name ?? '',
    address: plant?.address ?? null,
    city: plant?.city ?? null,
    state: plant?.state ?? null,
    pincode: plant?.pincode ?? null,
    gstin,
    pan: gstin && gstin.length === 15 ? gstin.slice(2, 12) : null,
  };
}

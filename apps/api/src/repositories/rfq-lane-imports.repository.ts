import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { stops } from '../db/schema/locations.ts';
import { parties, partyAddresses } from '../db/schema/parties.ts';
import { plants } from '../db/schema/plants.ts';
import { products, vehicleTypes } from '../db/schema/settings.ts';
import { type StaffScope, staffPlantScope } from '../lib/policy.ts';

/**
 * The places and masters an RFQ lane sheet names, found by lower-cased name among the shipper's
 * own (its tenant; a staff user's plants only).
 */

/** The shipper's active plants (a staff user's own) named or coded so. */
export function plantsNamedStatement(db: DbOrTx, industryId: number, staff: StaffScope, names: string[]) {
  return db
    .select({ id: plants.id, name: plants.name, code: plants.code, city: plants.city })
    .from(plants)
    .where(
      and(
        eq(plants.industryId, industryId),
        eq(plants.status, 'active'),
        staffPlantScope(staff, plants.id),
        or(inArray(sql`lower(${plants.name})`, names), inArray(sql`lower(${plants.code})`, names)),
      ),
    );
}

export async function plantsNamed(db: DbOrTx, industryId: number, staff: StaffScope, names: string[]) {
  return plantsNamedStatement(db, industryId, staff, names);
}

/** The shipper's locations named so. */
export async function stopsNamed(db: DbOrTx, industryId: number, names: string[]) {
  return db
    .select({ id: stops.id, name: stops.name, city: stops.city })
    .from(stops)
    .where(and(eq(stops.industryId, industryId), inArray(sql`lower(${stops.name})`, names)));
}

/** The addresses of the shipper's clients and vendors whose company is named so. */
export async function addressesOfCompanies(db: DbOrTx, industryId: number, companies: string[]) {
  return db
    .select({ id: partyAddresses.id, company: parties.company, label: partyAddresses.label, city: partyAddresses.city })
    .from(partyAddresses)
    .innerJoin(parties, eq(parties.id, partyAddresses.partyId))
    .where(and(eq(parties.industryId, industryId), inArray(sql`lower(${parties.company})`, companies)));
}

/** The vehicle types (the shipper's or the platform's) named so. */
export async function vehicleTypesNamed(db: DbOrTx, industryId: number, names: string[]) {
  return db
    .select({ id: vehicleTypes.id, name: vehicleTypes.name })
    .from(vehicleTypes)
    .where(
      and(or(isNull(vehicleTypes.industryId), eq(vehicleTypes.industryId, industryId)), inArray(sql`lower(${vehicleTypes.name})`, names)),
    );
}

/** The shipper's products named so. */
export async function productsNamed(db: DbOrTx, industryId: number, names: string[]) {
  return db
    .select({ id: products.id, name: products.name })
    .from(products)
    .where(and(eq(products.industryId, industryId), inArray(sql`lower(${products.name})`, names)));
}

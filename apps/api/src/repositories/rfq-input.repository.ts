import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { stops } from '../db/schema/locations.ts';
import { parties, partyAddresses } from '../db/schema/parties.ts';
import { plants } from '../db/schema/plants.ts';
import { products, vehicleTypes } from '../db/schema/settings.ts';
import { carrierGroupMembers, carrierGroups, carriers, industryCarriers } from '../db/schema/tenancy.ts';

/** The references an RFQ's input names, each looked up within the shipper (its tenant). */

/** Is the plant one of the shipper's active plants? */
export async function isActivePlantOf(tx: DbOrTx, industryId: number, plantId: number): Promise<boolean> {
  const [plant] = await tx
    .select({ id: plants.id })
    .from(plants)
    .where(and(eq(plants.id, plantId), eq(plants.industryId, industryId), eq(plants.status, 'active')));
  return plant !== undefined;
}

/** The shipper's plants among `ids`. */
export async function plantLabelsOf(tx: DbOrTx, industryId: number, ids: number[]) {
  return tx
    .select({ id: plants.id, name: plants.name, city: plants.city })
    .from(plants)
    .where(and(eq(plants.industryId, industryId), inArray(plants.id, ids)));
}

/** The shipper's locations among `ids`. */
export async function stopLabelsOf(tx: DbOrTx, industryId: number, ids: number[]) {
  return tx
    .select({ id: stops.id, name: stops.name, city: stops.city })
    .from(stops)
    .where(and(eq(stops.industryId, industryId), inArray(stops.id, ids)));
}

/** The addresses of the shipper's clients and vendors among `ids`. */
export async function addressLabelsOf(tx: DbOrTx, industryId: number, ids: number[]) {
  return tx
    .select({ id: partyAddresses.id, company: parties.company, label: partyAddresses.label, city: partyAddresses.city })
    .from(partyAddresses)
    .innerJoin(parties, eq(parties.id, partyAddresses.partyId))
    .where(and(eq(parties.industryId, industryId), inArray(partyAddresses.id, ids)));
}

/** The vehicle types among `ids` the shipper may use (the platform's and its own). */
export async function usableVehicleTypes(tx: DbOrTx, industryId: number, ids: number[]): Promise<Set<number>> {
  const rows = await tx
    .select({ id: vehicleTypes.id })
    .from(vehicleTypes)
    .where(and(inArray(vehicleTypes.id, ids), or(isNull(vehicleTypes.industryId), eq(vehicleTypes.industryId, industryId))));
  return new Set(rows.map((v) => v.id));
}

/** The shipper's products among `ids`. */
export async function productsOf(tx: DbOrTx, industryId: number, ids: number[]): Promise<Set<number>> {
  const rows = await tx
    .select({ id: products.id })
    .from(products)
    .where(and(inArray(products.id, ids), eq(products.industryId, industryId)));
  return new Set(rows.map((p) => p.id));
}

/** The shipper's My Carriers links among `ids`, with their status and carrier's name. */
export async function linksAmong(tx: DbOrTx, industryId: number, ids: number[]) {
  return tx
    .select({ id: industryCarriers.id, status: industryCarriers.status, name: carriers.name })
    .from(industryCarriers)
    .innerJoin(carriers, eq(carriers.id, industryCarriers.carrierId))
    .where(and(eq(industryCarriers.industryId, industryId), inArray(industryCarriers.id, ids)));
}

/** The shipper's carrier groups among `ids`. */
export async function groupsAmong(tx: DbOrTx, industryId: number, ids: number[]): Promise<{ id: number }[]> {
  return tx
    .select({ id: carrierGroups.id })
    .from(carrierGroups)
    .where(and(eq(carrierGroups.industryId, industryId), inArray(carrierGroups.id, ids)));
}

/** The active links that are members of the groups. */
export async function activeMembersOf(tx: DbOrTx, groupIds: number[]): Promise<{ id: number }[]> {
  return tx
    .select({ id: industryCarriers.id })
    .from(carrierGroupMembers)
    .innerJoin(industryCarriers, eq(industryCarriers.id, carrierGroupMembers.industryCarrierId))
    .where(and(inArray(carrierGroupMembers.groupId, groupIds), eq(industryCarriers.status, 'active')));
}

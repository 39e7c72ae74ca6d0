import { and, count, eq, inArray, isNull, or } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { RequestInputParsed } from '@freightdesk/shared/schemas/request';
import type { DbOrTx } from '../db/client.ts';
import { stops } from '../db/schema/locations.ts';
import { parties, partyAddresses } from '../db/schema/parties.ts';
import { plants } from '../db/schema/plants.ts';
import { packages, products, vehicleTypes } from '../db/schema/settings.ts';
import { carrierGroups, carriers, industryCarriers } from '../db/schema/tenancy.ts';
import { badRequest } from '../lib/errors.ts';
import { staffPlantScope } from '../lib/policy.ts';
import type { RequestActor } from './request-rows.repository.ts';

/**
 * The request's references checked against the shipper's own rows (issue 32): plants within a
 * staff user's own, addresses, locations, products, packages, vehicle types, groups and carriers.
 */

/** Every id of `ids` is a row of `table` matching `where`; 400 naming `field` otherwise. */
async function owns(
  tx: DbOrTx,
  table: PgTable & { id: never },
  where: ReturnType<typeof and>,
  ids: number[],
  field: string,
  message: string,
) {
  if (!ids.length) {
    return;
  }
  const [row] = await tx
    .select({ n: count() })
    .from(table)
    .where(and(inArray((table as unknown as { id: typeof plants.id }).id, ids), where));
  if (row?.n !== ids.length) {
    throw badRequest(field, message);
  }
}

/** The shipper's active plants (a staff user's own). */
export const activePlantsOf = (actor: RequestActor) =>
  and(eq(plants.industryId, actor.industryId), eq(plants.status, 'active'), actor.staff && staffPlantScope(actor.staff, plants.id));

/** The places of the request: an active plant of the shipper's (a staff user's own), its clients' or vendor's addresses, its locations. */
async function checkPlaces(tx: DbOrTx, actor: RequestActor, input: RequestInputParsed) {
  const { industryId } = actor;
  await owns(tx, plants as never, activePlantsOf(actor), [input.plantId], 'plantId', 'Choose one of your active plants.');
  const addressIds = input.dropoffs.flatMap((d) => (d.addressId ? [d.addressId] : []));
  const addressOf = (kind: 'client' | 'vendor') =>
    inArray(
      partyAddresses.partyId,
      tx
        .select({ id: parties.id })
        .from(parties)
        .where(and(eq(parties.industryId, industryId), eq(parties.kind, kind))),
    );
  await owns(tx, partyAddresses as never, addressOf('client'), addressIds, 'dropoffs', 'Choose addresses of your own clients.');
  await owns(
    tx,
    stops as never,
    eq(stops.industryId, industryId),
    input.dropoffs.flatMap((d) => (d.stopId ? [d.stopId] : [])),
    'dropoffs',
    'Choose your own locations.',
  );
  if (input.pickupAddressId) {
    await owns(
      tx,
      partyAddresses as never,
      addressOf('vendor'),
      [input.pickupAddressId],
      'pickupAddressId',
      'Choose an address of your own vendors.',
    );
  }
}

/** The load and the invited groups: the shipper's products, packages and groups, a vehicle type of the catalogue or its own. */
async function checkLoad(tx: DbOrTx, industryId: number, input: RequestInputParsed) {
  if (input.productId) {
    await owns(tx, products as never, eq(products.industryId, industryId), [input.productId], 'productId', 'Choose one of your products.');
  }
  if (input.packageId) {
    await owns(tx, packages as never, eq(packages.industryId, industryId), [input.packageId], 'packageId', 'Choose one of your packages.');
  }
  await owns(
    tx,
    vehicleTypes as never,
    or(isNull(vehicleTypes.industryId), eq(vehicleTypes.industryId, industryId)),
    [input.vehicleTypeId],
    'vehicleTypeId',
    'Choose a vehicle type.',
  );
  await owns(
    tx,
    carrierGroups as never,
    eq(carrierGroups.industryId, industryId),
    input.groupIds,
    'groupIds',
    'Choose groups of your own company.',
  );
}

/** The invited carriers: links of My Carriers, none blocked. */
async function checkCarrierLinks(tx: DbOrTx, industryId: number, input: RequestInputParsed) {
  if (input.carrierLinkIds.length) {
    const links = await tx
      .select({ id: industryCarriers.id, status: industryCarriers.status, name: carriers.name })
      .from(industryCarriers)
      .innerJoin(carriers, eq(carriers.id, industryCarriers.carrierId))
      .where(and(eq(industryCarriers.industryId, industryId), inArray(industryCarriers.id, input.carrierLinkIds)));
    if (links.length !== input.carrierLinkIds.length) {
      throw badRequest('carrierLinkIds', 'Choose carriers from My Carriers.');
    }
    const blocked = links.find((l) => l.status === 'blocked');
    if (blocked) {
      throw badRequest('carrierLinkIds', `${blocked.name} is blocked and cannot be invited.`);
    }
  }
}

/** Every reference of the request must be the shipper's own (or the global vehicle catalogue). */
export async function checkReferences(tx: DbOrTx, actor: RequestActor, input: RequestInputParsed) {
  await checkPlaces(tx, actor, input);
  await checkLoad(tx, actor.industryId, input);
  await checkCarrierLinks(tx, actor.industryId, input);
}

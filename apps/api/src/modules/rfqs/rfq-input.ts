import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import type { RfqInputParsed, RfqLaneInput } from '@freightdesk/shared/schemas/rfq';
import type { DbOrTx } from '../../db/client.ts';
import { stops } from '../../db/schema/locations.ts';
import { parties, partyAddresses } from '../../db/schema/parties.ts';
import { plants } from '../../db/schema/plants.ts';
import { products, vehicleTypes } from '../../db/schema/settings.ts';
import { carrierGroupMembers, carrierGroups, carriers, industryCarriers } from '../../db/schema/tenancy.ts';
import { badRequest } from '../../lib/errors.ts';

type Place = NonNullable<RfqLaneInput['origin']>;

/** A lane end's label, checked to be the shipper's: a plant, a location, or a client/vendor address. */
async function placeLabels(tx: DbOrTx, industryId: number, placesWanted: Place[]): Promise<Map<string, string>> {
  const ids = (kind: Place['kind']) => [...new Set(placesWanted.filter((p) => p.kind === kind).map((p) => p.id))];
  const labels = new Map<string, string>();
  const [plantIds, stopIds, addressIds] = [ids('plant'), ids('stop'), ids('address')];
  if (plantIds.length) {
    for (const p of await tx
      .select({ id: plants.id, name: plants.name, city: plants.city })
      .from(plants)
      .where(and(eq(plants.industryId, industryId), inArray(plants.id, plantIds)))) {
      labels.set(`plant:${p.id}`, `${p.name}, ${p.city}`);
    }
  }
  if (stopIds.length) {
    for (const s of await tx
      .select({ id: stops.id, name: stops.name, city: stops.city })
      .from(stops)
      .where(and(eq(stops.industryId, industryId), inArray(stops.id, stopIds)))) {
      labels.set(`stop:${s.id}`, `${s.name}, ${s.city}`);
    }
  }
  if (addressIds.length) {
    for (const a of await tx
      .select({ id: partyAddresses.id, company: parties.company, label: partyAddresses.label, city: partyAddresses.city })
      .from(partyAddresses)
      .innerJoin(parties, eq(parties.id, partyAddresses.partyId))
      .where(and(eq(parties.industryId, industryId), inArray(partyAddresses.id, addressIds)))) {
      labels.set(`address:${a.id}`, `${a.company} (${a.label}), ${a.city}`);
    }
  }
  return labels;
}

/** Every reference of an RFQ checked against the shipper, each refusal naming its field. */
export async function checkInput(tx: DbOrTx, industryId: number, input: RfqInputParsed) {
  const [plant] = await tx
    .select({ id: plants.id })
    .from(plants)
    .where(and(eq(plants.id, input.plantId), eq(plants.industryId, industryId), eq(plants.status, 'active')));
  if (!plant) {
    throw badRequest('plantId', 'Choose one of your active plants.');
  }
  const labels = await placeLabels(
    tx,
    industryId,
    input.lanes.flatMap((l) => [l.origin, l.destination]),
  );
  const vehicleIds = [...new Set(input.lanes.map((l) => l.vehicleTypeId))];
  const vehicles = new Set(
    (
      await tx
        .select({ id: vehicleTypes.id })
        .from(vehicleTypes)
        .where(and(inArray(vehicleTypes.id, vehicleIds), or(isNull(vehicleTypes.industryId), eq(vehicleTypes.industryId, industryId))))
    ).map((v) => v.id),
  );
  const productIds = [...new Set(input.lanes.flatMap((l) => (l.productId ? [l.productId] : [])))];
  const productSet = new Set(
    productIds.length
      ? (
          await tx
            .select({ id: products.id })
            .from(products)
            .where(and(inArray(products.id, productIds), eq(products.industryId, industryId)))
        ).map((p) => p.id)
      : [],
  );
  input.lanes.forEach((l, i) => {
    for (const end of ['origin', 'destination'] as const) {
      if (!labels.has(`${l[end].kind}:${l[end].id}`)) {
        throw badRequest(`lanes.${i}.${end}`, `Lane ${i + 1}: choose a ${end} of yours.`);
      }
    }
    if (!vehicles.has(l.vehicleTypeId)) {
      throw badRequest(`lanes.${i}.vehicleTypeId`, `Lane ${i + 1}: choose one of the vehicle types.`);
    }
    if (l.productId && !productSet.has(l.productId)) {
      throw badRequest(`lanes.${i}.productId`, `Lane ${i + 1}: choose one of your products.`);
    }
  });
  const links = input.carrierLinkIds.length
    ? await tx
        .select({ id: industryCarriers.id, status: industryCarriers.status, name: carriers.name })
        .from(industryCarriers)
        .innerJoin(carriers, eq(carriers.id, industryCarriers.carrierId))
        .where(and(eq(industryCarriers.industryId, industryId), inArray(industryCarriers.id, input.carrierLinkIds)))
    : [];
  if (links.length !== input.carrierLinkIds.length) {
    throw badRequest('carrierLinkIds', 'Invite carriers of My Carriers only.');
  }
  const blocked = links.find((l) => l.status === 'blocked');
  if (blocked) {
    throw badRequest('carrierLinkIds', `${blocked.name} is blocked and cannot be invited.`);
  }
  return { labels, invited: await invitedLinks(tx, industryId, input) };
}

/**
 * Who an RFQ invites: the carriers chosen one by one and the active (not blocked) members of the
 * chosen groups, each once. Groups are expanded when the draft is saved: the invitation list is
 * what the carriers were when the shipper saved it (docs/decisions/0117-carrier-groups-on-an-rfq.md).
 * 400 on `groupIds` for a
 * group that is not the shipper's, or groups that leave nobody to invite.
 */
async function invitedLinks(tx: DbOrTx, industryId: number, input: RfqInputParsed): Promise<number[]> {
  if (!input.groupIds.length) {
    return input.carrierLinkIds;
  }
  const groups = await tx
    .select({ id: carrierGroups.id })
    .from(carrierGroups)
    .where(and(eq(carrierGroups.industryId, industryId), inArray(carrierGroups.id, input.groupIds)));
  if (groups.length !== input.groupIds.length) {
    throw badRequest('groupIds', 'Choose groups of your own.');
  }
  const members = await tx
    .select({ id: industryCarriers.id })
    .from(carrierGroupMembers)
    .innerJoin(industryCarriers, eq(industryCarriers.id, carrierGroupMembers.industryCarrierId))
    .where(and(inArray(carrierGroupMembers.groupId, input.groupIds), eq(industryCarriers.status, 'active')));
  const all = [...new Set([...input.carrierLinkIds, ...members.map((m) => m.id)])];
  if (!all.length) {
    throw badRequest('groupIds', 'These groups have no active carriers to invite.');
  }
  return all;
}

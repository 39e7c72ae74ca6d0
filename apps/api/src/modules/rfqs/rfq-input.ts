import type { RfqInputParsed, RfqLaneInput } from '@freightdesk/shared/schemas/rfq';
import type { DbOrTx } from '../../db/client.ts';
import { badRequest } from '../../lib/errors.ts';
import {
  activeMembersOf,
  addressLabelsOf,
  groupsAmong,
  isActivePlantOf,
  linksAmong,
  plantLabelsOf,
  productsOf,
  stopLabelsOf,
  usableVehicleTypes,
} from '../../repositories/rfq-input.repository.ts';

type Place = NonNullable<RfqLaneInput['origin']>;

/** A lane end's label, checked to be the shipper's: a plant, a location, or a client/vendor address. */
async function placeLabels(tx: DbOrTx, industryId: number, placesWanted: Place[]): Promise<Map<string, string>> {
  const ids = (kind: Place['kind']) => [...new Set(placesWanted.filter((p) => p.kind === kind).map((p) => p.id))];
  const labels = new Map<string, string>();
  const [plantIds, stopIds, addressIds] = [ids('plant'), ids('stop'), ids('address')];
  if (plantIds.length) {
    for (const p of await plantLabelsOf(tx, industryId, plantIds)) {
      labels.set(`plant:${p.id}`, `${p.name}, ${p.city}`);
    }
  }
  if (stopIds.length) {
    for (const s of await stopLabelsOf(tx, industryId, stopIds)) {
      labels.set(`stop:${s.id}`, `${s.name}, ${s.city}`);
    }
  }
  if (addressIds.length) {
    for (const a of await addressLabelsOf(tx, industryId, addressIds)) {
      labels.set(`address:${a.id}`, `${a.company} (${a.label}), ${a.city}`);
    }
  }
  return labels;
}

/** Every reference of an RFQ checked against the shipper, each refusal naming its field. */
export async function checkInput(tx: DbOrTx, industryId: number, input: RfqInputParsed) {
  if (!(await isActivePlantOf(tx, industryId, input.plantId))) {
    throw badRequest('plantId', 'Choose one of your active plants.');
  }
  const labels = await placeLabels(
    tx,
    industryId,
    input.lanes.flatMap((l) => [l.origin, l.destination]),
  );
  const vehicleIds = [...new Set(input.lanes.map((l) => l.vehicleTypeId))];
  const vehicles = await usableVehicleTypes(tx, industryId, vehicleIds);
  const productIds = [...new Set(input.lanes.flatMap((l) => (l.productId ? [l.productId] : [])))];
  const productSet = productIds.length ? await productsOf(tx, industryId, productIds) : new Set<number>();
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
  const links = input.carrierLinkIds.length ? await linksAmong(tx, industryId, input.carrierLinkIds) : [];
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
  const groups = await groupsAmong(tx, industryId, input.groupIds);
  if (groups.length !== input.groupIds.length) {
    throw badRequest('groupIds', 'Choose groups of your own.');
  }
  const members = await activeMembersOf(tx, input.groupIds);
  const all = [...new Set([...input.carrierLinkIds, ...members.map((m) => m.id)])];
  if (!all.length) {
    throw badRequest('groupIds', 'These groups have no active carriers to invite.');
  }
  return all;
}

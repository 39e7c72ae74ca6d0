import type { CarrierInputParsed } from '@freightdesk/shared/schemas/carrier';
import type { Db } from '../../db/client.ts';
import { conflict } from '../../lib/errors.ts';
import type { Actor } from '../../lib/tenant-resource.ts';
import {
  carrierIdByGstin,
  carrierLinkOf,
  carrierLinkResource,
  checkGroups,
  findCarrierByContact,
  insertCarrierLink,
  insertCarrierWithUser,
  replaceGroups,
} from '../../repositories/carriers.repository.ts';

export type AddedCarrier = { linkId: number; invite?: { id: number; name: string; email: string } };

/**
 * Adds a carrier to My Carriers: links the existing company that owns the mobile or email, or
 * creates the company with a carrier user (who is then invited to set a password).
 */
export async function addCarrier(db: Db, actor: Actor, input: CarrierInputParsed): Promise<AddedCarrier> {
  return db.transaction(async (tx) => {
    if (input.gstin) {
      const owner = await carrierIdByGstin(tx, input.gstin);
      const byContact = await findCarrierByContact(tx, input.mobile, input.email);
      if (owner && owner !== byContact) {
        throw conflict('gstin', 'Another carrier company already has this GSTIN. Add it by its mobile or email.');
      }
    }
    await checkGroups(tx, actor.industryId, input.groupIds);
    let carrierId = await findCarrierByContact(tx, input.mobile, input.email);
    let invite: AddedCarrier['invite'];
    if (carrierId) {
      if (await carrierLinkOf(tx, actor.industryId, carrierId)) {
        throw conflict('mobile', 'This carrier is already in My Carriers.');
      }
    } else {
      const { code: _code, groupIds: _groups, ...company } = input;
      const made = await insertCarrierWithUser(tx, company, { name: input.contactName, email: input.email, mobile: input.mobile });
      carrierId = made.carrierId;
      invite = made.user;
    }
    const linkId = await insertCarrierLink(tx, actor.industryId, carrierId, input.code ?? null);
    await replaceGroups(tx, linkId, input.groupIds);
    await carrierLinkResource.audit(tx, actor, linkId, invite ? 'create-carrier' : 'link-carrier', undefined, input);
    return { linkId, invite };
  });
}

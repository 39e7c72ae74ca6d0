import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { plants } from '../../db/schema/plants.ts';
import { industryCarriers } from '../../db/schema/tenancy.ts';
import { badRequest } from '../../lib/errors.ts';

/** 400 naming `field` unless the plant (when given) is the shipper's. */
export async function checkPlantRef(db: DbOrTx, industryId: number, plantId: number | null | undefined, field = 'plantId') {
  if (!plantId) {
    return;
  }
  const [row] = await db
    .select({ id: plants.id })
    .from(plants)
    .where(and(eq(plants.industryId, industryId), eq(plants.id, plantId)));
  if (!row) {
    throw badRequest(field, 'Choose one of your plants.');
  }
}

/** 400 naming `field` unless the carrier link (when given) is in the shipper's My Carriers. */
export async function checkCarrierLinkRef(db: DbOrTx, industryId: number, linkId: number | null | undefined, field = 'carrierLinkId') {
  if (!linkId) {
    return;
  }
  const [row] = await db
    .select({ id: industryCarriers.id })
    .from(industryCarriers)
    .where(and(eq(industryCarriers.industryId, industryId), eq(industryCarriers.id, linkId)));
  if (!row) {
    throw badRequest(field, 'Choose a carrier from My Carriers.');
  }
}

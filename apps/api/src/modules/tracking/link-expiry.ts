import type { OrderStatus } from '@freightdesk/shared/status/order';
import type { DbOrTx } from '../../db/client.ts';
import { setOpenDriverLinkExpiries } from '../../repositories/driver-links.repository.ts';
import { setOpenLinkExpiries } from '../../repositories/tracking-links.repository.ts';
import { trackingSettingsFor } from '../settings/tracking-settings.service.ts';
import { FINISHED_STATUSES } from './order-tracking.service.ts';

const HOUR = 3_600_000;

/** When an order's links stop working: its end plus the grace in hours. */
export const expiryFrom = (endedAt: Date, graceHours: number) => new Date(endedAt.getTime() + graceHours * HOUR);

/**
 * An order moved to `status` at `endedAt`: if that is an end (delivered, closed, rejected, cancelled),
 * its links that have no expiry yet (made while it was open) get one: the end plus the shipper's
 * grace as it is now. A link's expiry, once set, never changes: a grace raised later, or a POD
 * sent back and delivered again, revives no link. The driver's trip links end at the end itself. Called in the transaction of every move (orders' moveOrder).
 */
export async function fixLinkExpiries(
  tx: DbOrTx,
  order: { id: number; industryId: number },
  status: OrderStatus,
  endedAt: Date,
): Promise<void> {
  if (!FINISHED_STATUSES.includes(status)) {
    return;
  }
  const { publicLinkGraceHours } = await trackingSettingsFor(tx, order.industryId);
  await setOpenLinkExpiries(tx, order.id, expiryFrom(endedAt, publicLinkGraceHours));
  // The driver's trip link has nothing left to do: it ends with the order, without a grace (record 0300).
  await setOpenDriverLinkExpiries(tx, order.id, endedAt);
}

import type { RankedBid } from '@freightdesk/shared/schemas/bid';
import { formatInr, plural } from '../../lib/format.ts';

export type Vehicles = Record<number, number | undefined>;
export type AwardLine = { bidId: number; vehicles: number };

/** The award's lines: each bid given a positive number of vehicles, in the board's order. */
export function awardLines(rows: RankedBid[], vehicles: Vehicles): AwardLine[] {
  return rows.flatMap((b) => {
    const v = vehicles[b.id];
    return v !== undefined && v > 0 ? [{ bidId: b.id, vehicles: v }] : [];
  });
}

/**
 * What the confirmation before an award says: who gets how many vehicles at what price, and that
 * it places orders for good. "Award 2 vehicles to Vayu Roadlines at ₹42,000.00 per trip? …"
 */
export function awardConfirmText(rows: RankedBid[], lines: AwardLine[], basis: 'trip' | 'tonne'): string {
  const per = basis === 'tonne' ? 'per tonne' : 'per trip';
  const parts = lines.flatMap((line) => {
    const bid = rows.find((b) => b.id === line.bidId);
    return bid ? [`${plural(line.vehicles, 'vehicle')} to ${bid.carrierName} at ${formatInr(bid.amountRupees)} ${per}`] : [];
  });
  const orders = lines.reduce((sum, l) => sum + l.vehicles, 0);
  return `Award ${parts.join(' and ')}? This places ${plural(orders, 'order')}, which the carriers are told of at once.`;
}

import type { LaneComparison, RfqAwardInput } from '@freightdesk/shared/schemas/rfq';

/** Shares typed per lane: carrier link id → % (undefined while empty, NaN while not a number). */
export type LaneShares = Record<number, number | undefined>;
export type AwardDraft = Record<number, LaneShares>;

/** The sum of a lane's typed shares (empty counts as 0). */
export function shareTotal(shares: LaneShares | undefined): number {
  return Object.values(shares ?? {}).reduce<number>((s, v) => s + (v && Number.isFinite(v) ? v : 0), 0);
}

/** The award's starting point: each lane wholly to its L1, lanes without a quote left out. */
export function initialAward(lanes: readonly LaneComparison[]): AwardDraft {
  const draft: AwardDraft = {};
  for (const lane of lanes) {
    const l1 = lane.quotes.find((q) => q.rank === 1);
    draft[lane.laneId] = l1 ? { [l1.carrierLinkId]: 100 } : {};
  }
  return draft;
}

/** What is wrong with a lane's shares, or null: a lane with no share at all is simply not awarded. */
export function laneShareError(shares: LaneShares | undefined): string | null {
  const values = Object.values(shares ?? {}).filter((v) => v !== undefined);
  if (values.length === 0) {
    return null;
  }
  if (values.some((v) => !Number.isInteger(v) || (v as number) < 0 || (v as number) > 100)) {
    return 'Each share is a whole per cent from 0 to 100';
  }
  const total = shareTotal(shares);
  return total === 100 || total === 0 ? null : `Shares must add up to 100% (now ${total}%)`;
}

/**
 * The body of `POST /api/rfqs/:id/award`: the lanes given shares, each carrier with a share above 0,
 * in the comparison's lane order. Lanes whose shares are all empty or 0 are left out.
 */
export function awardBody(lanes: readonly LaneComparison[], draft: AwardDraft, slaText?: string): RfqAwardInput {
  return {
    lanes: lanes.flatMap((lane) => {
      const splits = Object.entries(draft[lane.laneId] ?? {})
        .filter(([, share]) => share !== undefined && share > 0)
        .map(([link, share]) => ({ carrierLinkId: Number(link), sharePct: share as number }));
      return splits.length ? [{ laneId: lane.laneId, splits }] : [];
    }),
    slaText: slaText?.trim() || undefined,
  };
}

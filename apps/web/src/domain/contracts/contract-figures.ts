import type { ContractDetail, ContractPerformance } from '@freightdesk/shared/schemas/contract';
import { formatPct, pctOf } from '@freightdesk/shared/percent';

type PerformanceLane = ContractPerformance['lanes'][number];

/**
 * A lane's month so far: the carrier's part of the vehicles placed on the lane (per cent, null
 * before any), the vehicles its share would give it, and how it stands against its share.
 */
export function laneTake(lane: PerformanceLane) {
  const { takenThisMonth: taken, laneTakenThisMonth: all, sharePct } = lane;
  const pct = pctOf(taken, all);
  const due = Math.round(((all * sharePct) / 100) * 10) / 10;
  const standing: 'none' | 'below' | 'onShare' | 'above' =
    pct === null ? 'none' : pct < sharePct - 0.05 ? 'below' : pct > sharePct + 0.05 ? 'above' : 'onShare';
  return { taken, all, pct, due, standing };
}

/** A per cent for a figure the API leaves null before there is anything to count. */
export const pctText = (pct: number | null) => formatPct(pct, 'Not yet');

export type RateChange = {
  laneId: number;
  seq: number;
  label: string;
  rateRupees: number;
  reason: string;
  at: string;
  previous: number | null;
};

/** Every rate any lane has had, newest first, each with the rate before it (null for the lane's first). */
export function rateChanges(contract: Pick<ContractDetail, 'laneList'>): RateChange[] {
  return contract.laneList
    .flatMap((l) =>
      l.history.map((h, i) => ({
        laneId: l.id,
        seq: l.seq,
        label: l.label,
        rateRupees: h.rateRupees,
        reason: h.reason,
        at: h.at,
        previous: i > 0 ? (l.history[i - 1]?.rateRupees ?? null) : null,
      })),
    )
    .sort((a, b) => Date.parse(b.at) - Date.parse(a.at) || b.seq - a.seq);
}

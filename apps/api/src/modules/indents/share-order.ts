/** A carrier holding a contracted lane: its share and the vehicles it took on the lane this month. */
export type LaneHolder = { carrierLinkId: number; sharePct: number; taken: number };

/**
 * The lane's holders in the order an indent asks them: the carrier most behind its share this
 * month first. Behind = what its share of the month's vehicles (with this indent's) would be, less
 * what it took. Ties go to the larger share, then the older link, so the order never depends on
 * the database's row order.
 */
export function byShareDeficit(holders: LaneHolder[], vehicles: number): number[] {
  const total = holders.reduce((sum, h) => sum + h.taken, 0) + vehicles;
  return holders
    .map((h) => ({ ...h, behind: (h.sharePct / 100) * total - h.taken }))
    .sort((a, b) => b.behind - a.behind || b.sharePct - a.sharePct || a.carrierLinkId - b.carrierLinkId)
    .map((h) => h.carrierLinkId);
}

/** The first day of the India-time month of `at`, and of the next, as instants (the month the shares are counted in). */
export function indiaMonth(at: Date): { from: Date; to: Date } {
  const ist = new Date(at.getTime() + 5.5 * 3_600_000);
  const y = ist.getUTCFullYear();
  const m = ist.getUTCMonth();
  const start = (year: number, month: number) => new Date(Date.UTC(year, month, 1) - 5.5 * 3_600_000);
  return { from: start(y, m), to: start(y, m + 1) };
}

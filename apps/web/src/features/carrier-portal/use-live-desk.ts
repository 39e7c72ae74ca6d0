import { useEffect, useMemo, useState } from 'react';
import { justFinished, leftLive } from './auction.ts';
import { useCarrierRequests, useCarrierRequestsById } from './api/carrier-requests.ts';
import { useOutbidAlerts, useWatchedLive } from './use-outbid-alerts.ts';

/** The most live requests one page of the desk shows (the live set is small: usually all of it). */
export const LIVE_PAGE_SIZE = 100;

/**
 * The Live tab's data, kept up on every tab (the outbid alerts run while the carrier looks at
 * Finished too): one page of live requests under the search, the ones that finished while this
 * page watched them (each read again by id, so its close and award show), and the rows flashing
 * because another carrier undercut this one.
 */
export function useLiveDesk({ search, page, pageSize }: { search?: string; page: number; pageSize: number }) {
  const live = useCarrierRequests({ tab: 'live', search, page, pageSize });
  const rows = live.data?.data;
  const watched = useWatchedLive(rows);
  const outbid = useOutbidAlerts(rows);
  // A placeholder (the previous search's answer while this one loads) cannot tell what left.
  const answer = live.data && !live.isPlaceholderData ? live.data : undefined;
  const current = useMemo(
    () =>
      answer &&
      leftLive(watched, answer.data, search ?? '', { complete: answer.page === 1 && answer.total <= answer.data.length, now: Date.now() }),
    [answer, watched, search],
  );
  const [held, setHeld] = useState<number[]>([]);
  useEffect(() => {
    if (current && current.join() !== held.join()) {
      setHeld(current);
    }
  }, [current, held]);
  const candidates = current ?? held;
  const left = useCarrierRequestsById(candidates);
  const leftKey = left.map((q, i) => `${candidates[i]}:${q.dataUpdatedAt}`).join();
  // biome-ignore lint/correctness/useExhaustiveDependencies: leftKey stands for the rows read again
  const finishedHere = useMemo(
    () =>
      justFinished(
        left.map((q) => q.data),
        search ?? '',
      ),
    [leftKey, search],
  );
  return { live, rows: rows ?? [], justFinished: finishedHere, outbid, following: candidates };
}

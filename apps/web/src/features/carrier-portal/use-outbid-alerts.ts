import { notifications } from '@mantine/notifications';
import { useEffect, useRef, useState } from 'react';
import { TOAST_HIDE_MS } from '@freightdesk/shared/constants';
import type { CarrierRequest } from '@freightdesk/shared/schemas/bid';
import { isLive, rankChanges, type Watched } from './auction.ts';

const FLASH_MS = 8000;

/**
 * Watches the carrier's ranks across refetches: when another carrier undercuts it, the row is
 * highlighted for a few seconds and, unless the server's own notification already said so (lost
 * L1), a toast names the request. Returns the highlighted request ids.
 */
export function useOutbidAlerts(list: CarrierRequest[] | undefined): ReadonlySet<number> {
  const ranks = useRef<Map<number, number> | null>(null);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  const [flashing, setFlashing] = useState<ReadonlySet<number>>(new Set());

  useEffect(() => {
    if (!list) {
      return;
    }
    const { drops, ranks: next } = rankChanges(ranks.current, list);
    ranks.current = next;
    if (drops.length === 0) {
      return;
    }
    // Losing L1 already arrives as the server's 'You were outbid' notification; toast the other drops.
    for (const { request, from, to } of drops.filter((d) => d.from > 1)) {
      notifications.show({
        color: 'orange',
        title: 'Outbid',
        message: `You were outbid on ${request.number}: you are now L${to} (was L${from}).`,
        autoClose: TOAST_HIDE_MS,
      });
    }
    const ids = drops.map((d) => d.request.id);
    setFlashing((prev) => new Set([...prev, ...ids]));
    // Not cleared when the list changes again: each highlight runs its full time.
    timers.current.push(
      setTimeout(() => {
        setFlashing((prev) => new Set([...prev].filter((id) => !ids.includes(id))));
      }, FLASH_MS),
    );
  }, [list]);

  useEffect(() => () => timers.current.forEach(clearTimeout), []);
  return flashing;
}

/**
 * The requests this page has shown as live, each as last seen. Once one leaves the Live tab it is
 * read again and, if it finished, stays there (as "just finished") until the page is left, so a
 * dispatcher watching it sees the close and the award.
 */
export function useWatchedLive(list: CarrierRequest[] | undefined): Watched {
  const [watched, setWatched] = useState<Watched>(new Map());
  useEffect(() => {
    const fresh = (list ?? []).filter((r) => isLive(r) && watched.get(r.id) !== r);
    if (fresh.length) {
      setWatched((prev) => new Map([...prev, ...fresh.map((r) => [r.id, r] as const)]));
    }
  }, [list, watched]);
  return watched;
}

import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { BidWindow } from './auction-clock.ts';
import { watchDeadline } from './deadline-watch.ts';

/**
 * Reads the request again from the server when the page's own clock passes its bid start or end
 * (and every few seconds after, until the server has moved it), refetching the queries under
 * `queryKeys`: the page never waits on a live event alone to show the close (issue 38).
 */
export function useDeadlineRefetch(window: BidWindow | undefined, queryKeys: unknown[][]) {
  const client = useQueryClient();
  const latest = useRef(window);
  latest.current = window;
  const keys = JSON.stringify(queryKeys);
  const armed = window ? `${window.status}|${window.bidStartAt}|${window.bidEndAt}` : '';
  useEffect(() => {
    if (!armed) {
      return;
    }
    return watchDeadline(
      () => latest.current,
      () => {
        for (const key of JSON.parse(keys) as unknown[][]) {
          void client.invalidateQueries({ queryKey: key });
        }
      },
    );
  }, [armed, keys, client]);
}

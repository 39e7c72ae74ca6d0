import { type Query, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api.ts';
import { refetchOnMount } from './early-answers.ts';
import { onSessionEnd } from './session.ts';

/**
 * The app's query client. Beyond its defaults (no retry of a 4xx, no refetch on focus) one rule:
 * **a screen never shows figures from before a write**. After a write (the user's own, or one a live
 * event tells of) the app invalidates what it changed; a screen that is open refetches at once, but:
 * - a page not open now would show its cached answer when opened and only then refresh (the payment
 *   summary showed the amounts due before the payment just recorded, for a moment, then the new
 *   ones). So an invalidated query that no screen watches is dropped: the page opens on its loading
 *   state and then the fresh answer.
 * - TanStack does not ask again for a query invalidated while its first answer is on its way: it
 *   waits for the answer already asked for, which may be from before the write (a list searched
 *   while a carrier assigned ten vehicles showed nine). So such a query is asked again here once
 *   that answer lands.
 */
export function createQueryClient(): QueryClient {
  const client = new QueryClient({
    defaultOptions: {
      queries: {
        retry: (count, err) => !(err instanceof ApiError && err.status >= 400 && err.status < 500) && count < 2,
        refetchOnWindowFocus: false,
        // An answer asked as the navigation started is not asked again by the page it was for.
        refetchOnMount,
      },
    },
  });
  const cache = client.getQueryCache();
  /** Queries invalidated while their first answer was on its way. */
  const askAgain = new WeakSet<Query>();
  cache.subscribe((event) => {
    if (event.type !== 'updated') {
      return;
    }
    const { query, action } = event;
    if (action.type === 'invalidate') {
      if (query.getObserversCount() === 0) {
        cache.remove(query);
      } else if (query.state.fetchStatus === 'fetching' && query.state.data === undefined) {
        askAgain.add(query);
      }
    } else if (action.type === 'success' && askAgain.delete(query)) {
      queueMicrotask(() => void client.refetchQueries({ queryKey: query.queryKey, exact: true }));
    }
  });
  // Logout (here or a 401) ends every call and drops every answer: nothing of the previous user is
  // shown to the next, and no query keeps asking with a token the server no longer holds.
  onSessionEnd(() => {
    void client.cancelQueries();
    client.clear();
  });
  return client;
}

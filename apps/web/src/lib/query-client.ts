import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api.ts';

/**
 * The app's query client. Beyond its defaults (no retry of a 4xx, no refetch on focus) one rule:
 * **a screen never shows figures from before a write**. After a write the app invalidates what it
 * changed; a screen that is open refetches at once, but a page not open now would show its cached
 * answer when opened and only then refresh (the payment summary showed the amounts due before the
 * payment just recorded, for a moment, then the new ones). So an invalidated query that no screen
 * watches is dropped: the page opens on its loading state and then the fresh answer.
 */
export function createQueryClient(): QueryClient {
  const client = new QueryClient({
    defaultOptions: {
      queries: {
        retry: (count, err) => !(err instanceof ApiError && err.status >= 400 && err.status < 500) && count < 2,
        refetchOnWindowFocus: false,
      },
    },
  });
  const cache = client.getQueryCache();
  cache.subscribe((event) => {
    if (event.type === 'updated' && event.action.type === 'invalidate' && event.query.getObserversCount() === 0) {
      cache.remove(event.query);
    }
  });
  return client;
}

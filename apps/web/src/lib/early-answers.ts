import type { FetchQueryOptions, Query, QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * Answers a navigation asks for before its page has drawn (record 0310): the page's data is asked
 * beside the guard's calls and the page's code, not after them, so on a phone the list arrives with
 * the page instead of a round trip later. The page's own query then finds the answer in the cache.
 */
let client: QueryClient | undefined;
/** Asked before the client was set: the router's first navigation runs as its module loads, before main.tsx sets it. */
const waiting: (() => void)[] = [];
/** Queries asked for early, with when: the first screen that reads one takes it as fresh. */
const early = new Map<Query, number>();
/** How long an early answer counts as fresh for the screen it was asked for. */
export const EARLY_FRESH_MS = 10_000;

/** The app's query client, set once by main.tsx (the router's loaders run outside React). */
export function setEarlyAnswersClient(queryClient: QueryClient): void {
  client = queryClient;
  for (const ask of waiting.splice(0)) {
    ask();
  }
}

/** Starts `options`' call now, unless its answer is in the cache or on its way. Errors are the page's to show. */
export function askEarly<T, K extends QueryKey>(options: FetchQueryOptions<T, Error, T, K>): void {
  if (!client) {
    waiting.push(() => askEarly(options));
    return;
  }
  const known = client.getQueryCache().find({ queryKey: options.queryKey, exact: true });
  if (known && (known.state.fetchStatus === 'fetching' || known.state.data !== undefined)) {
    return;
  }
  void client.prefetchQuery(options);
  const query = client.getQueryCache().find({ queryKey: options.queryKey, exact: true });
  if (query) {
    early.set(query, Date.now());
  }
}

/**
 * For the query client's `refetchOnMount`: false while an answer asked early is young (and not
 * invalidated since), so the screen it was asked for does not ask again the moment it is shown.
 * Asked more than once per mount (TanStack asks while drawing and again on subscribing), so it
 * holds for the whole window rather than once.
 */
export function refetchOnMount(query: Query): boolean {
  const at = early.get(query);
  if (at === undefined) {
    return true;
  }
  if (query.state.isInvalidated || Date.now() - at > EARLY_FRESH_MS) {
    early.delete(query);
    return true;
  }
  return false;
}

import { type QueryClient, useQueryClient } from '@tanstack/react-query';

/** Every order query, lists and pages, offline or not: their keys start `orders/{dir}` or `offline-orders/{dir}`. */
export const invalidateOrders = (client: QueryClient) =>
  client.invalidateQueries({ predicate: (q) => /^(offline-)?orders\//.test(String(q.queryKey[0])) });

/** Refetches every order query (lists and pages, offline or not) after a change to an order. */
export function useRefreshOrders() {
  const client = useQueryClient();
  return () => invalidateOrders(client);
}

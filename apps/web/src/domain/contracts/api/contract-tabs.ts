import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ListResponse } from '@freightdesk/shared/schemas/common';
import type { ContractOrder, ContractPerformance } from '@freightdesk/shared/schemas/contract';
import { api } from '../../../lib/api.ts';

/**
 * Where a contract's tabs read from: `/contracts/:id` for the shipper, `/carrier/contracts/:id` for
 * its carrier, cached under the contract's own key so an amendment or a new order refreshes them.
 */
export type ContractSource = { path: string; cacheKey: readonly unknown[] };

export type ContractOrdersQuery = { page: number; pageSize: number };

/** GET `${source.path}/orders` [the contract's shipper or carrier]: its orders, newest first, a page at a time. */
export const getContractOrders = (source: ContractSource, query: ContractOrdersQuery) =>
  api.get<ListResponse<ContractOrder>>(`${source.path}/orders`, query);

export const contractOrdersQueryOptions = (source: ContractSource, query: ContractOrdersQuery) =>
  queryOptions({
    queryKey: [...source.cacheKey, 'orders', query],
    queryFn: () => getContractOrders(source, query),
    placeholderData: keepPreviousData,
  });

export const useContractOrders = (source: ContractSource, query: ContractOrdersQuery) =>
  useQuery(contractOrdersQueryOptions(source, query));

/** GET `${source.path}/performance` [the contract's shipper or carrier]: turns, vehicles, orders and each lane's month. */
export const getContractPerformance = (source: ContractSource) =>
  api.get<{ data: ContractPerformance }>(`${source.path}/performance`).then((r) => r.data);

export const contractPerformanceQueryOptions = (source: ContractSource) =>
  queryOptions({ queryKey: [...source.cacheKey, 'performance'], queryFn: () => getContractPerformance(source) });

export const useContractPerformance = (source: ContractSource) => useQuery(contractPerformanceQueryOptions(source));

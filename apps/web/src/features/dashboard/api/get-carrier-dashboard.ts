import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CarrierDashboard } from '@freightdesk/shared/schemas/dashboard';
import { api } from '../../../lib/api.ts';

/** `GET /api/dashboard/carrier` [carriers, user type 2]: its auctions, bids' positions, orders and invoices. */
export const getCarrierDashboard = () => api.get<{ data: CarrierDashboard }>('/dashboard/carrier').then((r) => r.data);

export const carrierDashboardQueryOptions = queryOptions({
  queryKey: ['dashboard', 'carrier'],
  queryFn: getCarrierDashboard,
  refetchInterval: 60_000,
});

export const useCarrierDashboard = () => useQuery(carrierDashboardQueryOptions);

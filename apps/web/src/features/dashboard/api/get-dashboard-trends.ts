import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DashboardTrends } from '@freightdesk/shared/schemas/dashboard';
import { api } from '../../../lib/api.ts';
import type { ChartFilter } from '../chart-format.ts';

/** `GET /api/dashboard/trends` [shippers, user types 3 and 4]: the charts' figures for the same filters as the cards. */
export const getDashboardTrends = (filter: ChartFilter, businessUnitId: number | null) =>
  api
    .get<{ data: DashboardTrends }>('/dashboard/trends', {
      startDate: filter.startDate,
      endDate: filter.endDate,
      plantId: filter.plantId,
      businessUnitId,
    })
    .then((r) => r.data);

export const dashboardTrendsQueryOptions = (filter: ChartFilter, businessUnitId: number | null) =>
  queryOptions({
    queryKey: ['dashboard', 'trends', filter, businessUnitId],
    queryFn: () => getDashboardTrends(filter, businessUnitId),
  });

export const useDashboardTrends = (filter: ChartFilter, businessUnitId: number | null) =>
  useQuery(dashboardTrendsQueryOptions(filter, businessUnitId));

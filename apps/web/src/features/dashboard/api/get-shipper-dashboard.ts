import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import type { AppState } from '../../../lib/app-state.ts';

export type Cards = Record<
  'activePlants' | 'activeCarriers' | 'blockedCarriers' | 'clients' | 'vendors' | 'staff' | 'routes' | 'devices',
  number
>;
export type Freight = Record<
  'liveRequests' | 'awaitingAward' | 'awaitingVehicle' | 'inTransit' | 'delivered' | 'ordersPlaced' | 'spendRupees' | 'savingRupees',
  number
>;

type Range = AppState['dateRange'];
type Filter = AppState['filter'];

/** `GET /api/dashboard` [shippers, user types 3 and 4]: master and freight cards for the range, plant and business unit. */
export const getShipperDashboard = (range: Range, filter: Filter) =>
  api
    .get<{ data: { cards: Cards; freight: Freight } }>('/dashboard', {
      startDate: range.startDate,
      endDate: range.endDate,
      plantId: filter.plantId,
      businessUnitId: filter.businessId,
    })
    .then((r) => r.data);

export const shipperDashboardQueryOptions = (range: Range, filter: Filter) =>
  queryOptions({ queryKey: ['dashboard', range, filter], queryFn: () => getShipperDashboard(range, filter) });

export const useShipperDashboard = (range: Range, filter: Filter) => useQuery(shipperDashboardQueryOptions(range, filter));

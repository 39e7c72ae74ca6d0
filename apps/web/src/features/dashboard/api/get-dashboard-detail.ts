import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** `GET /api/dashboard/:card` [shippers, user types 3 and 4]: one card broken down (plants by state …). */
export const getDashboardDetail = (card: string) =>
  api.get<{ data: { label: string; count: number }[] }>(`/dashboard/${card}`).then((r) => r.data);

/** `enabled` is false for a card the page does not know (it says so instead of asking). */
export const dashboardDetailQueryOptions = (card: string, enabled: boolean) =>
  queryOptions({ queryKey: ['dashboard', 'detail', card], queryFn: () => getDashboardDetail(card), enabled });

export const useDashboardDetail = (card: string, enabled: boolean) => useQuery(dashboardDetailQueryOptions(card, enabled));

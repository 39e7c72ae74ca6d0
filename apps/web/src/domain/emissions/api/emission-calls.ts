import { useQuery } from '@tanstack/react-query';
import type { OrderEmissions } from '@freightdesk/shared/schemas/emissions';
import { api } from '../../../lib/api.ts';

/** GET `/emissions/orders/:id`: the order's CO2e figure, its factors and the rail alternative (shipper and carrier alike). */
export function useOrderEmissions(orderId: number) {
  return useQuery({
    queryKey: ['orders', 'emissions', orderId],
    queryFn: async () => (await api.get<{ data: OrderEmissions }>(`/emissions/orders/${orderId}`)).data,
  });
}

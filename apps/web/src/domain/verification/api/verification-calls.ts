import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OrderVerification } from '@freightdesk/shared/schemas/verification';
import { api } from '../../../lib/api.ts';

/**
 * An order's vehicle and driver as VAHAN and SARATHI last said (issue 37): the shipper's path
 * (`/orders/{dir}/:id/verification`) or the carrier's (`/carrier/orders/:id/verification`). The key
 * starts with the order's own, so refreshing the order's queries (a vehicle change, a gate move)
 * reads it again.
 */
export const verificationQuery = (path: string) =>
  queryOptions({
    queryKey: [path.slice(1)],
    queryFn: () => api.get<{ data: OrderVerification }>(path).then((r) => r.data),
  });

export const useOrderVerification = (path: string) => useQuery(verificationQuery(path));

import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export type JoiningFee = { amountRupees: number; note: string };

// The same key as the shipper's `/joining-fees` page reads under (features/plans): kept as it was.
export const JOINING_FEE_KEY = ['joining-fee'] as const;

/** `GET /api/admin/joining-fee` [admin]: the one-time fee and its note. */
export const getAdminJoiningFee = () => api.get<{ data: JoiningFee }>('/admin/joining-fee').then((r) => r.data);

export const adminJoiningFeeQueryOptions = () => queryOptions({ queryKey: JOINING_FEE_KEY, queryFn: getAdminJoiningFee });

export const useAdminJoiningFee = () => useQuery(adminJoiningFeeQueryOptions());

/** `PUT /api/admin/joining-fee` [admin]: sets the fee; the caller toasts on success or error. */
export const putJoiningFee = (body: { amountRupees: number | null; note: string }) => api.put('/admin/joining-fee', body);

export function useSaveJoiningFee(handlers: { onSuccess: () => void; onError: (err: Error) => void }) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: putJoiningFee,
    onSuccess: () => {
      handlers.onSuccess();
      void client.invalidateQueries({ queryKey: JOINING_FEE_KEY });
    },
    onError: handlers.onError,
  });
}

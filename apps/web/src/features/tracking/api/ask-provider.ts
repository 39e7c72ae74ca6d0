import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../../components/feedback/feedback.tsx';
import { ApiError, api } from '../../../lib/api.ts';
import { type Dir, orderTrackKey } from './tracking-keys.ts';

/** `POST /api/tracking/{dir}/orders/:id/ask` [the direction's tracking]: asks the order's provider now (a job). */
export const askProvider = (dir: Dir, id: number) => api.post(`/tracking/${dir}/orders/${id}/ask`, {});

export function useAskProvider(dir: Dir, id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => askProvider(dir, id),
    onSuccess: () => {
      toast('Asked the provider; its answer shows here in a few seconds.');
      // The answer may bring no position (nothing new): read the page again once the job has run.
      for (const ms of [4000, 12000]) {
        setTimeout(() => void queryClient.invalidateQueries({ queryKey: orderTrackKey(dir, id) }), ms);
      }
    },
    onError: (err) => toast(err instanceof ApiError ? err.message : 'Could not ask the provider.', 'error'),
  });
}

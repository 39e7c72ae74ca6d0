import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RankedBid } from '@freightdesk/shared/schemas/bid';
import type { Order } from '@freightdesk/shared/schemas/order';
import type { TransportRequest } from '@freightdesk/shared/schemas/request';
import { confirmAction } from '../../components/feedback/confirm.tsx';
import { toast } from '../../components/feedback/feedback.tsx';
import { ApiError, api } from '../../lib/api.ts';
import { plural } from '../../lib/format.ts';
import { awardConfirmText, awardLines, type Vehicles } from './award-confirm.ts';
import type { Direction } from './request-list.tsx';

/**
 * The award of a closed request's bids: asks first (naming each carrier, its vehicles and price),
 * then posts once. The server makes a repeated award of the same bids once (issue 38).
 */
export function useAward(dir: Direction, request: TransportRequest, rows: RankedBid[], vehicles: Vehicles, done: () => void) {
  const client = useQueryClient();
  const mutation = useMutation({
    mutationFn: (awards: { bidId: number; vehicles: number }[]) =>
      api.post<{ data: Order[] }>(`/requests/${dir}/${request.id}/award`, { awards }),
    onSuccess: (res) => {
      toast(`${plural(res.data.length, 'order')} placed.`);
      done();
      void client.invalidateQueries({ queryKey: [`requests/${dir}`] });
    },
    onError: (err) => toast(err instanceof ApiError ? err.message : 'The award failed.', 'error'),
  });
  const start = async () => {
    const lines = awardLines(rows, vehicles);
    if (!lines.length || mutation.isPending) {
      return;
    }
    if (await confirmAction(awardConfirmText(rows, lines, request.priceBasis), 'Yes, award')) {
      mutation.mutate(lines);
    }
  };
  return { start, pending: mutation.isPending };
}

import type { RankedBid } from '@freightdesk/shared/schemas/bid';
import type { TransportRequest } from '@freightdesk/shared/schemas/request';
import { confirmAction } from '../../components/feedback/confirm.tsx';
import { toast } from '../../components/feedback/feedback.tsx';
import { ApiError } from '../../lib/api.ts';
import { plural } from '../../lib/format.ts';
import { awardConfirmText, awardLines, type Vehicles } from './award-confirm.ts';
import type { Direction } from './request-list.tsx';
import { useAwardRequest } from './api/award-request.ts';

/**
 * The award of a closed request's bids: asks first (naming each carrier, its vehicles and price),
 * then posts once. The server makes a repeated award of the same bids once (issue 38).
 */
export function useAward(dir: Direction, request: TransportRequest, rows: RankedBid[], vehicles: Vehicles, done: () => void) {
  const mutation = useAwardRequest(dir, request.id, {
    onSuccess: (orders) => {
      toast(`${plural(orders.length, 'order')} placed.`);
      done();
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

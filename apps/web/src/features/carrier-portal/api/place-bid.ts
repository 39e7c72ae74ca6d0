import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BidPosition, CarrierRequestList } from '@freightdesk/shared/schemas/bid';
import { ApiError, api } from '../../../lib/api.ts';
import type { BidBody } from '../bid-attempt.ts';
import { CARRIER_REQUEST_LISTS_KEY, CARRIER_REQUESTS_KEY } from './carrier-requests.ts';

/**
 * `POST /api/carrier/requests/:id/bids` (carrier users): place or lower a bid. The API client gives each
 * submit one idempotency key, kept while the call goes unanswered, so pressing again cannot bid twice.
 */
export const placeBid = (requestId: number, bid: BidBody) => api.post<{ data: BidPosition }>(`/carrier/requests/${requestId}/bids`, bid);

/** Shows the new position at once in every page of the list; the refetch brings everyone else's moves. */
export function usePlaceBid(requestId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (bid: BidBody) => placeBid(requestId, bid),
    onSuccess: ({ data }) => {
      // Show the new position at once; the refetch brings everyone else's moves.
      client.setQueriesData<CarrierRequestList>(
        { queryKey: CARRIER_REQUEST_LISTS_KEY },
        (list) =>
          list && { ...list, data: list.data.map((r) => (r.id === requestId ? { ...r, myBid: data, bidEndAt: data.bidEndAt } : r)) },
      );
      void client.invalidateQueries({ queryKey: CARRIER_REQUESTS_KEY });
    },
    onError: (err) => {
      if (err instanceof ApiError && err.code === 'BIDDING_CLOSED') {
        void client.invalidateQueries({ queryKey: CARRIER_REQUESTS_KEY });
      }
    },
  });
}

import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import type { BidPosition, CarrierRequest, CarrierRequestList } from '@freightdesk/shared/schemas/bid';
import { toast } from '../../components/feedback/feedback.tsx';
import { NumberTextInput } from '../../components/form/number-input.tsx';
import { PriceWarning } from '../../components/form/price-warning.tsx';
import { ApiError, api } from '../../lib/api.ts';
import { basisLabel, bidPlacedText, nextBidHint } from './auction.ts';
import { type BidBody, type BidErrors, bidErrors, checkBid } from './bid-attempt.ts';
import { CARRIER_REQUEST_LISTS_KEY, CARRIER_REQUESTS_KEY, carrierUsualPriceQuery } from './queries.ts';

/**
 * Place or lower a bid on an open request. The API client gives each submit one idempotency key,
 * kept while the call goes unanswered (network error), so pressing the button again cannot bid twice.
 */
export function BidForm({ request }: { request: CarrierRequest }) {
  const client = useQueryClient();
  const [amount, setAmount] = useState<number | undefined>();
  const [vehicles, setVehicles] = useState<number | undefined>(request.myBid?.vehicles ?? 1);
  const band = useQuery(carrierUsualPriceQuery(request.id)).data;
  const [errors, setErrors] = useState<BidErrors>({});
  const current = request.myBid?.amountRupees ?? null;
  const action = request.myBid ? 'Lower bid' : 'Place bid';

  const place = useMutation({
    mutationFn: (bid: BidBody) => api.post<{ data: BidPosition }>(`/carrier/requests/${request.id}/bids`, bid),
    onSuccess: ({ data }) => {
      setErrors({});
      setAmount(undefined);
      toast(bidPlacedText(data));
      // Show the new position at once; the refetch brings everyone else's moves.
      client.setQueriesData<CarrierRequestList>(
        { queryKey: CARRIER_REQUEST_LISTS_KEY },
        (list) =>
          list && { ...list, data: list.data.map((r) => (r.id === request.id ? { ...r, myBid: data, bidEndAt: data.bidEndAt } : r)) },
      );
      void client.invalidateQueries({ queryKey: CARRIER_REQUESTS_KEY });
    },
    onError: (err) => {
      setErrors(bidErrors(err, action));
      if (err instanceof ApiError && err.code === 'BIDDING_CLOSED') {
        void client.invalidateQueries({ queryKey: CARRIER_REQUESTS_KEY });
      }
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkBid(amount ?? '', vehicles ?? '', request.vehicleCount, current);
    setErrors(checked.errors);
    if (!checked.body || place.isPending) {
      return;
    }
    place.mutate(checked.body);
  };

  const hint = nextBidHint(request.myBid, request.minDecrementRupees);
  return (
    <form onSubmit={submit} noValidate aria-label={`Bid on ${request.number}`}>
      <Stack gap={6}>
        <Group gap="xs" align="flex-start" wrap="nowrap">
          <NumberTextInput
            money
            label={`Amount per ${basisLabel(request.priceBasis)} (INR)`}
            value={amount}
            onChange={(v) => {
              setAmount(v);
              setErrors((e) => ({ ...e, amountRupees: undefined, form: undefined }));
            }}
            error={errors.amountRupees}
            style={{ flex: 1, minWidth: 0 }}
          />
          <NumberTextInput
            label="Vehicles"
            decimals={0}
            rightSection={
              <Text size="xs" c="dimmed" pr={6}>
                / {request.vehicleCount}
              </Text>
            }
            rightSectionWidth={36}
            value={vehicles}
            onChange={(v) => {
              setVehicles(v);
              setErrors((e) => ({ ...e, vehicles: undefined, form: undefined }));
            }}
            error={errors.vehicles}
            w={84}
          />
        </Group>
        <PriceWarning rupees={amount} band={band} />
        <Group gap="sm" wrap="nowrap">
          <Button type="submit" size="sm" loading={place.isPending} style={{ flexShrink: 0 }}>
            {action}
          </Button>
          {hint && (
            <Text size="xs" c="dimmed">
              {hint}
            </Text>
          )}
        </Group>
        {errors.form && (
          <Alert color="red" p="xs" role="alert">
            <Text size="sm">{errors.form}</Text>
          </Alert>
        )}
      </Stack>
    </form>
  );
}

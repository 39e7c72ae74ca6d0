import { Alert, Button, Group, NumberInput, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import type { BidPosition, CarrierRequest } from '@freightdesk/shared/schemas/bid';
import { toast } from '../../components/feedback/feedback.tsx';
import { ApiError, api } from '../../lib/api.ts';
import { basisLabel, bidPlacedText, nextBidHint } from './auction.ts';
import { type BidAttempt, type BidErrors, bidErrors, checkBid, isUnanswered, nextAttempt } from './bid-attempt.ts';
import { CARRIER_REQUESTS_KEY } from './queries.ts';

/**
 * Place or lower a bid on an open request. Each submit gets one idempotency key, kept while the
 * call goes unanswered (network error), so pressing the button again cannot bid twice.
 */
export function BidForm({ request }: { request: CarrierRequest }) {
  const client = useQueryClient();
  const [amount, setAmount] = useState<number | string>('');
  const [vehicles, setVehicles] = useState<number | string>(request.myBid?.vehicles ?? 1);
  const [errors, setErrors] = useState<BidErrors>({});
  const unanswered = useRef<BidAttempt | null>(null);
  const current = request.myBid?.amountRupees ?? null;
  const action = request.myBid ? 'Lower bid' : 'Place bid';

  const place = useMutation({
    mutationFn: (attempt: BidAttempt) => api.post<{ data: BidPosition }>(`/carrier/requests/${request.id}/bids`, attempt),
    onSuccess: ({ data }) => {
      unanswered.current = null;
      setErrors({});
      setAmount('');
      toast(bidPlacedText(data));
      // Show the new position at once; the refetch brings everyone else's moves.
      client.setQueryData<CarrierRequest[]>(CARRIER_REQUESTS_KEY, (list) =>
        list?.map((r) => (r.id === request.id ? { ...r, myBid: data, bidEndAt: data.bidEndAt } : r)),
      );
      void client.invalidateQueries({ queryKey: CARRIER_REQUESTS_KEY });
    },
    onError: (err) => {
      if (!isUnanswered(err)) {
        unanswered.current = null;
      }
      setErrors(bidErrors(err, action));
      if (err instanceof ApiError && err.code === 'BIDDING_CLOSED') {
        void client.invalidateQueries({ queryKey: CARRIER_REQUESTS_KEY });
      }
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkBid(amount, vehicles, request.vehicleCount, current);
    setErrors(checked.errors);
    if (!checked.body || place.isPending) {
      return;
    }
    const attempt = nextAttempt(unanswered.current, checked.body);
    unanswered.current = attempt;
    place.mutate(attempt);
  };

  const hint = nextBidHint(request.myBid, request.minDecrementRupees);
  return (
    <form onSubmit={submit} noValidate aria-label={`Bid on ${request.number}`}>
      <Stack gap={6}>
        <Group gap="xs" align="flex-start" wrap="nowrap">
          <NumberInput
            label={`Amount per ${basisLabel(request.priceBasis)} (INR)`}
            leftSection="₹"
            min={1}
            decimalScale={2}
            thousandSeparator=","
            thousandsGroupStyle="lakh"
            hideControls
            value={amount}
            onChange={(v) => {
              setAmount(v);
              setErrors((e) => ({ ...e, amountRupees: undefined, form: undefined }));
            }}
            error={errors.amountRupees}
            style={{ flex: 1, minWidth: 0 }}
          />
          <NumberInput
            label="Vehicles"
            min={1}
            max={request.vehicleCount}
            allowDecimal={false}
            allowNegative={false}
            hideControls
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

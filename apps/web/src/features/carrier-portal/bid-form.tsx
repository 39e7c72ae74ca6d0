import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import type { CarrierRequest } from '@freightdesk/shared/schemas/bid';
import { toast } from '../../components/feedback/feedback.tsx';
import { NumberTextInput } from '../../components/form/number-input.tsx';
import { PriceWarning } from '../../components/form/price-warning.tsx';
import { basisLabel, bidPlacedText, nextBidHint } from './auction.ts';
import { type BidErrors, bidErrors, checkBid } from './bid-attempt.ts';
import { useCarrierUsualPrice } from './api/carrier-requests.ts';
import { usePlaceBid } from './api/place-bid.ts';
import { TOUCH } from '../../components/cards/row-card.tsx';
import { useNarrow } from '../../components/layout/use-narrow.ts';

/** The bid being typed, its checks, and placing it (a refusal's message on its field or above the button). */
function useBidForm(request: CarrierRequest) {
  const [amount, setAmount] = useState<number | undefined>();
  const [vehicles, setVehicles] = useState<number | undefined>(request.myBid?.vehicles ?? 1);
  const [errors, setErrors] = useState<BidErrors>({});
  const current = request.myBid?.amountRupees ?? null;
  const action = request.myBid ? 'Lower bid' : 'Place bid';
  const place = usePlaceBid(request.id);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkBid(amount ?? '', vehicles ?? '', request.vehicleCount, current);
    setErrors(checked.errors);
    if (!checked.body || place.isPending) {
      return;
    }
    place.mutate(checked.body, {
      onSuccess: ({ data }) => {
        setErrors({});
        setAmount(undefined);
        toast(bidPlacedText(data));
      },
      onError: (err) => setErrors(bidErrors(err, action)),
    });
  };
  const changeAmount = (v: number | undefined) => {
    setAmount(v);
    setErrors((e) => ({ ...e, amountRupees: undefined, form: undefined }));
  };
  const changeVehicles = (v: number | undefined) => {
    setVehicles(v);
    setErrors((e) => ({ ...e, vehicles: undefined, form: undefined }));
  };
  return { amount, vehicles, errors, action, pending: place.isPending, submit, changeAmount, changeVehicles };
}

/** The amount per basis and how many of the request's vehicles. */
function BidFields({ request, bid }: { request: CarrierRequest; bid: ReturnType<typeof useBidForm> }) {
  return (
    <Group gap="xs" align="flex-start" wrap="nowrap">
      <NumberTextInput
        money
        label={`Amount per ${basisLabel(request.priceBasis)} (INR)`}
        value={bid.amount}
        onChange={bid.changeAmount}
        error={bid.errors.amountRupees}
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
        value={bid.vehicles}
        onChange={bid.changeVehicles}
        error={bid.errors.vehicles}
        w={84}
      />
    </Group>
  );
}

/**
 * Place or lower a bid on an open request. The API client gives each submit one idempotency key,
 * kept while the call goes unanswered (network error), so pressing the button again cannot bid twice.
 */
export function BidForm({ request }: { request: CarrierRequest }) {
  const bid = useBidForm(request);
  const band = useCarrierUsualPrice(request.id).data;
  const hint = nextBidHint(request.myBid, request.minDecrementRupees);
  const narrow = useNarrow();
  return (
    <form onSubmit={bid.submit} noValidate aria-label={`Bid on ${request.number}`}>
      <Stack gap={6}>
        <BidFields request={request} bid={bid} />
        <PriceWarning rupees={bid.amount} band={band} />
        {/* Below 768 px the bid is the card's next move: a full-width button a thumb can hit, the hint under it. */}
        <Group gap="sm" wrap={narrow ? 'wrap' : 'nowrap'}>
          <Button type="submit" size="sm" loading={bid.pending} style={{ flexShrink: 0 }} fullWidth={narrow} h={narrow ? TOUCH : undefined}>
            {bid.action}
          </Button>
          {hint && (
            <Text size="xs" c="dimmed">
              {hint}
            </Text>
          )}
        </Group>
        {bid.errors.form && (
          <Alert color="red" p="xs" role="alert">
            <Text size="sm">{bid.errors.form}</Text>
          </Alert>
        )}
      </Stack>
    </form>
  );
}

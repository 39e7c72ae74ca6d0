import { Box, Button, Text } from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import type { Order } from '@freightdesk/shared/schemas/order';
import type { CardMove } from '../../components/cards/card-moves.ts';
import { RowCard, TOUCH } from '../../components/cards/row-card.tsx';
import { formatDateTime, formatInr } from '../../lib/format.ts';
import { basisLabel } from './auction.ts';
import { CARRIER_ACTION_LABEL, type CarrierAction } from './order-moves.ts';
import type { ShownOrder } from './kept-orders.ts';
import { OrderPanel } from './order-parts.ts';
import { LaneText, OrderBadges, SOURCE_LABEL, VehicleText } from './order-facts.tsx';

type Props = {
  order: ShownOrder;
  detailsOpen: boolean;
  onDetails: () => void;
  onAction: (action: CarrierAction) => void;
};

/** The order's moves as the card offers them: the same moves, in the same order, as the row's buttons. */
function orderMoves(o: ShownOrder, onAction: (action: CarrierAction) => void): CardMove[] {
  return o.moves.map((a) => ({
    key: a,
    label: CARRIER_ACTION_LABEL[a] ?? a,
    onClick: () => onAction(a),
    danger: a === 'reject',
  }));
}

/** The number and where the order came from. */
function Title({ order: o }: { order: Order }) {
  return (
    <>
      <Text fw={700} ff="monospace">
        {o.number}
      </Text>
      <Text size="xs" c="dimmed">
        {o.requestNumber ? `from ${o.requestNumber}` : SOURCE_LABEL[o.source]}
      </Text>
    </>
  );
}

/** Lane, proof of delivery, e-way bills, tracking and documents, folded under the card. */
function Details({ order: o, open, onDetails }: { order: Order; open: boolean; onDetails: () => void }) {
  return (
    <>
      <Button
        variant="subtle"
        h={TOUCH}
        fullWidth
        justify="flex-start"
        leftSection={open ? <IconChevronDown size={16} /> : <IconChevronRight size={16} />}
        onClick={onDetails}
        aria-expanded={open}
        aria-label={`Details of ${o.number}`}
      >
        Details
      </Button>
      {open && (
        <Box bg="gray.0" p="xs" style={{ borderRadius: 'var(--mantine-radius-sm)' }}>
          <OrderPanel order={o} />
        </Box>
      )}
    </>
  );
}

/** One of the carrier's orders as a card below 768 px: what the row shows, and its next move full width. */
export function OrderCard({ order: o, detailsOpen, onDetails, onAction }: Props) {
  return (
    <RowCard
      name={`Order ${o.number}`}
      data={{ 'data-order-number': o.number }}
      title={<Title order={o} />}
      badges={<OrderBadges order={o} align="flex-end" />}
      facts={[
        {
          label: 'Shipper / plant',
          wide: true,
          value: (
            <>
              {o.shipperName} · {o.plantName}
              <LaneText order={o} />
            </>
          ),
        },
        { label: 'Pickup', value: formatDateTime(o.pickupAt) },
        { label: 'Price', value: `${formatInr(o.priceRupees)} per ${basisLabel(o.priceBasis)}` },
        { label: 'Vehicle / driver', wide: true, value: <VehicleText order={o} /> },
      ]}
      moves={orderMoves(o, onAction)}
    >
      <Details order={o} open={detailsOpen} onDetails={onDetails} />
    </RowCard>
  );
}

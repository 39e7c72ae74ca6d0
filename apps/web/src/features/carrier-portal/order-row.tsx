import { Button, Stack, Table, Text } from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { formatDateTime, formatInr } from '../../lib/format.ts';
import { basisLabel } from './auction.ts';
import { CARRIER_ACTION_LABEL, type CarrierAction } from './order-moves.ts';
import type { ShownOrder } from './kept-orders.ts';
import { DateTimeText } from '../../components/data-table/date-time-text.tsx';
import { LaneText, OrderBadges, SOURCE_LABEL, VehicleText } from './order-facts.tsx';

type RowProps = {
  order: ShownOrder;
  index: number;
  detailsOpen: boolean;
  onDetails: () => void;
  onAction: (action: CarrierAction) => void;
};

/** The order's number, where it came from, and the button that opens its panel. */
function NumberCell({ order: o, detailsOpen, onDetails }: Pick<RowProps, 'order' | 'detailsOpen' | 'onDetails'>) {
  return (
    <Table.Td>
      <Text fw={600} size="sm" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
        {o.number}
      </Text>
      <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        {o.requestNumber ? `from ${o.requestNumber}` : SOURCE_LABEL[o.source]}
      </Text>
      <Button
        ml={-6}
        size="compact-xs"
        variant="subtle"
        leftSection={detailsOpen ? <IconChevronDown size={14} /> : <IconChevronRight size={14} />}
        onClick={onDetails}
        aria-expanded={detailsOpen}
        aria-label={`Details of ${o.number}`}
        title="Lane, proof of delivery, e-way bills, documents"
      >
        Details
      </Button>
    </Table.Td>
  );
}

/** The vehicle and the moves on it in one column, stacked, so a laptop's 1280 px show them whole. */
function VehicleCell({ order: o, onAction }: Pick<RowProps, 'order' | 'onAction'>) {
  return (
    <Table.Td>
      <Stack gap={6} align="stretch">
        <VehicleText order={o} />
        {o.moves.map((a) => (
          <Button
            key={a}
            size="xs"
            color={a === 'reject' ? 'red' : undefined}
            variant={a === 'reject' ? 'light' : a === 'changeVehicle' ? 'default' : 'filled'}
            onClick={() => onAction(a)}
          >
            {CARRIER_ACTION_LABEL[a]}
          </Button>
        ))}
      </Stack>
    </Table.Td>
  );
}

/** One order of the carrier: what, where, price, pickup, status, the vehicle on it, and its next moves. */
export function OrderRow(props: RowProps) {
  const { order: o } = props;
  return (
    <Table.Tr data-order-number={o.number}>
      <Table.Td>{props.index}</Table.Td>
      <NumberCell order={o} detailsOpen={props.detailsOpen} onDetails={props.onDetails} />
      {/* Wide enough for a shipper's and a plant's name on a line each at a laptop's width. */}
      <Table.Td miw={150}>
        <Text size="sm">{o.shipperName}</Text>
        <Text size="xs" c="dimmed">
          {o.plantName}
        </Text>
        <LaneText order={o} />
      </Table.Td>
      <Table.Td>
        <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
          {formatInr(o.priceRupees)}
        </Text>
        <Text size="xs" c="dimmed">
          per {basisLabel(o.priceBasis)}
        </Text>
      </Table.Td>
      <Table.Td>
        <DateTimeText value={formatDateTime(o.pickupAt)} />
      </Table.Td>
      <Table.Td>
        <OrderBadges order={o} />
      </Table.Td>
      <VehicleCell order={o} onAction={props.onAction} />
    </Table.Tr>
  );
}

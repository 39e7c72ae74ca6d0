import { Badge, Button, Group, Table, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import type { EwayBillState } from '@freightdesk/shared/eway-bill';
import type { OrderDetail } from '@freightdesk/shared/schemas/order-detail';
import type { EwayBill } from '@freightdesk/shared/schemas/eway-bill';
import { formatDateTime, formatInr } from '../../lib/format.ts';
import type { Dir } from './cancel-order-dialog.tsx';
import { EwayBillAddDialog } from './eway-bill-add-dialog.tsx';
import { EwayBillChangeDialog } from './eway-bill-change-dialog.tsx';

const STATE: Record<EwayBillState, { label: string; color: string }> = {
  valid: { label: 'Valid', color: 'green' },
  expiring: { label: 'Expiring', color: 'red' },
  expired: { label: 'Expired', color: 'red' },
  cancelled: { label: 'Cancelled', color: 'gray' },
};

type Change = { bill: EwayBill; kind: 'extend' | 'cancel' };

function BillRow({ bill: b, canChange, onChange }: { bill: EwayBill; canChange: boolean; onChange: (c: Change) => void }) {
  const red = b.state === 'expiring' || b.state === 'expired';
  return (
    <Table.Tr>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        {b.number}
        <Text size="xs" c="dimmed">
          Generated {formatDateTime(b.generatedAt)}
        </Text>
      </Table.Td>
      <Table.Td>{b.distanceKm} km</Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }} c={red ? 'red' : undefined} fw={red ? 700 : undefined}>
        {formatDateTime(b.validUntil)}
        {b.extensions > 0 && <Text size="xs">extended {b.extensions}×</Text>}
      </Table.Td>
      <Table.Td>
        <Badge color={STATE[b.state].color} variant={red ? 'filled' : 'light'}>
          {STATE[b.state].label}
        </Badge>
      </Table.Td>
      <Table.Td>{formatInr(b.valueRupees)}</Table.Td>
      <Table.Td>
        <Text size="xs">From {b.fromGstin}</Text>
        <Text size="xs">To {b.toGstin ?? '—'}</Text>
      </Table.Td>
      <Table.Td>
        {b.vehicleNumber ?? '—'}
        {b.warnings.map((w) => (
          <Text key={w} size="xs" c="orange.9">
            {w}
          </Text>
        ))}
      </Table.Td>
      <Table.Td>
        {canChange && b.status === 'active' && (
          <Group gap={4} wrap="nowrap">
            <Button
              size="compact-xs"
              variant="light"
              onClick={() => onChange({ bill: b, kind: 'extend' })}
              aria-label={`Extend ${b.number}`}
            >
              Extend
            </Button>
            <Button
              size="compact-xs"
              variant="light"
              color="red"
              onClick={() => onChange({ bill: b, kind: 'cancel' })}
              aria-label={`Cancel ${b.number}`}
            >
              Cancel
            </Button>
          </Group>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

/**
 * The order's e-way bills with their validity (red when expiring within 8 hours or expired); add
 * one by its number while the order is on the road, extend or cancel one with a reason.
 */
export function OrderEwayBills({ dir, order }: { dir: Dir; order: OrderDetail }) {
  const [adding, setAdding] = useState(false);
  const [change, setChange] = useState<Change | null>(null);
  // Add, extend and cancel while the order is on the road and the viewer may change it.
  const canAdd = order.actions.includes('addEwayBill');
  return (
    <>
      <Group justify="space-between" mb="xs">
        <Title order={4}>E-way bills</Title>
        {canAdd && (
          <Button size="xs" leftSection={<IconPlus size={14} />} onClick={() => setAdding(true)}>
            Add e-way bill
          </Button>
        )}
      </Group>
      {order.ewayBills.length === 0 ? (
        <Text c="dimmed" mb="lg">
          No e-way bill recorded yet.{canAdd ? ' Add one by its 12-digit number; the e-way bill system fills in the rest.' : ''}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={760} mb="lg">
          <Table striped aria-label="E-way bills">
            <Table.Thead>
              <Table.Tr>
                {['Number', 'Distance', 'Valid until', 'State', 'Value', 'GSTIN', 'Vehicle', ''].map((h) => (
                  <Table.Th key={h}>{h}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {order.ewayBills.map((b) => (
                <BillRow key={b.id} bill={b} canChange={canAdd} onChange={setChange} />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {adding && <EwayBillAddDialog dir={dir} order={order} onClose={() => setAdding(false)} />}
      {change && <EwayBillChangeDialog dir={dir} orderId={order.id} {...change} onClose={() => setChange(null)} />}
    </>
  );
}

import { Alert, Button, Center, Checkbox, Group, Loader, Modal, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { DEFAULT_PAGE_SIZE } from '@freightdesk/shared/constants';
import type { BillableOrder } from '@freightdesk/shared/schemas/invoice-views';
import { ListFooter } from '../../components/data-table/list-footer.tsx';
import { inr } from '../../domain/invoices/invoice-format.ts';
import { formatDateTime } from '../../lib/format.ts';
import { useBillableOrders } from './api/carrier-invoices.ts';

type Plant = { id: number; name: string };

type PickerProps = {
  industryId: number;
  plant: Plant | null;
  added: ReadonlySet<number>;
  onAdd: (orders: BillableOrder[]) => void;
  onClose: () => void;
};

/** The search, the page and the orders picked so far (kept across pages), and the page of orders. */
function useBillablePicker(industryId: number, plant: Plant | null) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  const [picked, setPicked] = useState<Map<number, BillableOrder>>(new Map());
  const query = useBillableOrders({ industryId, plantId: plant?.id, search: debounced || undefined, page, pageSize });
  const toggle = (o: BillableOrder) =>
    setPicked((prev) => {
      const next = new Map(prev);
      next.has(o.id) ? next.delete(o.id) : next.set(o.id, o);
      return next;
    });
  const changeSearch = (value: string) => {
    setSearch(value);
    setPage(1);
  };
  const changePageSize = (size: number) => {
    setPageSize(size);
    setPage(1);
  };
  return { search, changeSearch, page, setPage, pageSize, changePageSize, picked, toggle, query };
}

/** One billable order: picked, already on the invoice, or of another plant (not pickable). */
function BillableRow(props: { order: BillableOrder; already: boolean; otherPlant: boolean; picked: boolean; onToggle: () => void }) {
  const { order: o, already, otherPlant } = props;
  return (
    <Table.Tr>
      <Table.Td>
        <Checkbox
          aria-label={`Pick ${o.number}`}
          checked={already || props.picked}
          disabled={already || otherPlant}
          onChange={props.onToggle}
        />
      </Table.Td>
      <Table.Td>
        <Text size="sm">{o.number}</Text>
        <Text size="xs" c="dimmed">
          {o.vehicleNumber ?? '—'}
          {already ? ' · on this invoice' : ''}
        </Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm" c={otherPlant ? 'dimmed' : undefined}>
          {o.plantName}
          {otherPlant ? ' (another plant)' : ''}
        </Text>
      </Table.Td>
      <Table.Td>{formatDateTime(o.deliveredAt)}</Table.Td>
      <Table.Td>{o.freightPaise === null ? 'No rate known' : inr(o.freightPaise)}</Table.Td>
      <Table.Td>{o.detentionPaise > 0 ? `${inr(o.detentionPaise)} (${o.detentionHours} h)` : '—'}</Table.Td>
    </Table.Tr>
  );
}

/** The page of billable orders; once a plant is known, other plants' orders cannot be picked. */
function BillableTable({
  picker,
  plant,
  added,
}: {
  picker: ReturnType<typeof useBillablePicker>;
  plant: Plant | null;
  added: ReadonlySet<number>;
}) {
  const { data, isFetching } = picker.query;
  const plantId = plant?.id ?? [...picker.picked.values()][0]?.plantId ?? null;
  const rows = data?.data ?? [];
  return (
    <Table.ScrollContainer minWidth={700}>
      <Table striped highlightOnHover aria-label="Billable orders" aria-busy={isFetching}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={40} aria-label="Pick" />
            <Table.Th>Order</Table.Th>
            <Table.Th>Plant</Table.Th>
            <Table.Th>Delivered</Table.Th>
            <Table.Th>Freight expected</Table.Th>
            <Table.Th>Detention expected</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={6}>
                <Center h={80}>{isFetching ? <Loader size="sm" /> : <Text c="dimmed">No delivered orders to bill.</Text>}</Center>
              </Table.Td>
            </Table.Tr>
          )}
          {rows.map((o) => (
            <BillableRow
              key={o.id}
              order={o}
              already={added.has(o.id)}
              otherPlant={plantId !== null && o.plantId !== plantId}
              picked={picker.picked.has(o.id)}
              onToggle={() => picker.toggle(o)}
            />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * The delivered orders of one shipper not billed yet, searched and paged on the server, to add to
 * the invoice several at once. An invoice bills one plant (one GSTIN): once the invoice or the
 * selection has a plant, orders of other plants cannot be picked.
 */
export function BillableOrderPicker({ industryId, plant, added, onAdd, onClose }: PickerProps) {
  const picker = useBillablePicker(industryId, plant);
  const { data, isFetching, error } = picker.query;
  const { picked } = picker;
  return (
    <Modal opened onClose={onClose} title="Add delivered orders" size="xl">
      <Stack>
        <Text size="sm" c="dimmed">
          Delivered orders of this shipper not on any invoice yet{plant ? `, of ${plant.name}` : ''}. An invoice bills the orders of one
          plant.
        </Text>
        <TextInput
          label="Search order number"
          placeholder="Type to search"
          leftSection={<IconSearch size={16} />}
          rightSection={isFetching ? <Loader size={14} /> : undefined}
          value={picker.search}
          onChange={(e) => picker.changeSearch(e.currentTarget.value)}
          data-autofocus
        />
        {error && (
          <Alert color="red" role="alert">
            {error.message}
          </Alert>
        )}
        <BillableTable picker={picker} plant={plant} added={added} />
        <ListFooter
          total={data?.total}
          totalCapped={data?.totalCapped}
          page={picker.page}
          pageSize={picker.pageSize}
          onPageChange={picker.setPage}
          onPageSizeChange={picker.changePageSize}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button disabled={picked.size === 0} onClick={() => onAdd([...picked.values()])}>
            {picked.size === 1 ? 'Add 1 order' : `Add ${picked.size} orders`}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

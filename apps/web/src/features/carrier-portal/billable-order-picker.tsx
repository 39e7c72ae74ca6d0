import { Alert, Button, Center, Checkbox, Group, Loader, Modal, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { DEFAULT_PAGE_SIZE } from '@freightdesk/shared/constants';
import type { BillableOrder } from '@freightdesk/shared/schemas/invoice-views';
import { ListFooter } from '../../components/data-table/list-footer.tsx';
import { inr } from '../../components/invoices/invoice-format.ts';
import { formatDateTime } from '../../lib/format.ts';
import { billableOrdersQuery } from './invoice-queries.ts';

type Plant = { id: number; name: string };

/**
 * The delivered orders of one shipper not billed yet, searched and paged on the server, to add to
 * the invoice several at once. An invoice bills one plant (one GSTIN): once the invoice or the
 * selection has a plant, orders of other plants cannot be picked.
 */
export function BillableOrderPicker({
  industryId,
  plant,
  added,
  onAdd,
  onClose,
}: {
  industryId: number;
  plant: Plant | null;
  added: ReadonlySet<number>;
  onAdd: (orders: BillableOrder[]) => void;
  onClose: () => void;
}) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  const [picked, setPicked] = useState<Map<number, BillableOrder>>(new Map());
  const { data, isFetching, error } = useQuery(
    billableOrdersQuery({ industryId, plantId: plant?.id, search: debounced || undefined, page, pageSize }),
  );
  const plantId = plant?.id ?? [...picked.values()][0]?.plantId ?? null;
  const rows = data?.data ?? [];
  const toggle = (o: BillableOrder) =>
    setPicked((prev) => {
      const next = new Map(prev);
      next.has(o.id) ? next.delete(o.id) : next.set(o.id, o);
      return next;
    });
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
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            setPage(1);
          }}
          data-autofocus
        />
        {error && (
          <Alert color="red" role="alert">
            {error.message}
          </Alert>
        )}
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
              {rows.map((o) => {
                const already = added.has(o.id);
                const otherPlant = plantId !== null && o.plantId !== plantId;
                return (
                  <Table.Tr key={o.id}>
                    <Table.Td>
                      <Checkbox
                        aria-label={`Pick ${o.number}`}
                        checked={already || picked.has(o.id)}
                        disabled={already || otherPlant}
                        onChange={() => toggle(o)}
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
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <ListFooter
          total={data?.total}
          totalCapped={data?.totalCapped}
          page={page}
          pageSize={pageSize}
          onPageChange={setPage}
          onPageSizeChange={(size) => {
            setPageSize(size);
            setPage(1);
          }}
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

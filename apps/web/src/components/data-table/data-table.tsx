import { ActionIcon, Box, Center, Group, Loader, Pagination, Select, Table, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronRight, IconSelector, IconSortAscending, IconSortDescending } from '@tabler/icons-react';
import { type ColumnDef, flexRender, getCoreRowModel, useReactTable } from '@tanstack/react-table';
import { Fragment, type ReactNode, useState } from 'react';
import {
  EMPTY_TABLE_TEXT,
  EXPAND_COLUMN_WIDTH,
  INDEX_COLUMN_WIDTH,
  INDEX_SYMBOL,
  PAGE_SIZES,
  PAGINATION_SEPARATOR,
  ROWS_PER_PAGE_LABEL,
  TABLE_MIN_HEIGHT,
} from '@freightdesk/shared/constants';
import { paginationSlots } from './pagination-slots.ts';

export type DataTableProps<T> = {
  /** TanStack column definitions; a column is sortable when its `id` is in `sortable`. */
  columns: ColumnDef<T, unknown>[];
  data: T[];
  total: number;
  page: number;
  pageSize: number;
  sort?: string;
  sortable?: readonly string[];
  loading?: boolean;
  onPageChange: (page: number) => void;
  onPageSizeChange: (size: number) => void;
  onSortChange: (sort: string | undefined) => void;
  /** Row detail shown under the row when expanded (adds the 36 px expand column). */
  renderExpanded?: (row: T) => ReactNode;
  getRowId: (row: T) => string | number;
  caption?: string;
};

function SortIcon({ state }: { state: 'asc' | 'desc' | undefined }) {
  if (state === 'asc') {
    return <IconSortAscending size={14} />;
  }
  if (state === 'desc') {
    return <IconSortDescending size={14} />;
  }
  return <IconSelector size={14} opacity={0.4} />;
}

/**
 * The one table every list uses (spec section 9): server pagination with 25/50/100 rows,
 * 'rows per page:', 'x-y of n', '#' index column, at most 7 page slots, 'No Available Data'.
 */
export function DataTable<T>(props: DataTableProps<T>) {
  const { columns, data, total, page, pageSize, sort, sortable = [], loading, renderExpanded } = props;
  const [expanded, setExpanded] = useState<Set<string | number>>(new Set());
  const table = useReactTable({ data, columns, getCoreRowModel: getCoreRowModel(), manualPagination: true, manualSorting: true });
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  const width = columns.length + 1 + (renderExpanded ? 1 : 0);

  const toggleSort = (id: string) => {
    if (sort === id) {
      props.onSortChange(`-${id}`);
    } else if (sort === `-${id}`) {
      props.onSortChange(undefined);
    } else {
      props.onSortChange(id);
    }
  };
  const toggleRow = (id: string | number) =>
    setExpanded((prev) => {
      const next = new Set(prev);
      next.has(id) ? next.delete(id) : next.add(id);
      return next;
    });

  return (
    <Box>
      <Table.ScrollContainer minWidth={600}>
        <Box mih={TABLE_MIN_HEIGHT} pos="relative">
          <Table striped highlightOnHover verticalSpacing="xs" aria-label={props.caption} aria-busy={loading}>
            <Table.Thead>
              {table.getHeaderGroups().map((group) => (
                <Table.Tr key={group.id}>
                  {renderExpanded && <Table.Th w={EXPAND_COLUMN_WIDTH} aria-label="Expand" />}
                  <Table.Th w={INDEX_COLUMN_WIDTH}>{INDEX_SYMBOL}</Table.Th>
                  {group.headers.map((header) => {
                    const id = header.column.id;
                    const label = flexRender(header.column.columnDef.header, header.getContext());
                    if (!sortable.includes(id)) {
                      return <Table.Th key={header.id}>{label}</Table.Th>;
                    }
                    const state = sort === id ? 'asc' : sort === `-${id}` ? 'desc' : undefined;
                    return (
                      <Table.Th key={header.id} aria-sort={state === 'asc' ? 'ascending' : state === 'desc' ? 'descending' : 'none'}>
                        <UnstyledButton onClick={() => toggleSort(id)} fw={700} fz="sm">
                          <Group gap={4} wrap="nowrap">
                            {label}
                            <SortIcon state={state} />
                          </Group>
                        </UnstyledButton>
                      </Table.Th>
                    );
                  })}
                </Table.Tr>
              ))}
            </Table.Thead>
            <Table.Tbody>
              {data.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={width}>
                    <Center h={TABLE_MIN_HEIGHT - 40}>{loading ? <Loader size="sm" /> : <Text c="dimmed">{EMPTY_TABLE_TEXT}</Text>}</Center>
                  </Table.Td>
                </Table.Tr>
              )}
              {table.getRowModel().rows.map((row, i) => {
                const id = props.getRowId(row.original);
                const open = expanded.has(id);
                return (
                  <Fragment key={id}>
                    <Table.Tr>
                      {renderExpanded && (
                        <Table.Td w={EXPAND_COLUMN_WIDTH}>
                          <ActionIcon
                            variant="subtle"
                            size="sm"
                            onClick={() => toggleRow(id)}
                            aria-label={open ? 'Collapse row' : 'Expand row'}
                            aria-expanded={open}
                          >
                            {open ? <IconChevronDown size={14} /> : <IconChevronRight size={14} />}
                          </ActionIcon>
                        </Table.Td>
                      )}
                      <Table.Td w={INDEX_COLUMN_WIDTH}>{first + i}</Table.Td>
                      {row.getVisibleCells().map((cell) => (
                        <Table.Td key={cell.id}>{flexRender(cell.column.columnDef.cell, cell.getContext())}</Table.Td>
                      ))}
                    </Table.Tr>
                    {renderExpanded && open && (
                      <Table.Tr>
                        <Table.Td colSpan={width} bg="gray.0">
                          {renderExpanded(row.original)}
                        </Table.Td>
                      </Table.Tr>
                    )}
                  </Fragment>
                );
              })}
            </Table.Tbody>
          </Table>
        </Box>
      </Table.ScrollContainer>
      <Group justify="space-between" mt="sm" wrap="wrap">
        <Group gap="xs">
          <Text size="sm">{ROWS_PER_PAGE_LABEL}</Text>
          <Select
            aria-label="Rows per page"
            size="xs"
            w={80}
            data={PAGE_SIZES.map(String)}
            value={String(pageSize)}
            onChange={(v) => v && props.onPageSizeChange(Number(v))}
            allowDeselect={false}
          />
          <Text size="sm" c="dimmed">
            {first}-{last} {PAGINATION_SEPARATOR} {total}
          </Text>
        </Group>
        <PageSlots page={page} pages={pages} onChange={props.onPageChange} />
      </Group>
    </Box>
  );
}

function PageSlots({ page, pages, onChange }: { page: number; pages: number; onChange: (p: number) => void }) {
  return (
    <Pagination.Root total={pages} value={page} onChange={onChange} size="sm">
      <Group gap={4} component="nav" aria-label="Pages">
        <Pagination.Previous aria-label="Previous page" />
        {paginationSlots(page, pages).map((slot, i) =>
          slot === '...' ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: the two '...' slots are told apart by position
            <Pagination.Dots key={`dots-${i}`} />
          ) : (
            <Pagination.Control
              key={slot}
              active={slot === page}
              onClick={() => onChange(slot)}
              aria-label={`Page ${slot}`}
              aria-current={slot === page ? 'page' : undefined}
            >
              {slot}
            </Pagination.Control>
          ),
        )}
        <Pagination.Next aria-label="Next page" />
      </Group>
    </Pagination.Root>
  );
}

import { ActionIcon, Box, Center, Group, Progress, Table, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronRight, IconSelector, IconSortAscending, IconSortDescending } from '@tabler/icons-react';
import { type ColumnDef, type ColumnDefTemplate, getCoreRowModel, useReactTable } from '@tanstack/react-table';
import { Fragment, type ReactNode, useEffect, useState } from 'react';
import { EXPAND_COLUMN_WIDTH, INDEX_COLUMN_WIDTH, TABLE_MIN_HEIGHT } from '@freightdesk/shared/constants';
import { listState } from '../feedback/query-state.tsx';
import { countKnown, listView, type QueryLike } from '../feedback/query-view.ts';
import { ListFooter } from './list-footer.tsx';
import { dateTimeNode } from './date-time-text.tsx';
import { ExpandTh, IndexTh } from './index-column.tsx';
import { keepsOnOneLine } from './one-line.ts';
import { pageCount } from './pagination-slots.ts';
import { nextSort, sortState } from './sort.ts';

export type DataTableProps<T> = {
  /**
   * TanStack column definitions; a column is sortable when its `id` is in `sortable`. The column
   * `actions` (a row's menu) stays at the right edge when the list scrolls sideways.
   */
  columns: ColumnDef<T, unknown>[];
  /** The rows of the current page (the server paginates). */
  data: T[];
  /** Rows matching the filters on every page. */
  total: number;
  /** The server stopped counting at `total`: there are more ('10,000+', issue 15). */
  totalCapped?: boolean;
  /** 1-based. */
  page: number;
  pageSize: number;
  /** `field` (ascending) or `-field` (descending). */
  sort?: string;
  /** Column ids the server can sort by; their headers become buttons. */
  sortable?: readonly string[];
  /**
   * The list's query (TanStack): while a call is under way a bar above the rows, or a loader while
   * there are none; a failed call says so with the server's words and Try again, in place of
   * 'No Available Data' or above rows loaded before (components/feedback listState).
   */
  query: QueryLike;
  onPageChange: (page: number) => void;
  onPageSizeChange: (size: number) => void;
  /** Called with the new sort string; without it no header is sortable. */
  onSortChange?: (sort: string) => void;
  /** Row detail shown under the row when expanded (adds the 36 px expand column). */
  renderExpanded?: (row: T) => ReactNode;
  getRowId: (row: T) => string | number;
  /** The table's accessible name, e.g. 'Plants'. */
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
 * A column's cell (or header) for its context. Pages build their columns on each render, so a cell
 * function is a new function every time; TanStack's flexRender mounts a function as a component,
 * so React saw a new component type and remounted every cell on every render of the page (a
 * background refetch, a live event, the loading bar), and a row menu the user had just opened
 * closed under the click (seen in e2e 10). Called here, inside one component type that stays, the
 * cell's elements are kept and only updated.
 */
function Rendered<C extends object>({ template, context }: { template: ColumnDefTemplate<C> | undefined; context: C }): ReactNode {
  return dateTimeNode(typeof template === 'function' ? template(context) : (template ?? null));
}

/** The id of a list's row actions column: it keeps to the right edge (app/global.css `.fd-row-actions`). */
export const ROW_ACTIONS_COLUMN = 'actions';
const stickyClass = (columnId: string) => (columnId === ROW_ACTIONS_COLUMN ? 'fd-row-actions' : undefined);

/**
 * The one table every list uses (spec section 9): server pagination with 25/50/100 rows,
 * 'rows per page:', 'x-y of n', '#' index column, at most 7 page slots, 'No Available Data'.
 */
export function DataTable<T>(props: DataTableProps<T>) {
  const { columns, data, total, totalCapped, page, pageSize, sort, renderExpanded, onSortChange, onPageChange } = props;
  const loading = props.query.isFetching;
  const state = listState(props.query, data.length, props.caption);
  const sortable = onSortChange ? (props.sortable ?? []) : [];
  const [expanded, setExpanded] = useState<Set<string | number>>(new Set());
  // Rows and cells are keyed by the row's own id, not its index: when a search's answer moves a row
  // up, React keeps its elements, so a click on a link in it is not lost to a remount.
  const table = useReactTable({
    data,
    columns,
    getRowId: (row) => String(props.getRowId(row)),
    getCoreRowModel: getCoreRowModel(),
    manualPagination: true,
    manualSorting: true,
  });
  const pages = pageCount(total, pageSize, page, totalCapped);
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const width = columns.length + 1 + (renderExpanded ? 1 : 0);

  // A page past the end (rows removed, or an old link) moves to the last page once the total is known.
  useEffect(() => {
    if (!loading && total > 0 && page > pages) {
      onPageChange(pages);
    }
  }, [loading, total, page, pages, onPageChange]);

  const toggleRow = (id: string | number) =>
    setExpanded((prev) => {
      const next = new Set(prev);
      next.has(id) ? next.delete(id) : next.add(id);
      return next;
    });

  return (
    <Box>
      {state.aboveRows}
      <Table.ScrollContainer minWidth={600}>
        <Box mih={TABLE_MIN_HEIGHT} pos="relative">
          {loading && data.length > 0 && (
            <Progress value={100} animated size="xs" pos="absolute" top={0} left={0} right={0} aria-label="Loading" />
          )}
          <Table striped highlightOnHover verticalSpacing="xs" aria-label={props.caption} aria-busy={loading}>
            <Table.Thead>
              {table.getHeaderGroups().map((group) => (
                <Table.Tr key={group.id}>
                  {renderExpanded && <ExpandTh />}
                  <IndexTh />
                  {group.headers.map((header) => {
                    const id = header.column.id;
                    const label = <Rendered template={header.column.columnDef.header} context={header.getContext()} />;
                    if (!sortable.includes(id)) {
                      return (
                        <Table.Th key={header.id} className={stickyClass(id)}>
                          {label}
                        </Table.Th>
                      );
                    }
                    const state = sortState(sort, id);
                    return (
                      <Table.Th key={header.id} aria-sort={state === 'asc' ? 'ascending' : state === 'desc' ? 'descending' : 'none'}>
                        <UnstyledButton onClick={() => onSortChange?.(nextSort(sort, id))} fw={700} fz="sm">
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
            <Table.Tbody style={{ opacity: loading && data.length > 0 ? 0.55 : 1, transition: 'opacity 150ms' }}>
              {data.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={width}>
                    <Center mih={TABLE_MIN_HEIGHT - 40}>{state.inRows}</Center>
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
                        <Table.Td
                          key={cell.id}
                          className={stickyClass(cell.column.id)}
                          style={keepsOnOneLine(cell.column) ? { whiteSpace: 'nowrap' } : undefined}
                        >
                          <Rendered template={cell.column.columnDef.cell} context={cell.getContext()} />
                        </Table.Td>
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
      <ListFooter
        total={countKnown(listView(props.query, data.length)) ? total : undefined}
        totalCapped={totalCapped}
        page={page}
        pageSize={pageSize}
        onPageChange={onPageChange}
        onPageSizeChange={props.onPageSizeChange}
      />
    </Box>
  );
}

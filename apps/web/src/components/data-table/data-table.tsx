import { Box, Center, Progress, Table } from '@mantine/core';
import { type ColumnDef, getCoreRowModel, type Table as ReactTable, useReactTable } from '@tanstack/react-table';
import { type ReactNode, useEffect, useState } from 'react';
import { TABLE_MIN_HEIGHT } from '@freightdesk/shared/constants';
import { listState } from '../feedback/query-state.tsx';
import { countKnown, listView, type QueryLike } from '../feedback/query-view.ts';
import { ListFooter } from './list-footer.tsx';
import { DataRow, HeaderRow } from './data-table-rows.tsx';
import { pageCount } from './pagination-slots.ts';
import { SkeletonRows, skeletonRowCount } from './skeleton-rows.tsx';
import { CardList } from '../cards/card-list.tsx';
import { useNarrow } from '../layout/use-narrow.ts';

export { ROW_ACTIONS_COLUMN } from './data-table-rows.tsx';

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
  /** A row as a card (components/cards/row-card.tsx): below 768 px the page's rows show as cards (record 0296). */
  renderCard?: (row: T) => ReactNode;
};

/**
 * The one table every list uses (spec section 9): server pagination with 25/50/100 rows,
 * 'rows per page:', 'x-y of n', '#' index column, at most 7 page slots, 'No Available Data'.
 */
export function DataTable<T>(props: DataTableProps<T>) {
  const { data, total, totalCapped, page, pageSize, onPageChange } = props;
  const loading = props.query.isFetching;
  const state = listState(props.query, data.length, props.caption);
  useClampPage(props, loading);
  const cards = useNarrow() && props.renderCard;

  return (
    <Box>
      {state.aboveRows}
      {cards ? (
        <CardList
          rows={data}
          getRowId={props.getRowId}
          renderCard={cards}
          label={props.caption ?? 'Rows'}
          empty={state.inRows}
          busy={loading}
          loading={listView(props.query, data.length).kind === 'loading'}
        />
      ) : (
        <TableView {...props} emptyState={state.inRows} />
      )}
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

/** The rows as a table, scrolling sideways in its own box when the screen is narrower than it. */
function TableView<T>(props: DataTableProps<T> & { emptyState: ReactNode }) {
  const { columns, data, total, page, pageSize, sort, renderExpanded, onSortChange } = props;
  const loading = props.query.isFetching;
  const sortable = onSortChange ? (props.sortable ?? []) : [];
  const table = useRowsTable(props);
  const width = columns.length + 1 + (renderExpanded ? 1 : 0);
  return (
    <Table.ScrollContainer minWidth={600}>
      <Box mih={TABLE_MIN_HEIGHT} pos="relative">
        {loading && data.length > 0 && (
          <Progress value={100} animated size="xs" pos="absolute" top={0} left={0} right={0} aria-label="Loading" />
        )}
        <Table striped highlightOnHover verticalSpacing="xs" aria-label={props.caption} aria-busy={loading}>
          <Table.Thead>
            {table.getHeaderGroups().map((group) => (
              <HeaderRow
                key={group.id}
                group={group}
                expandable={renderExpanded !== undefined}
                sortable={sortable}
                sort={sort}
                onSortChange={onSortChange}
              />
            ))}
          </Table.Thead>
          <Body
            table={table}
            loading={loading}
            emptyState={props.emptyState}
            skeleton={listView(props.query, data.length).kind === 'loading' ? skeletonRowCount(pageSize) : 0}
            label={`Loading the ${props.caption ? props.caption.toLowerCase() : 'rows'}`}
            width={width}
            first={total === 0 ? 0 : (page - 1) * pageSize + 1}
            getRowId={props.getRowId}
            renderExpanded={renderExpanded}
          />
        </Table>
      </Box>
    </Table.ScrollContainer>
  );
}

type BodyProps<T> = {
  table: ReactTable<T>;
  loading: boolean;
  /** What stands in for rows when there are none (loader, error, 'No Available Data'). */
  emptyState: ReactNode;
  /** Placeholder rows while the first rows load (0 otherwise), and their status for screen readers. */
  skeleton: number;
  label: string;
  width: number;
  /** The first row's number ('#'). */
  first: number;
  getRowId: (row: T) => string | number;
  renderExpanded?: (row: T) => ReactNode;
};

/**
 * The rows of the page (dimmed while a call is under way), placeholder rows of the page's size while
 * the first ones load, or the empty state in one wide cell.
 */
function Body<T>({ table, loading, emptyState, skeleton, label, width, first, getRowId, renderExpanded }: BodyProps<T>) {
  const { expanded, toggleRow } = useExpandedRows();
  const rows = table.getRowModel().rows;
  return (
    <Table.Tbody data-refreshing={loading && rows.length > 0 ? '' : undefined}>
      {rows.length === 0 && skeleton > 0 && <SkeletonRows rows={skeleton} width={width} label={label} />}
      {rows.length === 0 && skeleton === 0 && (
        <Table.Tr>
          <Table.Td colSpan={width}>
            <Center mih={TABLE_MIN_HEIGHT - 40}>{emptyState}</Center>
          </Table.Td>
        </Table.Tr>
      )}
      {rows.map((row, i) => {
        const id = getRowId(row.original);
        return (
          <DataRow
            key={id}
            row={row}
            number={first + i}
            open={expanded.has(id)}
            onToggle={() => toggleRow(id)}
            renderExpanded={renderExpanded}
            width={width}
          />
        );
      })}
    </Table.Tbody>
  );
}

/**
 * The TanStack table of the page's rows (the server sorts and paginates). Rows and cells are keyed by
 * the row's own id, not its index: when a search's answer moves a row up, React keeps its elements,
 * so a click on a link in it is not lost to a remount.
 */
function useRowsTable<T>({ data, columns, getRowId }: DataTableProps<T>) {
  return useReactTable({
    data,
    columns,
    getRowId: (row) => String(getRowId(row)),
    getCoreRowModel: getCoreRowModel(),
    manualPagination: true,
    manualSorting: true,
  });
}

/** Which rows are expanded, by row id. */
function useExpandedRows() {
  const [expanded, setExpanded] = useState<Set<string | number>>(new Set());
  const toggleRow = (id: string | number) =>
    setExpanded((prev) => {
      const next = new Set(prev);
      next.has(id) ? next.delete(id) : next.add(id);
      return next;
    });
  return { expanded, toggleRow };
}

/** A page past the end (rows removed, or an old link) moves to the last page once the total is known. */
function useClampPage<T>({ total, pageSize, page, totalCapped, onPageChange }: DataTableProps<T>, loading: boolean) {
  const pages = pageCount(total, pageSize, page, totalCapped);
  useEffect(() => {
    if (!loading && total > 0 && page > pages) {
      onPageChange(pages);
    }
  }, [loading, total, page, pages, onPageChange]);
}

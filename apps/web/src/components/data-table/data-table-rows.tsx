import { ActionIcon, Group, Table, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronRight, IconSelector, IconSortAscending, IconSortDescending } from '@tabler/icons-react';
import type { ColumnDefTemplate, HeaderGroup, Row } from '@tanstack/react-table';
import { Fragment, type ReactNode } from 'react';
import { EXPAND_COLUMN_WIDTH, INDEX_COLUMN_WIDTH } from '@freightdesk/shared/constants';
import { dateTimeNode } from './date-time-text.tsx';
import { ExpandTh, IndexTh } from './index-column.tsx';
import { keepsOnOneLine } from './one-line.ts';
import { nextSort, sortState } from './sort.ts';

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
export function Rendered<C extends object>({ template, context }: { template: ColumnDefTemplate<C> | undefined; context: C }): ReactNode {
  return dateTimeNode(typeof template === 'function' ? template(context) : (template ?? null));
}

/** The id of a list's row actions column: it keeps to the right edge (app/global.css `.fd-row-actions`). */
export const ROW_ACTIONS_COLUMN = 'actions';
const stickyClass = (columnId: string) => (columnId === ROW_ACTIONS_COLUMN ? 'fd-row-actions' : undefined);

type HeaderRowProps<T> = {
  group: HeaderGroup<T>;
  /** Adds the expand column's empty header. */
  expandable: boolean;
  /** Column ids whose headers sort (none without `onSortChange`). */
  sortable: readonly string[];
  sort?: string;
  onSortChange?: (sort: string) => void;
};

/** One header row: expand and '#' headers, then each column's, sortable ones as buttons with aria-sort. */
export function HeaderRow<T>({ group, expandable, sortable, sort, onSortChange }: HeaderRowProps<T>) {
  return (
    <Table.Tr>
      {expandable && <ExpandTh />}
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
  );
}

type DataRowProps<T> = {
  row: Row<T>;
  /** The row's 1-based number across pages ('#'). */
  number: number;
  open: boolean;
  onToggle: () => void;
  renderExpanded?: (row: T) => ReactNode;
  /** Columns in all, for the expanded detail's colSpan. */
  width: number;
};

/** One row (with its expand button and '#'), and its detail row under it when expanded. */
export function DataRow<T>({ row, number, open, onToggle, renderExpanded, width }: DataRowProps<T>) {
  return (
    <Fragment>
      <Table.Tr>
        {renderExpanded && (
          <Table.Td w={EXPAND_COLUMN_WIDTH}>
            <ActionIcon
              variant="subtle"
              size="sm"
              onClick={onToggle}
              aria-label={open ? 'Collapse row' : 'Expand row'}
              aria-expanded={open}
            >
              {open ? <IconChevronDown size={14} /> : <IconChevronRight size={14} />}
            </ActionIcon>
          </Table.Td>
        )}
        <Table.Td w={INDEX_COLUMN_WIDTH}>{number}</Table.Td>
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
}

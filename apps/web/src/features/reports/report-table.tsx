import { Alert, Box, Center, Loader, Progress, Table, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useEffect } from 'react';
import { TABLE_MIN_HEIGHT } from '@freightdesk/shared/constants';
import type { ReportColumnView, ReportPage } from '@freightdesk/shared/schemas/report';
import { ListFooter } from '../../components/data-table/list-footer.tsx';
import { pageCount } from '../../components/data-table/pagination-slots.ts';
import { formatCell, isNumericKind, type ReportCell } from './format-cell.ts';

/** Cells keep to one line (a request number or a date never breaks); a wide report scrolls sideways. */
const oneLine = { style: { whiteSpace: 'nowrap' } } as const;
const numeric = { ...oneLine, ta: 'right' } as const;
const align = (column: ReportColumnView) => (isNumericKind(column.kind) ? numeric : oneLine);
/** Room for each column before the table scrolls sideways. */
const COLUMN_MIN_WIDTH = 110;

function Cell({ column, value, bold }: { column: ReportColumnView; value: ReportCell; bold?: boolean }) {
  return (
    <Table.Td {...align(column)} fw={bold ? 700 : undefined}>
      {formatCell(column.kind, value)}
    </Table.Td>
  );
}

/** The totals row: "Total" in the first column, nothing under the other text columns, the figures in bold. */
function TotalsRow({ columns, totals }: { columns: ReportColumnView[]; totals: ReportPage['totals'] }) {
  return (
    <Table.Tr aria-label="Totals" style={{ borderTop: '2px solid var(--mantine-color-gray-4)' }}>
      {columns.map((c, i) =>
        c.kind === 'text' ? (
          <Table.Td key={c.key} fw={700} {...oneLine}>
            {i === 0 ? 'Total' : ''}
          </Table.Td>
        ) : (
          <Cell key={c.key} column={c} value={totals[c.key]} bold />
        ),
      )}
    </Table.Tr>
  );
}

/** The refusal, line by line, in place of the rows. */
function ReportError({ error }: { error: string[] }) {
  return (
    <Alert color="red" role="alert" title="Could not load the report" icon={<IconAlertCircle size={18} />} mb="sm">
      {error.map((line) => (
        <Text key={line} size="sm">
          {line}
        </Text>
      ))}
    </Alert>
  );
}

/** The one row shown when there are none: the loader, or why the table is empty. */
function NoRows({ colSpan, loading, text }: { colSpan: number; loading: boolean; text: string }) {
  return (
    <Table.Tr>
      <Table.Td colSpan={colSpan}>
        <Center h={TABLE_MIN_HEIGHT - 40}>
          {loading ? (
            <Loader size="sm" aria-label="Loading the report" />
          ) : (
            <Text c="dimmed" ta="center">
              {text}
            </Text>
          )}
        </Center>
      </Table.Td>
    </Table.Tr>
  );
}

type ReportTableProps = {
  label: string;
  /** The catalog's columns, until a page names its own (the grouping renames the first). */
  columns: ReportColumnView[];
  page: ReportPage | undefined;
  loading: boolean;
  /** What went wrong, line by line (the alert replaces the rows). */
  error: string[] | null;
  emptyText: string;
  pageNumber: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  onPageSizeChange: (size: number) => void;
};

/** The table itself: header, the page's rows (dimmed while the next loads) and the totals at the foot. */
function ReportGrid({
  label,
  cols,
  rows,
  page,
  loading,
  error,
  emptyText,
  pageNumber,
}: Pick<ReportTableProps, 'label' | 'page' | 'loading' | 'error' | 'emptyText' | 'pageNumber'> & {
  cols: ReportColumnView[];
  rows: ReportPage['rows'];
}) {
  return (
    <Table striped highlightOnHover verticalSpacing="xs" aria-label={label} aria-busy={loading}>
      <Table.Thead>
        <Table.Tr>
          {cols.map((c) => (
            <Table.Th key={c.key} {...align(c)}>
              {c.label}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody data-refreshing={loading && rows.length > 0 ? '' : undefined}>
        {rows.length === 0 && <NoRows colSpan={cols.length || 1} loading={loading} text={error ? 'No rows to show.' : emptyText} />}
        {rows.map((row, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: summary rows have no id; a page's order is the server's
          <Table.Tr key={`${pageNumber}-${i}`}>
            {cols.map((c) => (
              <Cell key={c.key} column={c} value={row[c.key]} />
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
      {rows.length > 0 && page && (
        <Table.Tfoot>
          <TotalsRow columns={cols} totals={page.totals} />
        </Table.Tfoot>
      )}
    </Table>
  );
}

/**
 * A summary report's page, drawn from its columns whatever the report: values by their kind,
 * figures right-aligned, the totals over every row in bold at the foot, and the list footer
 * (25/50/100 rows, 7 page slots) under it. Loading, refused (the server's message) and empty
 * (`emptyText`) each say so in place of the rows.
 */
export function ReportTable(props: ReportTableProps) {
  const { columns, page, loading, error, pageNumber, pageSize, onPageChange, onPageSizeChange } = props;
  const cols = page?.columns ?? columns;
  const rows = error ? [] : (page?.rows ?? []);
  const total = error ? 0 : page?.total; // undefined while loading: the footer says Loading…, not 0-0 of 0
  const pages = pageCount(total ?? 0, pageSize, pageNumber);

  // A page past the end (an old link, a narrower filter) moves to the last page.
  useEffect(() => {
    if (!loading && total && pageNumber > pages) {
      onPageChange(pages);
    }
  }, [loading, total, pageNumber, pages, onPageChange]);

  return (
    <Box>
      {error && <ReportError error={error} />}
      <Table.ScrollContainer minWidth={Math.max(720, cols.length * COLUMN_MIN_WIDTH)}>
        <Box pos="relative" mih={TABLE_MIN_HEIGHT}>
          {loading && rows.length > 0 && (
            <Progress value={100} animated size="xs" pos="absolute" top={0} left={0} right={0} aria-label="Loading" />
          )}
          <ReportGrid {...props} cols={cols} rows={rows} />
        </Box>
      </Table.ScrollContainer>
      <ListFooter total={total} page={pageNumber} pageSize={pageSize} onPageChange={onPageChange} onPageSizeChange={onPageSizeChange} />
    </Box>
  );
}

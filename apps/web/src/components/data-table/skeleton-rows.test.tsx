import { describe, expect, it } from 'vitest';
import { MantineProvider } from '@mantine/core';
import type { ColumnDef } from '@tanstack/react-table';
import { renderToStaticMarkup } from 'react-dom/server';
import { EMPTY_TABLE_TEXT } from '@freightdesk/shared/constants';
import { DataTable } from './data-table.tsx';

type Row = { id: number; name: string };
const columns: ColumnDef<Row, unknown>[] = [
  { id: 'name', header: 'Name', accessorKey: 'name' },
  { id: 'city', header: 'City', accessorKey: 'name' },
];
const query = (isFetching: boolean) => ({
  isError: false,
  error: null,
  refetch: () => undefined,
  isFetching,
  fetchStatus: isFetching ? ('fetching' as const) : ('idle' as const),
});

/** The table's markup for a page of `data` rows while its query is (or is not) under way. */
function render(data: Row[], pageSize: number, fetching: boolean): string {
  return renderToStaticMarkup(
    <MantineProvider>
      <DataTable
        columns={columns}
        data={data}
        total={data.length}
        page={1}
        pageSize={pageSize}
        query={query(fetching)}
        onPageChange={() => undefined}
        onPageSizeChange={() => undefined}
        getRowId={(r) => r.id}
        caption="Orders"
      />
    </MantineProvider>,
  );
}

const skeletonRows = (html: string) => html.split('data-skeleton-row').length - 1;

describe('the list table while its first rows load (record 0297)', () => {
  it('holds a row of placeholders per row of the page, every column, up to 25', () => {
    const html = render([], 25, true);
    expect(skeletonRows(html)).toBe(25);
    expect(html).toContain('aria-label="Loading the orders"');
    // '#' and the two columns.
    expect(html.split('mantine-Skeleton-root').length - 1).toBe(25 * 3);
    expect(skeletonRows(render([], 100, true))).toBe(25);
  });

  it('shows no placeholder once the rows came, or when there are none', () => {
    expect(skeletonRows(render([{ id: 1, name: 'Pune' }], 25, true))).toBe(0);
    const empty = render([], 25, false);
    expect(skeletonRows(empty)).toBe(0);
    expect(empty).toContain(EMPTY_TABLE_TEXT);
  });
});

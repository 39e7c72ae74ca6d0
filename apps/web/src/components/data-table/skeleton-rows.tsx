import { Skeleton, Table } from '@mantine/core';
import { PAGE_SIZES } from '@freightdesk/shared/constants';

/**
 * At most this many placeholder rows (the smallest page size): past them a 50 or 100 row page runs
 * below any screen's fold, where a shift does not count (CLS), and more would only cost rendering.
 */
export const SKELETON_ROWS_MAX: number = PAGE_SIZES[0];

/** A text line's height in a row (14 px type at Mantine's 1.55 line height): with the cell's padding, a row's height. */
const LINE_HEIGHT = 22;

/** How many placeholder rows a page of `pageSize` rows shows while its first rows load. */
export const skeletonRowCount = (pageSize: number) => Math.max(1, Math.min(pageSize, SKELETON_ROWS_MAX));

/**
 * While a list's first rows load: placeholder rows of a row's height for the page size, in every
 * column, so the table has its size before the rows come and nothing under it moves (record 0297).
 * The first placeholder is the status a screen reader announces ("Loading the orders").
 */
export function SkeletonRows({ rows, width, label }: { rows: number; width: number; label: string }) {
  return Array.from({ length: rows }, (_, r) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity but their place.
    <Table.Tr key={r} data-skeleton-row>
      {Array.from({ length: width }, (_, c) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: as above.
        <Table.Td key={c}>
          {r === 0 && c === 0 ? (
            <Skeleton height={LINE_HEIGHT} radius="sm" role="status" aria-label={label} />
          ) : (
            <Skeleton height={LINE_HEIGHT} radius="sm" />
          )}
        </Table.Td>
      ))}
    </Table.Tr>
  ));
}

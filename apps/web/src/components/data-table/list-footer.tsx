import { Group, NativeSelect, Pagination, Text } from '@mantine/core';
import { PAGE_SIZES, PAGINATION_SEPARATOR, ROWS_PER_PAGE_LABEL } from '@freightdesk/shared/constants';
import { pageCount, paginationSlots, rangeText } from './pagination-slots.ts';

/**
 * The footer under every list (spec section 9): 'rows per page:' 25/50/100, 'x-y of n' ('of
 * 10,000+' when the server stopped counting) and at most 7 page slots. DataTable renders it; a list laid out otherwise (the carrier's orders) uses it too.
 */
export function ListFooter({
  total,
  totalCapped,
  page,
  pageSize,
  onPageChange,
  onPageSizeChange,
}: {
  /** Undefined while the rows are still being counted (the first call under way): 'Loading…', never '0-0 of 0'. */
  total: number | undefined;
  /** The server stopped counting at `total` ('10,000+'). */
  totalCapped?: boolean;
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  onPageSizeChange: (size: number) => void;
}) {
  const pages = pageCount(total ?? 0, pageSize, page, totalCapped);
  return (
    <Group justify="space-between" mt="sm" wrap="wrap">
      <Group gap="xs">
        <Text size="sm">{ROWS_PER_PAGE_LABEL}</Text>
        {/* The browser's own select: three sizes need no floating list in the first download (record 0322). */}
        <NativeSelect
          aria-label="Rows per page"
          size="xs"
          w={80}
          data={PAGE_SIZES.map(String)}
          value={String(pageSize)}
          onChange={(e) => onPageSizeChange(Number(e.currentTarget.value))}
        />
        <Text size="sm" c="dimmed" aria-busy={total === undefined}>
          {rangeText(total, page, pageSize, PAGINATION_SEPARATOR, totalCapped)}
        </Text>
      </Group>
      <PageSlots page={Math.min(page, pages)} pages={pages} onChange={onPageChange} />
    </Group>
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

import { Group, Pagination, Select, Text } from '@mantine/core';
import { PAGE_SIZES, PAGINATION_SEPARATOR, ROWS_PER_PAGE_LABEL } from '@freightdesk/shared/constants';

/** 'rows per page:' 25/50/100, 'x-y of n' and the page slots, as under the shared DataTable. */
export function ListFooter({
  total,
  page,
  pageSize,
  onPageChange,
  onPageSizeChange,
}: {
  total: number;
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  onPageSizeChange: (size: number) => void;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  return (
    <Group justify="space-between" mt="sm" wrap="wrap">
      <Group gap="xs">
        <Text size="sm">{ROWS_PER_PAGE_LABEL}</Text>
        <Select
          aria-label="Rows per page"
          size="xs"
          w={80}
          data={PAGE_SIZES.map(String)}
          value={String(pageSize)}
          onChange={(v) => v && onPageSizeChange(Number(v))}
          allowDeselect={false}
        />
        <Text size="sm" c="dimmed">
          {first}-{last} {PAGINATION_SEPARATOR} {total}
        </Text>
      </Group>
      <Pagination total={pages} value={Math.min(page, pages)} onChange={onPageChange} size="sm" siblings={1} boundaries={1} />
    </Group>
  );
}

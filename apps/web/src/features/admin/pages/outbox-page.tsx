import { Badge, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import type { ListResponse } from '@freightdesk/shared/schemas/common';
import { DataTable } from '../../../components/data-table/data-table.tsx';
import { useListParams } from '../../../components/data-table/use-list-params.ts';
import { Page } from '../../../components/layout/page.tsx';
import { api } from '../../../lib/api.ts';
import { formatDateTime } from '../../../lib/format.ts';

type Mail = {
  id: number;
  to: string;
  subject: string;
  text: string;
  transport: 'smtp' | 'outbox';
  createdAt: string;
  sentAt: string | null;
  error: string | null;
};

const columns: ColumnDef<Mail, unknown>[] = [
  { id: 'createdAt', header: 'When', cell: ({ row }) => formatDateTime(row.original.createdAt) },
  { id: 'to', header: 'To', accessorKey: 'to' },
  { id: 'subject', header: 'Subject', accessorKey: 'subject' },
  {
    id: 'state',
    header: 'Delivery',
    cell: ({ row }) => {
      const m = row.original;
      if (m.error) {
        return <Badge color="red">Failed</Badge>;
      }
      if (m.transport === 'smtp') {
        return <Badge color={m.sentAt ? 'green' : 'yellow'}>{m.sentAt ? 'Sent' : 'Sending'}</Badge>;
      }
      return <Badge color="gray">Kept (no SMTP)</Badge>;
    },
  },
];

/** `/outbox`: every mail the platform sent, or kept because no SMTP server is configured. */
export function OutboxPage() {
  const params = useListParams();
  const { data, isFetching } = useQuery({
    queryKey: ['outbox', params.query],
    queryFn: () => api.get<ListResponse<Mail>>('/admin/outbox', params.query),
    placeholderData: keepPreviousData,
  });
  return (
    <Page title="Sent mail">
      <DataTable
        caption="Sent mail"
        columns={columns}
        data={data?.data ?? []}
        total={data?.total ?? 0}
        page={params.list.page}
        pageSize={params.list.pageSize}
        loading={isFetching}
        getRowId={(m) => m.id}
        onPageChange={(page) => params.update({ page })}
        onPageSizeChange={(pageSize) => params.update({ pageSize })}
        onSortChange={() => undefined}
        renderExpanded={(m) => (
          <Text component="pre" size="sm" style={{ whiteSpace: 'pre-wrap', margin: 0 }}>
            {m.error ? `Error: ${m.error}\n\n` : ''}
            {m.text}
          </Text>
        )}
      />
    </Page>
  );
}

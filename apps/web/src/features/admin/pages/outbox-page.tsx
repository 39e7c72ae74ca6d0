import { Badge, Text } from '@mantine/core';
import type { ColumnDef } from '@tanstack/react-table';
import { DataTable } from '../../../components/data-table/data-table.tsx';
import { ListToolbar } from '../../../components/data-table/list-toolbar.tsx';
import { useListParams } from '../../../components/data-table/use-list-params.ts';
import { Page } from '../../../components/layout/page.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { type OutboxMail, useOutbox } from '../api/get-outbox.ts';

function DeliveryBadge({ mail: m }: { mail: OutboxMail }) {
  if (m.error) {
    return <Badge color="red">Failed</Badge>;
  }
  if (m.transport === 'smtp') {
    return <Badge color={m.sentAt ? 'green' : 'yellow'}>{m.sentAt ? 'Sent' : 'Sending'}</Badge>;
  }
  return <Badge color="gray">Kept (no SMTP)</Badge>;
}

const columns: ColumnDef<OutboxMail, unknown>[] = [
  { id: 'createdAt', header: 'Created', cell: ({ row }) => formatDateTime(row.original.createdAt) },
  { id: 'to', header: 'To', accessorKey: 'to' },
  { id: 'subject', header: 'Subject', accessorKey: 'subject' },
  { id: 'state', header: 'Delivery', cell: ({ row }) => <DeliveryBadge mail={row.original} /> },
  { id: 'sentAt', header: 'Sent', cell: ({ row }) => formatDateTime(row.original.sentAt) },
];

/**
 * `/outbox` (admin): every mail the platform sent, or kept because no SMTP server is configured,
 * newest first; the mail's text (with the delivery error, if any) in the expanded row.
 */
export function OutboxPage() {
  const params = useListParams();
  const listQuery = useOutbox(params.query);
  const { data } = listQuery;
  return (
    <Page title="Sent mail">
      <ListToolbar params={params} searchLabel="Search recipient or subject" />
      <DataTable
        {...params.table}
        caption="Sent mail"
        columns={columns}
        data={data?.data ?? []}
        total={data?.total ?? 0}
        totalCapped={data?.totalCapped}
        query={listQuery}
        getRowId={(m) => m.id}
        renderExpanded={(m) => (
          <Text component="pre" size="sm" ff="monospace" style={{ whiteSpace: 'pre-wrap', margin: 0 }}>
            {m.error ? `Error: ${m.error}\n\n` : ''}
            {m.text}
          </Text>
        )}
      />
    </Page>
  );
}

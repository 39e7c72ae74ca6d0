import { Badge, Button, Tabs } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { ColumnDef } from '@tanstack/react-table';
import { Link } from 'react-router';
import { RFQ_STATUS_LABEL, RFQ_STATUSES, type RfqStatus, type RfqSummary } from '@freightdesk/shared/schemas/rfq';
import { DataTable } from '../../components/data-table/data-table.tsx';
import { ListToolbar } from '../../components/data-table/list-toolbar.tsx';
import { useListParams } from '../../components/data-table/use-list-params.ts';
import { Page } from '../../components/layout/page.tsx';
import { useMasterList } from '../../components/master/use-master.ts';
import { formatDate, formatDateTime } from '../../lib/format.ts';
import { hasPermission } from '../../lib/session.ts';

const COLORS: Record<RfqStatus, string> = { draft: 'gray', open: 'green', closed: 'orange', awarded: 'teal', cancelled: 'red' };

export function RfqStatusBadge({ status }: { status: RfqStatus }) {
  return <Badge color={COLORS[status]}>{RFQ_STATUS_LABEL[status]}</Badge>;
}

/** `/rfp`: the shipper's RFQs, newest first; status tabs, number or title search, pages of 25/50/100 from the server. */
export function RfqListPage() {
  const params = useListParams(['status']);
  const listQuery = useMasterList<RfqSummary>('rfqs', params.query);
  const { data } = listQuery;
  const columns: ColumnDef<RfqSummary, unknown>[] = [
    { id: 'number', header: 'Number', cell: ({ row }) => <Link to={`/rfp/detail/${row.original.id}`}>{row.original.number}</Link> },
    { id: 'title', header: 'Title', cell: ({ row }) => row.original.title },
    { id: 'plant', header: 'Plant', cell: ({ row }) => row.original.plantName },
    {
      id: 'period',
      header: 'Contract period',
      cell: ({ row }) => `${formatDate(row.original.periodFrom)} to ${formatDate(row.original.periodTo)}`,
    },
    { id: 'lanes', header: 'Lanes', cell: ({ row }) => row.original.lanes },
    { id: 'carriers', header: 'Carriers', cell: ({ row }) => row.original.carriers },
    { id: 'round', header: 'Round', cell: ({ row }) => row.original.round || '—' },
    { id: 'roundEndsAt', header: 'Quotes close', cell: ({ row }) => formatDateTime(row.original.roundEndsAt) },
    { id: 'status', header: 'Status', cell: ({ row }) => <RfqStatusBadge status={row.original.status} /> },
  ];
  return (
    <Page
      title="RFQs"
      actions={
        hasPermission('add-rfp') && (
          <Button component={Link} to="/rfp/new" leftSection={<IconPlus size={16} />}>
            New RFQ
          </Button>
        )
      }
    >
      <Tabs value={params.list.filters.status ?? 'all'} onChange={(v) => params.update({ status: v === 'all' ? undefined : v })} mb="sm">
        <Tabs.List>
          <Tabs.Tab value="all">All</Tabs.Tab>
          {RFQ_STATUSES.map((s) => (
            <Tabs.Tab key={s} value={s}>
              {RFQ_STATUS_LABEL[s]}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <ListToolbar params={params} searchLabel="Number or title" />
      <DataTable
        caption="RFQs"
        columns={columns}
        data={data?.data ?? []}
        total={data?.total ?? 0}
        totalCapped={data?.totalCapped}
        query={listQuery}
        getRowId={(r) => r.id}
        {...params.table}
      />
    </Page>
  );
}

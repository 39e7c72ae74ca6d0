import { Badge } from '@mantine/core';
import type { ColumnDef } from '@tanstack/react-table';
import { Link } from 'react-router';
import { RFQ_STATUS_LABEL, type RfqSummary } from '@freightdesk/shared/schemas/rfq';
import { DataTable } from '../../components/data-table/data-table.tsx';
import { ListToolbar } from '../../components/data-table/list-toolbar.tsx';
import { useListParams } from '../../components/data-table/use-list-params.ts';
import { Page } from '../../components/layout/page.tsx';
import { formatDate, formatDateTime } from '../../lib/format.ts';
import { useCarrierRfqs } from './api/carrier-rfqs.ts';

/** `/carrier/rfqs`: the RFQs the carrier is invited to, newest first; open ones say when quotes close. */
export function CarrierRfqsPage() {
  const params = useListParams();
  const listQuery = useCarrierRfqs(params.query);
  const { data } = listQuery;
  const columns: ColumnDef<RfqSummary, unknown>[] = [
    { id: 'number', header: 'Number', cell: ({ row }) => <Link to={`/carrier/rfqs/${row.original.id}`}>{row.original.number}</Link> },
    { id: 'title', header: 'Title', cell: ({ row }) => row.original.title },
    { id: 'plant', header: 'Plant', cell: ({ row }) => row.original.plantName },
    {
      id: 'period',
      header: 'Contract period',
      cell: ({ row }) => `${formatDate(row.original.periodFrom)} to ${formatDate(row.original.periodTo)}`,
    },
    { id: 'lanes', header: 'Lanes', cell: ({ row }) => row.original.lanes },
    { id: 'round', header: 'Round', cell: ({ row }) => row.original.round },
    {
      id: 'roundEndsAt',
      header: 'Quotes close',
      cell: ({ row }) => (row.original.status === 'open' ? formatDateTime(row.original.roundEndsAt) : '—'),
    },
    {
      id: 'status',
      header: 'Status',
      cell: ({ row }) => <Badge color={row.original.status === 'open' ? 'green' : 'gray'}>{RFQ_STATUS_LABEL[row.original.status]}</Badge>,
    },
  ];
  return (
    <Page title="RFQs to quote">
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

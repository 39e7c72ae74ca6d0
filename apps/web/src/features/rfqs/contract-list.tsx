import { Tabs } from '@mantine/core';
import type { ColumnDef } from '@tanstack/react-table';
import { Link } from 'react-router';
import { CONTRACT_STATUS_LABEL, CONTRACT_STATUSES, type ContractSummary } from '@freightdesk/shared/schemas/contract';
import { ContractStatusBadge } from '../../domain/contracts/contract-view.tsx';
import { DataTable } from '../../components/data-table/data-table.tsx';
import { ListToolbar } from '../../components/data-table/list-toolbar.tsx';
import { useListParams } from '../../components/data-table/use-list-params.ts';
import { Page } from '../../components/layout/page.tsx';
import { useMasterList } from '../../components/master/use-master.ts';
import { hasPermission } from '../../lib/session.ts';
import { formatDate } from '../../lib/format.ts';

/** `/contract`: the shipper's contracts, newest first; status tabs, number or carrier search, server pages. */
export function ContractListPage() {
  const params = useListParams(['status']);
  const listQuery = useMasterList<ContractSummary>('contracts', params.query);
  const { data } = listQuery;
  const canOpen = hasPermission('detail-indent');
  const columns: ColumnDef<ContractSummary, unknown>[] = [
    {
      id: 'number',
      header: 'Number',
      cell: ({ row }) => (canOpen ? <Link to={`/contract/detail/${row.original.id}`}>{row.original.number}</Link> : row.original.number),
    },
    { id: 'carrier', header: 'Carrier', cell: ({ row }) => row.original.carrierName },
    { id: 'plant', header: 'Plant', cell: ({ row }) => row.original.plantName },
    { id: 'rfq', header: 'RFQ', cell: ({ row }) => row.original.rfqNumber ?? '—' },
    { id: 'valid', header: 'Valid', cell: ({ row }) => `${formatDate(row.original.validFrom)} to ${formatDate(row.original.validTo)}` },
    { id: 'lanes', header: 'Lanes', cell: ({ row }) => row.original.lanes },
    { id: 'status', header: 'Status', cell: ({ row }) => <ContractStatusBadge status={row.original.status} /> },
  ];
  return (
    <Page title="Contracts">
      <Tabs value={params.list.filters.status ?? 'all'} onChange={(v) => params.update({ status: v === 'all' ? undefined : v })} mb="sm">
        <Tabs.List>
          <Tabs.Tab value="all">All</Tabs.Tab>
          {CONTRACT_STATUSES.map((s) => (
            <Tabs.Tab key={s} value={s}>
              {CONTRACT_STATUS_LABEL[s]}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <ListToolbar params={params} searchLabel="Number or carrier" />
      <DataTable
        caption="Contracts"
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

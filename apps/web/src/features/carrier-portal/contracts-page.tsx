import { Tabs } from '@mantine/core';
import type { ColumnDef } from '@tanstack/react-table';
import { Link, useParams } from 'react-router';
import type { ContractSummary } from '@freightdesk/shared/schemas/contract';
import { ContractDocumentsTab } from '../../domain/contracts/contract-documents.tsx';
import { ContractOrdersTab, ContractPerformanceTab } from '../../domain/contracts/contract-tabs.tsx';
import { ContractFacts, ContractHistory, ContractLanes, ContractSla, ContractStatusBadge } from '../../domain/contracts/contract-view.tsx';
import { DataTable } from '../../components/data-table/data-table.tsx';
import { ListToolbar } from '../../components/data-table/list-toolbar.tsx';
import { useListParams } from '../../components/data-table/use-list-params.ts';
import { Page } from '../../components/layout/page.tsx';
import { PageQueryState } from '../../components/feedback/query-state.tsx';
import { CARRIER_CONTRACTS_KEY, useCarrierContract, useCarrierContracts } from './api/carrier-rfqs.ts';
import { formatDate } from '../../lib/format.ts';

/** `/carrier/contracts`: the carrier's contracts with its shippers, newest first. */
export function CarrierContractsPage() {
  const params = useListParams();
  const listQuery = useCarrierContracts(params.query);
  const { data } = listQuery;
  const columns: ColumnDef<ContractSummary, unknown>[] = [
    { id: 'number', header: 'Number', cell: ({ row }) => <Link to={`/carrier/contracts/${row.original.id}`}>{row.original.number}</Link> },
    { id: 'plant', header: 'Plant', cell: ({ row }) => row.original.plantName },
    { id: 'rfq', header: 'RFQ', cell: ({ row }) => row.original.rfqNumber ?? '—' },
    { id: 'valid', header: 'Valid', cell: ({ row }) => `${formatDate(row.original.validFrom)} to ${formatDate(row.original.validTo)}` },
    { id: 'lanes', header: 'Lanes', cell: ({ row }) => row.original.lanes },
    { id: 'status', header: 'Status', cell: ({ row }) => <ContractStatusBadge status={row.original.status} /> },
  ];
  return (
    <Page title="My contracts">
      <ListToolbar params={params} searchLabel="Number" />
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

/**
 * `/carrier/contracts/:id`: one contract, read-only: lanes with share, rate and history, the
 * orders placed on it, how the carrier has served it, the rate history, the SLA and the shipper's documents.
 */
export function CarrierContractPage() {
  const id = Number(useParams().id);
  const query = useCarrierContract(id);
  const c = query.data;
  if (!c) {
    return <PageQueryState title="Contract" query={query} loading="Loading the contract" failed="The contract could not be loaded." />;
  }
  const source = { path: `/carrier/contracts/${c.id}`, cacheKey: [...CARRIER_CONTRACTS_KEY, 'detail', c.id] };
  return (
    <Page title={`Contract ${c.number}`} actions={<ContractStatusBadge status={c.status} />}>
      <ContractFacts contract={c} />
      {/* A tab's panel is drawn only while it is shown: the orders and performance are asked when opened. */}
      <Tabs defaultValue="lanes" keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="lanes">Lanes and rates</Tabs.Tab>
          <Tabs.Tab value="orders">Orders</Tabs.Tab>
          <Tabs.Tab value="performance">Performance</Tabs.Tab>
          <Tabs.Tab value="history">History</Tabs.Tab>
          <Tabs.Tab value="sla">SLA</Tabs.Tab>
          <Tabs.Tab value="documents">Documents</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="lanes">
          <ContractLanes contract={c} />
        </Tabs.Panel>
        <Tabs.Panel value="orders">
          <ContractOrdersTab
            source={source}
            orderHref={(o) => `/carrier/orders?search=${encodeURIComponent(o.number)}`}
            indentHref={(o) => (o.indentId ? `/carrier/indents/${o.indentId}` : null)}
          />
        </Tabs.Panel>
        <Tabs.Panel value="performance">
          <ContractPerformanceTab source={source} />
        </Tabs.Panel>
        <Tabs.Panel value="history">
          <ContractHistory contract={c} />
        </Tabs.Panel>
        <Tabs.Panel value="sla">
          <ContractSla contract={c} />
        </Tabs.Panel>
        <Tabs.Panel value="documents">
          <ContractDocumentsTab contractId={c.id} side="carrier" />
        </Tabs.Panel>
      </Tabs>
    </Page>
  );
}

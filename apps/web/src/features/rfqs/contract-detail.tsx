import { Button, Tabs } from '@mantine/core';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import type { ContractDetail } from '@freightdesk/shared/schemas/contract';
import { ContractDocumentsTab } from '../../domain/contracts/contract-documents.tsx';
import { ContractOrdersTab, ContractPerformanceTab } from '../../domain/contracts/contract-tabs.tsx';
import { ContractFacts, ContractHistory, ContractLanes, ContractSla, ContractStatusBadge } from '../../domain/contracts/contract-view.tsx';
import { Page } from '../../components/layout/page.tsx';
import { PageQueryState } from '../../components/feedback/query-state.tsx';
import { useMasterOne } from '../../components/master/use-master.ts';
import { hasPermission } from '../../lib/session.ts';
import { ContractIndentsTab } from './contract-indents-tab.tsx';
import { AmendRateDialog } from './contract-rate-dialog.tsx';
import { TerminateDialog } from './contract-terminate-dialog.tsx';

type Lane = ContractDetail['laneList'][number];

const direction = (requestType: number) => (requestType === 2 ? 'inbound' : 'outbound');

/**
 * `/contract/detail/:id/:tab?`: lanes with share, rate and rate history (amend a rate with a
 * reason), the indents its carrier was asked on, the orders placed, the carrier's performance,
 * the rate history, the SLA, its documents (agreement, SLA); terminate with a reason.
 */
export function ContractDetailPage() {
  const { id } = useParams();
  const [terminating, setTerminating] = useState(false);
  const [amending, setAmending] = useState<Lane | null>(null);
  const query = useMasterOne<ContractDetail>('contracts', Number(id));
  const c = query.data;
  if (!c) {
    return <PageQueryState title="Contract" query={query} loading="Loading the contract" failed="The contract could not be loaded." />;
  }
  const mayChange = c.status === 'active' && (hasPermission('add-indent') || hasPermission('edit-indent'));
  return (
    <Page
      title={`Contract ${c.number}`}
      actions={
        <>
          <ContractStatusBadge status={c.status} />
          {mayChange && (
            <Button color="red" variant="light" onClick={() => setTerminating(true)}>
              Terminate
            </Button>
          )}
        </>
      }
    >
      <ContractFacts contract={c} />
      <ContractTabs contract={c} onAmend={mayChange ? setAmending : undefined} />
      {terminating && <TerminateDialog contract={c} onClose={() => setTerminating(false)} />}
      {amending && <AmendRateDialog contract={c} lane={amending} onClose={() => setAmending(null)} />}
    </Page>
  );
}

/** The contract's tabs, one shown at a time (`:tab`); `onAmend` only while its rates may change. */
function ContractTabs({ contract: c, onAmend }: { contract: ContractDetail; onAmend?: (lane: Lane) => void }) {
  const { id, tab = 'lanes' } = useParams();
  const navigate = useNavigate();
  const source = { path: `/contracts/${c.id}`, cacheKey: ['contracts', 'one', c.id] };
  const mayAttach = hasPermission('add-indent') || hasPermission('edit-indent');
  const mayRead = mayAttach || hasPermission('list-indent') || hasPermission('detail-indent');
  return (
    <Tabs value={tab} onChange={(v) => navigate(`/contract/detail/${id}/${v}`)}>
      <Tabs.List mb="md">
        <Tabs.Tab value="lanes">Lanes and rates</Tabs.Tab>
        {hasPermission('list-indent') && <Tabs.Tab value="indents">Indents</Tabs.Tab>}
        <Tabs.Tab value="orders">Orders</Tabs.Tab>
        <Tabs.Tab value="performance">Performance</Tabs.Tab>
        <Tabs.Tab value="history">History</Tabs.Tab>
        <Tabs.Tab value="sla">SLA</Tabs.Tab>
        {mayRead && <Tabs.Tab value="documents">Documents</Tabs.Tab>}
      </Tabs.List>
      <Tabs.Panel value="lanes">
        {tab === 'lanes' && (
          <ContractLanes
            contract={c}
            action={
              onAmend
                ? (lane) => (
                    <Button size="xs" variant="default" onClick={() => onAmend(lane)} aria-label={`Amend rate of lane ${lane.seq}`}>
                      Amend rate
                    </Button>
                  )
                : undefined
            }
          />
        )}
      </Tabs.Panel>
      <Tabs.Panel value="indents">{tab === 'indents' && <ContractIndentsTab contractId={c.id} />}</Tabs.Panel>
      <Tabs.Panel value="orders">
        {tab === 'orders' && (
          <ContractOrdersTab
            source={source}
            orderHref={(o) => `/order/${direction(o.requestType)}/${o.id}`}
            indentHref={(o) => (o.indentId ? `/indent/detail/${o.indentId}` : null)}
          />
        )}
      </Tabs.Panel>
      <Tabs.Panel value="performance">{tab === 'performance' && <ContractPerformanceTab source={source} />}</Tabs.Panel>
      <Tabs.Panel value="history">{tab === 'history' && <ContractHistory contract={c} />}</Tabs.Panel>
      <Tabs.Panel value="sla">{tab === 'sla' && <ContractSla contract={c} />}</Tabs.Panel>
      <Tabs.Panel value="documents">
        {tab === 'documents' && mayRead && <ContractDocumentsTab contractId={c.id} side="shipper" writable={mayAttach} />}
      </Tabs.Panel>
    </Tabs>
  );
}

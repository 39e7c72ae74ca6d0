import { Badge, Button, SimpleGrid, Table, Tabs, Text } from '@mantine/core';
import { Link, useNavigate, useParams } from 'react-router';
import { REQUEST_DOCUMENT_KINDS } from '@freightdesk/shared/schemas/document';
import type { RfqDetail } from '@freightdesk/shared/schemas/rfq';
import { DocumentsPanel } from '../../domain/documents/documents-panel.tsx';
import { Page } from '../../components/layout/page.tsx';
import { PageQueryState } from '../../components/feedback/query-state.tsx';
import { useMasterOne } from '../../components/master/use-master.ts';
import { formatInr } from '../../lib/format.ts';
import { hasPermission } from '../../lib/session.ts';
import { AwardTab } from './rfq-award-tab.tsx';
import { CompareTab } from './rfq-compare-tab.tsx';
import { RfqStatusBadge } from './rfq-list.tsx';
import { RoundsTab } from './rfq-rounds-tab.tsx';
import { IndexTh } from '../../components/data-table/index-column.tsx';

function Field({ label, value }: { label: string; value: React.ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text component="div">{value ?? '—'}</Text>
    </div>
  );
}

function LanesTab({ rfq }: { rfq: RfqDetail }) {
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} mb="lg">
        <Field label="Title" value={rfq.title} />
        <Field label="Plant" value={rfq.plantName} />
        <Field label="Contract period" value={`${rfq.periodFrom} to ${rfq.periodTo}`} />
        <Field label="Invited carriers" value={rfq.invited.map((c) => c.name).join(', ')} />
        <Field label="Material hidden from carriers" value={rfq.hideMaterial ? 'Yes' : 'No'} />
        <Field label="Remarks" value={rfq.remarks} />
      </SimpleGrid>
      <Table.ScrollContainer minWidth={800}>
        <Table striped>
          <Table.Caption>Lanes</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <IndexTh />
              <Table.Th>Origin</Table.Th>
              <Table.Th>Destination</Table.Th>
              <Table.Th>Vehicle type</Table.Th>
              <Table.Th>Trips / month</Table.Th>
              <Table.Th>Material</Table.Th>
              <Table.Th>Weight (t)</Table.Th>
              <Table.Th>Benchmark</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rfq.laneList.map((l) => (
              <Table.Tr key={l.id}>
                <Table.Td>{l.seq}</Table.Td>
                <Table.Td>{l.origin.label}</Table.Td>
                <Table.Td>{l.destination.label}</Table.Td>
                <Table.Td>{l.vehicleTypeName}</Table.Td>
                <Table.Td>{l.tripsPerMonth}</Table.Td>
                <Table.Td>{l.productName ?? '—'}</Table.Td>
                <Table.Td>{l.weightTonnes ?? '—'}</Table.Td>
                <Table.Td>{formatInr(l.benchmarkRupees)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </>
  );
}

/** The files carriers read with the RFQ (lane details, loading instructions); a user who may add RFQs adds and deletes them. */
function AttachmentsTab({ rfq }: { rfq: RfqDetail }) {
  const url = `/rfqs/${rfq.id}/attachments`;
  const mayAttach = hasPermission('add-rfp');
  return (
    <>
      {rfq.hideMaterial && (
        <Text size="sm" c="dimmed" mb="sm">
          This RFQ hides its material, so the carriers do not see these attachments.
        </Text>
      )}
      <DocumentsPanel
        listUrl={url}
        uploadUrl={mayAttach ? url : undefined}
        kinds={REQUEST_DOCUMENT_KINDS}
        canDelete={(d) => mayAttach && d.side === 'shipper'}
        emptyText="No attachments yet."
      />
    </>
  );
}

/** `/rfp/detail/:id/:tab?`: the RFQ's status and round; tabs Lanes, Attachments, Rounds, Compare, Award. */
export function RfqDetailPage() {
  const { id, tab = 'lanes' } = useParams();
  const navigate = useNavigate();
  const query = useMasterOne<RfqDetail>('rfqs', Number(id));
  const rfq = query.data;
  if (!rfq) {
    return <PageQueryState title="RFQ" query={query} loading="Loading the RFQ" failed="The RFQ could not be loaded." />;
  }
  return (
    <Page
      title={`RFQ ${rfq.number}`}
      actions={
        <>
          <RfqStatusBadge status={rfq.status} />
          <Badge variant="light">{rfq.round ? `Round ${rfq.round}` : 'No round yet'}</Badge>
          {hasPermission('add-rfp') && rfq.status === 'draft' && (
            <Button variant="default" component={Link} to={`/rfp/edit/${rfq.id}`}>
              Edit
            </Button>
          )}
        </>
      }
    >
      <Tabs value={tab} onChange={(v) => navigate(`/rfp/detail/${id}/${v}`)}>
        <Tabs.List mb="md">
          <Tabs.Tab value="lanes">Lanes</Tabs.Tab>
          <Tabs.Tab value="attachments">Attachments</Tabs.Tab>
          <Tabs.Tab value="rounds">Rounds</Tabs.Tab>
          <Tabs.Tab value="compare">Compare</Tabs.Tab>
          <Tabs.Tab value="award">Award</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="lanes">{tab === 'lanes' && <LanesTab rfq={rfq} />}</Tabs.Panel>
        <Tabs.Panel value="attachments">{tab === 'attachments' && <AttachmentsTab rfq={rfq} />}</Tabs.Panel>
        <Tabs.Panel value="rounds">{tab === 'rounds' && <RoundsTab rfq={rfq} />}</Tabs.Panel>
        <Tabs.Panel value="compare">{tab === 'compare' && <CompareTab rfq={rfq} />}</Tabs.Panel>
        <Tabs.Panel value="award">{tab === 'award' && <AwardTab rfq={rfq} />}</Tabs.Panel>
      </Tabs>
    </Page>
  );
}

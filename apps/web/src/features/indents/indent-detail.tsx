import { Alert, Anchor, Button, Group, Menu, SimpleGrid, Tabs, Text } from '@mantine/core';
import { IconChevronDown, IconSpeakerphone } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import type { IndentDetail } from '@freightdesk/shared/schemas/indent';
import { IndentStatusBadge, VehiclesText } from '../../domain/indents/indent-table.tsx';
import { Page } from '../../components/layout/page.tsx';
import { PageQueryState } from '../../components/feedback/query-state.tsx';
import { formatDateTime, plural } from '../../lib/format.ts';
import { hasPermission } from '../../lib/session.ts';
import { IndentCancelDialog } from './indent-cancel-dialog.tsx';
import { IndentCarriersTab } from './indent-carriers-tab.tsx';
import { answerWithinText } from './indent-form-values.ts';
import { IndentOrdersTab } from './indent-orders-tab.tsx';
import { PassOnButton } from './indent-pass-on-button.tsx';
import { directionOf, editable, spotRequestPath, stillOpen } from './indent-rules.ts';
import { useIndent } from './use-indent.ts';

function Field({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text component="div">{value ?? '—'}</Text>
    </div>
  );
}

/** What became of the vehicles nobody took: raise the spot request, or open the one raised. */
function SpotBanner({ indent }: { indent: IndentDetail }) {
  const dir = directionOf(indent);
  if (indent.spotRequestId) {
    return (
      <Alert color="blue" mb="md" title="Raised as a spot request">
        The {indent.spotVehicles} vehicles nobody took are in a transport request:{' '}
        <Anchor component={Link} to={`/request/${dir}/detail/${indent.spotRequestId}`}>
          open it
        </Anchor>
        .
      </Alert>
    );
  }
  const mayRaise = hasPermission(dir === 'inbound' ? 'add-inbound-request' : 'add-outbound-request');
  return (
    <Alert color="orange" mb="md" title={`Spot indent: ${plural(indent.spotVehicles, 'vehicle')} still needed`}>
      <Text size="sm" mb="sm">
        Every carrier was asked and nobody took these vehicles. Raise a spot request to let carriers bid for them, or add backup carriers to
        ask them first.
      </Text>
      {mayRaise ? (
        <Button color="orange" component={Link} to={spotRequestPath(indent)} leftSection={<IconSpeakerphone size={16} />}>
          Raise spot request
        </Button>
      ) : (
        <Text size="sm">Ask a colleague who may raise {dir} requests to raise it.</Text>
      )}
    </Alert>
  );
}

/** The page's buttons the user may use now: edit, backups, cancel. */
function Actions({ indent, onCancel }: { indent: IndentDetail; onCancel: () => void }) {
  const mayCancel = (hasPermission('add-indent') || hasPermission('edit-indent')) && stillOpen(indent);
  return (
    <>
      <IndentStatusBadge status={indent.status} />
      {hasPermission('edit-indent') && editable(indent) && (
        <Menu position="bottom-end">
          <Menu.Target>
            <Button variant="default" rightSection={<IconChevronDown size={14} />}>
              Edit
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item component={Link} to={`/indent/edit/${indent.id}/1`}>
              This indent
            </Menu.Item>
            <Menu.Item component={Link} to={`/indent/edit/${indent.id}/0`}>
              This indent and the rest of its batch
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      )}
      <PassOnButton indent={indent} />
      {hasPermission('detail-indent') && stillOpen(indent) && (
        <Button variant="default" component={Link} to={`/indent/updateBackupTransporter/${indent.id}`}>
          Backup carriers
        </Button>
      )}
      {mayCancel && (
        <Button color="red" variant="light" onClick={onCancel}>
          Cancel indent
        </Button>
      )}
    </>
  );
}

/**
 * `/indent/detail/:id/:tab?`: the indent's lane, vehicles and reporting time; tabs Carriers (the
 * waterfall, the asked carrier's time left ticking) and Orders. Kept current while open (useIndent).
 */
export function IndentDetailPage() {
  const { id, tab = 'carriers' } = useParams();
  const navigate = useNavigate();
  const [cancelling, setCancelling] = useState(false);
  const query = useIndent(Number(id));
  const indent = query.data;
  if (!indent) {
    return <PageQueryState title="Indent" query={query} loading="Loading the indent" failed="The indent could not be loaded." />;
  }
  return (
    <Page title={`Indent ${indent.number}`} actions={<Actions indent={indent} onCancel={() => setCancelling(true)} />}>
      {indent.status === 'spot' && <SpotBanner indent={indent} />}
      {indent.status === 'cancelled' && (
        <Alert color="gray" mb="md" title="Cancelled">
          {indent.cancelReason}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} mb="lg">
        <Field label="Lane" value={indent.laneLabel} />
        <Field label="Plant" value={indent.plantName} />
        <Field label="Vehicle type" value={indent.vehicleTypeName} />
        <Field label="Vehicles" value={<VehiclesText indent={indent} />} />
        <Field label="Reporting" value={formatDateTime(indent.reportingAt)} />
        <Field label="Material" value={indent.productName} />
        <Field label="Weight (t)" value={indent.weightTonnes} />
        <Field label="Carrier must answer within" value={answerWithinText(indent.answerMinutes)} />
        <Field
          label="Asked now"
          value={indent.currentCarrierName ? `${indent.currentCarrierName}, answer by ${formatDateTime(indent.answerBy)}` : null}
        />
        <Field label="Remarks" value={indent.remarks} />
        {indent.externalRef && <Field label="ERP reference" value={indent.externalRef} />}
      </SimpleGrid>
      <Tabs value={tab} onChange={(v) => navigate(`/indent/detail/${id}/${v}`)}>
        <Tabs.List mb="md">
          <Tabs.Tab value="carriers">Carriers</Tabs.Tab>
          <Tabs.Tab value="orders">Orders ({indent.orders.length})</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="carriers">{tab === 'carriers' && <IndentCarriersTab indent={indent} />}</Tabs.Panel>
        <Tabs.Panel value="orders">{tab === 'orders' && <IndentOrdersTab indent={indent} />}</Tabs.Panel>
      </Tabs>
      {cancelling && <IndentCancelDialog indent={indent} onClose={() => setCancelling(false)} />}
      <Group mt="md">
        <Button variant="subtle" component={Link} to="/indent">
          Back to indents
        </Button>
      </Group>
    </Page>
  );
}

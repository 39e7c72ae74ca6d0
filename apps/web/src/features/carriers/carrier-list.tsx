import { Badge, Button, Group, Menu, Tabs } from '@mantine/core';
import type { ColumnDef } from '@tanstack/react-table';
import { Link, type NavigateFunction, useNavigate, useSearchParams } from 'react-router';
import { CONFIRM_TEXT } from '@freightdesk/shared/constants';
import { CARRIER_STATUS_LABEL, type Carrier, type CarrierGroup } from '@freightdesk/shared/schemas/carrier';
import { confirmAction } from '../../components/feedback/confirm.tsx';
import { toast } from '../../components/feedback/feedback.tsx';
import { statusColumn, MasterListPage } from '../../components/master/master-list-page.tsx';
import { useMasterAction } from '../../components/master/use-master.ts';
import { ApiError } from '../../lib/api.ts';
import { hasPermission } from '../../lib/session.ts';

const carrierColumns: ColumnDef<Carrier, unknown>[] = [
  {
    id: 'name',
    header: 'Carrier',
    cell: ({ row }) => <Link to={`/industry-transporter/view/${row.original.id}`}>{row.original.name}</Link>,
  },
  { id: 'code', header: 'Code', cell: ({ row }) => row.original.code ?? '—' },
  { id: 'contact', header: 'Contact', cell: ({ row }) => `${row.original.contactName ?? ''} ${row.original.mobile ?? ''}` },
  { id: 'city', header: 'City', cell: ({ row }) => row.original.city ?? '—' },
  { id: 'groups', header: 'Groups', cell: ({ row }) => row.original.groupNames.join(', ') || '—' },
  statusColumn(),
];

const groupColumns: ColumnDef<CarrierGroup, unknown>[] = [
  {
    id: 'name',
    header: 'Group',
    cell: ({ row }) => <Link to={`/industry-transporter/view_group/${row.original.id}`}>{row.original.name}</Link>,
  },
  { id: 'memberCount', header: 'Carriers', accessorKey: 'memberCount' },
  statusColumn(),
];

function BlockItem({ carrier }: { carrier: Carrier }) {
  const action = useMasterAction<Carrier>('carriers');
  const blocked = carrier.status === 'blocked';
  const run = async () => {
    if (!(await confirmAction(blocked ? CONFIRM_TEXT.statusChange : CONFIRM_TEXT.blockCarrier, blocked ? 'Unblock' : 'Block', !blocked))) {
      return;
    }
    action.mutate(
      { url: `${carrier.id}/block`, body: { status: blocked ? 'active' : 'blocked' } },
      {
        onSuccess: () => toast(`${carrier.name} is ${blocked ? 'unblocked' : 'blocked'}.`),
        onError: (err) => toast(err instanceof ApiError ? err.message : 'That did not work.', 'error'),
      },
    );
  };
  return (
    <Menu.Item color={blocked ? 'green' : 'red'} onClick={run}>
      {blocked ? 'Unblock' : 'Block'}
    </Menu.Item>
  );
}

function CarrierTabs({ tab, onChange }: { tab: string; onChange: (tab: string | null) => void }) {
  return (
    <Tabs value={tab} onChange={onChange} mb="md">
      <Tabs.List>
        <Tabs.Tab value="carriers">Carriers</Tabs.Tab>
        <Tabs.Tab value="groups">Groups</Tabs.Tab>
      </Tabs.List>
    </Tabs>
  );
}

/** The groups tab (a render helper, not a component: both tabs stay one MasterListPage, as before). */
function renderGroupList(navigate: NavigateFunction) {
  return (
    <MasterListPage<CarrierGroup>
      title="Carrier groups"
      api="carrier-groups"
      route="/industry-transporter"
      addPath="/industry-transporter/create_group"
      addLabel="Create group"
      viewPath={(g) => `/industry-transporter/view_group/${g.id}`}
      columns={groupColumns}
      sortable={['name']}
      addPermission="add-industry-transporter"
      editPermission="add-industry-transporter"
      rowName={(g) => g.name}
      extraActions={(g) => <Menu.Item onClick={() => navigate(`/industry-transporter/edit_group/${g.id}`)}>Edit group</Menu.Item>}
    />
  );
}

/** The carriers tab. */
function renderCarrierList(canAdd: boolean) {
  return (
    <MasterListPage<Carrier>
      title="My Carriers"
      api="carriers"
      route="/industry-transporter"
      addPath="/industry-transporter/new"
      addLabel="Add carrier"
      viewPath={(c) => `/industry-transporter/view/${c.id}`}
      columns={carrierColumns}
      sortable={['name', 'city', 'status']}
      filters={[
        {
          key: 'status',
          label: 'Status',
          options: (['active', 'blocked'] as const).map((s) => ({ value: s, label: CARRIER_STATUS_LABEL[s] })),
        },
        { key: 'groupId', label: 'Group', source: 'carrierGroups' },
      ]}
      addPermission="add-industry-transporter"
      editPermission="add-industry-transporter"
      statusToggle={false}
      deletable={false}
      rowName={(c) => c.name}
      extraActions={(c) => (canAdd ? <BlockItem carrier={c} /> : null)}
      headerActions={
        canAdd && (
          <Button component={Link} to="/industry-transporter/import" variant="default">
            Import
          </Button>
        )
      }
      renderExpanded={(c) => (
        <Group gap="xs">
          {c.email && <Badge variant="light">{c.email}</Badge>}
          {c.pan && <Badge variant="light">PAN {c.pan}</Badge>}
          {c.gstin && <Badge variant="light">GSTIN {c.gstin}</Badge>}
          {c.fleetSize !== null && <Badge variant="light">Fleet {c.fleetSize}</Badge>}
        </Group>
      )}
    />
  );
}

/** My Carriers: carriers and groups in two tabs. */
export function CarrierListPage() {
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'groups' ? 'groups' : 'carriers';
  const navigate = useNavigate();
  const canAdd = hasPermission('add-industry-transporter');
  return (
    <>
      <CarrierTabs tab={tab} onChange={(v) => setParams(v === 'groups' ? { tab: 'groups' } : {})} />
      {tab === 'groups' ? renderGroupList(navigate) : renderCarrierList(canAdd)}
    </>
  );
}

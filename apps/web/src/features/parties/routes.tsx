import { Button, Group, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import type { ColumnDef } from '@tanstack/react-table';
import type { ReactElement } from 'react';
import { Link, useParams } from 'react-router';
import type { ClientContact, Party, PartyKind } from '@freightdesk/shared/schemas/party';
import { DataTable } from '../../components/data-table/data-table.tsx';
import { ListToolbar } from '../../components/data-table/list-toolbar.tsx';
import { useListParams } from '../../components/data-table/use-list-params.ts';
import { Page } from '../../components/layout/page.tsx';
import { PageQueryState } from '../../components/feedback/query-state.tsx';
import { ImportPage } from '../../components/master/import-page.tsx';
import { statusColumn, MasterListPage, StatusBadge } from '../../components/master/master-list-page.tsx';
import { useMasterList, useMasterOne } from '../../components/master/use-master.ts';
import { hasPermission } from '../../lib/session.ts';
import { PartyFormPage } from './party-form.tsx';

const label = (kind: PartyKind) => (kind === 'client' ? 'Clients' : 'Vendors');

function PartyList({ kind }: { kind: PartyKind }) {
  const columns: ColumnDef<Party, unknown>[] = [
    { id: 'company', header: 'Company', cell: ({ row }) => <Link to={`/${kind}/view/${row.original.id}`}>{row.original.company}</Link> },
    { id: 'gstin', header: 'GSTIN', cell: ({ row }) => row.original.gstin ?? '—' },
    { id: 'contact', header: 'Contact', cell: ({ row }) => `${row.original.contactName} ${row.original.mobile}` },
    { id: 'addresses', header: 'Addresses', cell: ({ row }) => row.original.addresses.map((a) => a.city).join(', ') },
    statusColumn(),
  ];
  return (
    <MasterListPage<Party>
      title={label(kind)}
      api={`${kind}s`}
      route={`/${kind}`}
      addLabel={`Add ${kind}`}
      viewPath={(p) => `/${kind}/view/${p.id}`}
      columns={columns}
      sortable={['company', 'status']}
      addPermission={kind === 'client' ? 'add-client' : 'add-vendor'}
      editPermission={kind === 'client' ? 'edit-client' : 'edit-vendor'}
      rowName={(p) => p.company}
      headerActions={
        hasPermission(kind === 'client' ? 'add-client' : 'add-vendor') && (
          <Button component={Link} to={`/${kind}/import`} variant="default">
            Import
          </Button>
        )
      }
    />
  );
}

/** Where the party is: each address with its position. */
function PartyAddresses({ party }: { party: Party }) {
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }}>
      {party.addresses.map((a) => (
        <div key={a.id}>
          <Text fw={600}>{a.label}</Text>
          <Text size="sm">{`${a.address}, ${a.city}, ${a.state} ${a.pincode}`}</Text>
          <Text size="xs" c="dimmed">{`${a.latitude}, ${a.longitude}`}</Text>
        </div>
      ))}
    </SimpleGrid>
  );
}

/** The people at the party, when there are any. */
function PartyContacts({ party }: { party: Party }) {
  if (party.contacts.length === 0) {
    return null;
  }
  return (
    <Table striped>
      <Table.Tbody>
        {party.contacts.map((c) => (
          <Table.Tr key={c.id}>
            <Table.Td>{c.name}</Table.Td>
            <Table.Td>{c.designation ?? ''}</Table.Td>
            <Table.Td>{c.mobile ?? ''}</Table.Td>
            <Table.Td>{c.email ?? ''}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function PartyView({ kind }: { kind: PartyKind }) {
  const id = Number(useParams().id);
  const query = useMasterOne<Party>(`${kind}s`, id);
  const p = query.data;
  if (!p) {
    const name = kind === 'client' ? 'client' : 'vendor';
    return (
      <PageQueryState
        title={kind === 'client' ? 'Client' : 'Vendor'}
        query={query}
        loading={`Loading the ${name}`}
        failed={`The ${name} could not be loaded.`}
      />
    );
  }
  return (
    <Page
      title={p.company}
      actions={
        hasPermission(kind === 'client' ? 'edit-client' : 'edit-vendor') && (
          <Button component={Link} to={`/${kind}/edit/${p.id}`}>
            Edit
          </Button>
        )
      }
    >
      <Stack>
        <Group>
          <StatusBadge status={p.status} />
          <Text>GSTIN {p.gstin ?? '—'}</Text>
          <Text>
            {p.contactName} · {p.mobile} {p.email ? `· ${p.email}` : ''}
          </Text>
        </Group>
        <PartyAddresses party={p} />
        <PartyContacts party={p} />
      </Stack>
    </Page>
  );
}

const contactColumns: ColumnDef<ClientContact, unknown>[] = [
  { id: 'name', header: 'Name', accessorKey: 'name' },
  { id: 'company', header: 'Client', cell: ({ row }) => <Link to={`/client/view/${row.original.clientId}`}>{row.original.company}</Link> },
  { id: 'designation', header: 'Designation', cell: ({ row }) => row.original.designation ?? '—' },
  { id: 'mobile', header: 'Mobile', cell: ({ row }) => row.original.mobile ?? '—' },
  { id: 'email', header: 'Email', cell: ({ row }) => row.original.email ?? '—' },
];

/** `/client-contact`: the people at the shipper's clients. */
function ClientContacts() {
  const params = useListParams();
  const listQuery = useMasterList<ClientContact>('client-contacts', params.query);
  const { data } = listQuery;
  return (
    <Page title="Client contacts">
      <ListToolbar params={params} exportPath="/client-contacts/export" exportName="client-contacts" />
      <DataTable
        caption="Client contacts"
        columns={contactColumns}
        data={data?.data ?? []}
        total={data?.total ?? 0}
        totalCapped={data?.totalCapped}
        page={params.list.page}
        pageSize={params.list.pageSize}
        sort={params.list.sort}
        sortable={['name', 'company']}
        query={listQuery}
        getRowId={(c) => c.id}
        onPageChange={(page) => params.update({ page })}
        onPageSizeChange={(pageSize) => params.update({ pageSize })}
        onSortChange={(sort) => params.update({ sort })}
      />
    </Page>
  );
}

export const partyRouteElements: Record<string, ReactElement> = {
  client: <PartyList kind="client" />,
  'client.add-client': <PartyFormPage kind="client" />,
  'client.edit-client': <PartyFormPage kind="client" />,
  'client.view-client': <PartyView kind="client" />,
  'client.import-clients': <ImportPage title="Import clients" api="clients" back="/client" name="clients" />,
  vendor: <PartyList kind="vendor" />,
  'vendor.add-vendor': <PartyFormPage kind="vendor" />,
  'vendor.edit-vendor': <PartyFormPage kind="vendor" />,
  'vendor.view-vendor': <PartyView kind="vendor" />,
  'vendor.import-vendors': <ImportPage title="Import vendors" api="vendors" back="/vendor" name="vendors" />,
  'client-contact': <ClientContacts />,
};

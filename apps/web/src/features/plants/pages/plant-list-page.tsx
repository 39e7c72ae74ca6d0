import { ActionIcon, Anchor, Button, Menu, SimpleGrid, Text } from '@mantine/core';
import { IconDots, IconPlus } from '@tabler/icons-react';
import type { ColumnDef } from '@tanstack/react-table';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { STATUS_LABEL, statusSchema } from '@freightdesk/shared/schemas/common';
import type { Plant } from '@freightdesk/shared/schemas/plant';
import { DataTable, ROW_ACTIONS_COLUMN } from '../../../components/data-table/data-table.tsx';
import { ListToolbar } from '../../../components/data-table/list-toolbar.tsx';
import { useListParams } from '../../../components/data-table/use-list-params.ts';
import { Page } from '../../../components/layout/page.tsx';
import { StatusBadge } from '../../../components/master/master-list-page.tsx';
import { hasPermission } from '../../../lib/session.ts';
import { usePlants } from '../api/get-plants.ts';
import { usePlantStatusToggle } from '../components/use-plant-status-toggle.ts';
import { PLANT_LABELS } from '../plant-fields.ts';

/** URL query keys of the filters (besides page, pageSize, sort, search). */
const FILTERS = ['status', 'businessUnitId'] as const;
/** Column ids the API sorts by (PLANT_SORTS). */
const SORTABLE = ['name', 'code', 'city', 'state', 'status'] as const;
const STATUS_OPTIONS = statusSchema.options.map((s) => ({ value: s, label: STATUS_LABEL[s] }));

function PlantActions({ plant, onToggle }: { plant: Plant; onToggle: (p: Plant) => void }) {
  const navigate = useNavigate();
  const canEdit = hasPermission('edit-plant');
  return (
    <Menu position="bottom-end">
      <Menu.Target>
        <ActionIcon variant="subtle" aria-label={`Actions for ${plant.name}`}>
          <IconDots size={16} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={() => navigate(`/plant/view/${plant.id}`)}>View</Menu.Item>
        {canEdit && <Menu.Item onClick={() => navigate(`/plant/edit/${plant.id}`)}>Edit</Menu.Item>}
        {canEdit && (
          <Menu.Item color={plant.status === 'active' ? 'red' : 'green'} onClick={() => onToggle(plant)}>
            {plant.status === 'active' ? 'Deactivate' : 'Activate'}
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm">{children || '—'}</Text>
    </div>
  );
}

function PlantExpanded({ plant: p }: { plant: Plant }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md" py={4}>
      <Detail label={PLANT_LABELS.address}>{`${p.address}, ${p.city}, ${p.state} ${p.pincode}`}</Detail>
      <Detail label="Coordinates">{`${p.latitude}, ${p.longitude}`}</Detail>
      <Detail label={PLANT_LABELS.geofenceRadius}>{p.geofenceRadius}</Detail>
      <Detail label="Contact">{[p.contactName, p.contactMobile].filter(Boolean).join(', ')}</Detail>
    </SimpleGrid>
  );
}

/** The list's columns: the name links to the plant, the last holds the row's actions. */
function plantColumns(onToggle: (p: Plant) => void): ColumnDef<Plant, unknown>[] {
  return [
    {
      id: 'name',
      header: PLANT_LABELS.name,
      cell: ({ row }) => (
        <Anchor component={Link} to={`/plant/view/${row.original.id}`} size="sm">
          {row.original.name}
        </Anchor>
      ),
    },
    { id: 'code', header: 'Code', accessorKey: 'code' },
    { id: 'gstin', header: PLANT_LABELS.gstin, accessorKey: 'gstin' },
    { id: 'businessUnit', header: PLANT_LABELS.businessUnitId, cell: ({ row }) => row.original.businessUnitName ?? '—' },
    { id: 'city', header: PLANT_LABELS.city, accessorKey: 'city' },
    { id: 'state', header: PLANT_LABELS.state, accessorKey: 'state' },
    { id: 'status', header: 'Status', cell: ({ row }) => <StatusBadge status={row.original.status} /> },
    { id: ROW_ACTIONS_COLUMN, header: '', cell: ({ row }) => <PlantActions plant={row.original} onToggle={onToggle} /> },
  ];
}

/** `/plant` [list-plant]: search, status and business unit filters, sortable columns, row actions. */
export function PlantListPage() {
  const params = useListParams(FILTERS);
  const listQuery = usePlants(params.query);
  const { data } = listQuery;
  const { toggle } = usePlantStatusToggle();

  const columns = plantColumns(toggle);

  return (
    <Page
      title="Plants"
      actions={
        hasPermission('add-plant') && (
          <Button component={Link} to="/plant/add" leftSection={<IconPlus size={16} />}>
            Add plant
          </Button>
        )
      }
    >
      <ListToolbar
        params={params}
        searchLabel="Search"
        exportPath="/plants/export"
        exportName="plants"
        filters={[
          { key: 'status', label: 'Status', options: STATUS_OPTIONS },
          { key: 'businessUnitId', label: PLANT_LABELS.businessUnitId, source: 'businessUnits' },
        ]}
      />
      <DataTable
        {...params.table}
        caption="Plants"
        columns={columns}
        data={data?.data ?? []}
        total={data?.total ?? 0}
        totalCapped={data?.totalCapped}
        sortable={SORTABLE}
        query={listQuery}
        getRowId={(p) => p.id}
        renderExpanded={(p) => <PlantExpanded plant={p} />}
      />
    </Page>
  );
}

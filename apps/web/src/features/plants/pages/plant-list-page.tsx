import { ActionIcon, Badge, Button, Group, Menu } from '@mantine/core';
import { IconDots, IconPlus } from '@tabler/icons-react';
import type { ColumnDef } from '@tanstack/react-table';
import { Link, useNavigate } from 'react-router';
import { CONFIRM_TEXT } from '@freightdesk/shared/constants';
import { STATUS_LABEL } from '@freightdesk/shared/schemas/common';
import type { Plant } from '@freightdesk/shared/schemas/plant';
import { DataTable } from '../../../components/data-table/data-table.tsx';
import { ListToolbar } from '../../../components/data-table/list-toolbar.tsx';
import { useListParams } from '../../../components/data-table/use-list-params.ts';
import { confirmAction } from '../../../components/feedback/confirm.tsx';
import { toast } from '../../../components/feedback/feedback.tsx';
import { Page } from '../../../components/layout/page.tsx';
import { ApiError } from '../../../lib/api.ts';
import { hasPermission } from '../../../lib/session.ts';
import { useBusinessUnitOptions, usePlants, useSetPlantStatus } from '../api/plants.ts';

const FILTERS = ['status', 'businessUnitId'] as const;
const SORTABLE = ['name', 'code', 'city', 'state', 'status'] as const;

export function PlantListPage() {
  const params = useListParams(FILTERS);
  const { data, isFetching } = usePlants(params.query);
  const units = useBusinessUnitOptions();
  const setStatus = useSetPlantStatus();
  const navigate = useNavigate();
  const canEdit = hasPermission('edit-plant');

  const toggle = async (plant: Plant) => {
    if (!(await confirmAction(CONFIRM_TEXT.statusChange))) {
      return;
    }
    const status = plant.status === 'active' ? 'inactive' : 'active';
    setStatus.mutate(
      { id: plant.id, status },
      {
        onSuccess: () => toast(`${plant.name} is now ${STATUS_LABEL[status]}.`),
        onError: (err) => toast(err instanceof ApiError ? err.message : 'The status could not be changed.', 'error'),
      },
    );
  };

  const columns: ColumnDef<Plant, unknown>[] = [
    { id: 'name', header: 'Plant name', cell: ({ row }) => <Link to={`/plant/view/${row.original.id}`}>{row.original.name}</Link> },
    { id: 'code', header: 'Code', accessorKey: 'code' },
    { id: 'gstin', header: 'GSTIN', accessorKey: 'gstin' },
    { id: 'businessUnit', header: 'Business unit', cell: ({ row }) => row.original.businessUnitName ?? '—' },
    { id: 'city', header: 'City', accessorKey: 'city' },
    { id: 'state', header: 'State', accessorKey: 'state' },
    {
      id: 'status',
      header: 'Status',
      cell: ({ row }) => <Badge color={row.original.status === 'active' ? 'green' : 'gray'}>{STATUS_LABEL[row.original.status]}</Badge>,
    },
    {
      id: 'actions',
      header: '',
      cell: ({ row }) => (
        <Menu position="bottom-end">
          <Menu.Target>
            <ActionIcon variant="subtle" aria-label={`Actions for ${row.original.name}`}>
              <IconDots size={16} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item onClick={() => navigate(`/plant/view/${row.original.id}`)}>View</Menu.Item>
            {canEdit && <Menu.Item onClick={() => navigate(`/plant/edit/${row.original.id}`)}>Edit</Menu.Item>}
            {canEdit && (
              <Menu.Item color={row.original.status === 'active' ? 'red' : 'green'} onClick={() => toggle(row.original)}>
                {row.original.status === 'active' ? 'Deactivate' : 'Activate'}
              </Menu.Item>
            )}
          </Menu.Dropdown>
        </Menu>
      ),
    },
  ];

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
        exportPath="/plants/export"
        exportName="plants"
        filters={[
          {
            key: 'status',
            label: 'Status',
            options: [
              { value: 'active', label: 'Active' },
              { value: 'inactive', label: 'Deactive' },
            ],
          },
          {
            key: 'businessUnitId',
            label: 'Business unit',
            options: (units.data ?? []).map((u) => ({ value: String(u.id), label: u.name })),
          },
        ]}
      />
      <DataTable
        caption="Plants"
        columns={columns}
        data={data?.data ?? []}
        total={data?.total ?? 0}
        page={params.list.page}
        pageSize={params.list.pageSize}
        sort={params.list.sort}
        sortable={SORTABLE}
        loading={isFetching}
        getRowId={(p) => p.id}
        onPageChange={(page) => params.update({ page })}
        onPageSizeChange={(pageSize) => params.update({ pageSize })}
        onSortChange={(sort) => params.update({ sort })}
        renderExpanded={(p) => (
          <Group gap="xl">
            <span>
              {p.address}, {p.pincode}
            </span>
            <span>
              {p.latitude}, {p.longitude} · geofence {p.geofenceRadius} m
            </span>
            <span>{p.contactName ? `${p.contactName} ${p.contactMobile ?? ''}` : 'No contact'}</span>
          </Group>
        )}
      />
    </Page>
  );
}

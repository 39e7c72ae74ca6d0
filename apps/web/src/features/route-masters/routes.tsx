import { MultiSelect, NumberInput, Select, SimpleGrid, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import type { ReactElement } from 'react';
import { Controller } from 'react-hook-form';
import type { ListResponse } from '@freightdesk/shared/schemas/common';
import { type RouteMaster, routeMasterInputSchema } from '@freightdesk/shared/schemas/route-master';
import type { Stop } from '@freightdesk/shared/schemas/stop';
import { MasterFormPage } from '../../components/master/master-form.tsx';
import { statusColumn, MasterListPage } from '../../components/master/master-list-page.tsx';
import { useOptions } from '../../components/master/use-master.ts';
import { api } from '../../lib/api.ts';

type Values = {
  name: string;
  originPlantId: number | null;
  originStopId: number | null;
  destinationStopIds: number[];
  viaStopIds: number[];
  distanceKm?: number;
  transitHours?: number;
};

const columns: ColumnDef<RouteMaster, unknown>[] = [
  { id: 'name', header: 'Route', accessorKey: 'name' },
  { id: 'origin', header: 'Origin', accessorKey: 'originName' },
  { id: 'destinations', header: 'Destinations', cell: ({ row }) => row.original.destinationNames.join(', ') },
  { id: 'distanceKm', header: 'Distance (km)', accessorKey: 'distanceKm' },
  { id: 'transitHours', header: 'Transit (h)', accessorKey: 'transitHours' },
  statusColumn(),
];

function RouteList() {
  return (
    <MasterListPage<RouteMaster>
      title="Route masters"
      api="route-masters"
      route="/route"
      addLabel="Add route"
      columns={columns}
      sortable={['name', 'distanceKm']}
      addPermission="add-route"
      editPermission="edit-route"
      rowName={(r) => r.name}
    />
  );
}

function RouteForm() {
  const plants = useOptions('plants');
  const stops = useQuery({
    queryKey: ['stops', 'all-active'],
    queryFn: () =>
      api
        .get<ListResponse<Stop>>('/stops', { status: 'active', pageSize: 100 })
        .then((r) => r.data.map((s) => ({ value: String(s.id), label: `${s.name} (${s.city})` }))),
  });
  const origins = [
    { group: 'Plants', items: (plants.data ?? []).map((p) => ({ value: `plant:${p.value}`, label: p.label })) },
    { group: 'Locations', items: (stops.data ?? []).map((s) => ({ value: `stop:${s.value}`, label: s.label })) },
  ];
  return (
    <MasterFormPage<Values, RouteMaster>
      title="route"
      api="route-masters"
      listPath="/route"
      schema={routeMasterInputSchema}
      defaults={{ name: '', originPlantId: null, originStopId: null, destinationStopIds: [], viaStopIds: [] }}
      toForm={(r) => r}
    >
      {({ register, control, watch, setValue, formState: { errors } }) => {
        const plantId = watch('originPlantId');
        const stopId = watch('originStopId');
        const origin = plantId ? `plant:${plantId}` : stopId ? `stop:${stopId}` : null;
        const many = (name: 'destinationStopIds' | 'viaStopIds', label: string, required: boolean) => (
          <Controller
            control={control}
            name={name}
            render={({ field }) => (
              <MultiSelect
                label={label}
                withAsterisk={required}
                searchable
                data={stops.data ?? []}
                value={(field.value ?? []).map(String)}
                onChange={(v) => field.onChange(v.map(Number))}
                error={errors[name]?.message}
              />
            )}
          />
        );
        const num = (name: 'distanceKm' | 'transitHours', label: string) => (
          <Controller
            control={control}
            name={name}
            render={({ field }) => (
              <NumberInput
                label={label}
                withAsterisk
                min={0}
                value={field.value ?? ''}
                onChange={(v) => field.onChange(v === '' ? undefined : Number(v))}
                error={errors[name]?.message}
              />
            )}
          />
        );
        return (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Route name" withAsterisk {...register('name')} error={errors.name?.message} />
            <Select
              label="Origin"
              withAsterisk
              searchable
              data={origins}
              value={origin}
              onChange={(v) => {
                const [kind, id] = (v ?? '').split(':');
                setValue('originPlantId', kind === 'plant' ? Number(id) : null);
                setValue('originStopId', kind === 'stop' ? Number(id) : null);
              }}
              error={errors.originPlantId?.message ?? errors.originStopId?.message}
            />
            {many('viaStopIds', 'Via', false)}
            {many('destinationStopIds', 'Destinations', true)}
            {num('distanceKm', 'Distance (km)')}
            {num('transitHours', 'Transit time (h)')}
          </SimpleGrid>
        );
      }}
    </MasterFormPage>
  );
}

export const routeMasterRouteElements: Record<string, ReactElement> = {
  route: <RouteList />,
  'route.add-route': <RouteForm />,
  'route.edit-route': <RouteForm />,
};

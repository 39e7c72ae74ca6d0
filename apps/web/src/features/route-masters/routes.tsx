import { SimpleGrid, TextInput } from '@mantine/core';
import type { ColumnDef } from '@tanstack/react-table';
import type { ReactElement } from 'react';
import { type RouteMaster, routeMasterInputSchema } from '@freightdesk/shared/schemas/route-master';
import { NumberField } from '../../components/form/number-field.tsx';
import { MultiPickerField } from '../../components/form/picker-fields.tsx';
import { ServerSelect } from '../../components/form/server-select.tsx';
import { optionValue, parseOptionValue } from '../../components/form/use-server-options.ts';
import { MasterFormPage } from '../../components/master/master-form.tsx';
import { statusColumn, MasterListPage } from '../../components/master/master-list-page.tsx';

/** A route starts at a plant or at one of the shipper's locations: one picker searches both. */
const ORIGINS = ['plants', 'stops'] as const;

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
        const origin = plantId ? optionValue(ORIGINS, 'plants', plantId) : stopId ? optionValue(ORIGINS, 'stops', stopId) : null;
        const many = (name: 'destinationStopIds' | 'viaStopIds', label: string, required: boolean) => (
          <MultiPickerField
            control={control}
            name={name}
            source="stops"
            label={label}
            withAsterisk={required}
            placeholder="Type a location"
          />
        );
        const num = (name: 'distanceKm' | 'transitHours', label: string) => (
          <NumberField control={control} name={name} label={label} withAsterisk />
        );
        return (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Route name" withAsterisk {...register('name')} error={errors.name?.message} />
            <ServerSelect
              source={ORIGINS}
              label="Origin"
              withAsterisk
              placeholder="Type a plant or location"
              data-path="originPlantId"
              value={origin}
              onChange={(v) => {
                const picked = v ? parseOptionValue(ORIGINS, v) : null;
                setValue('originPlantId', picked?.source === 'plants' ? picked.id : null);
                setValue('originStopId', picked?.source === 'stops' ? picked.id : null);
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

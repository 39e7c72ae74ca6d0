import { Select, SimpleGrid, Textarea, TextInput } from '@mantine/core';
import type { ColumnDef } from '@tanstack/react-table';
import type { ReactElement } from 'react';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { STOP_TYPE_LABEL, STOP_TYPES, type Stop, type StopInput, stopInputSchema } from '@freightdesk/shared/schemas/stop';
import { NumberField } from '../../components/form/number-field.tsx';
import { CoordinatePicker } from '../../components/map/coordinate-picker.tsx';
import { StateCityFields } from '../../components/form/state-city-fields.tsx';
import { MasterFormPage } from '../../components/master/master-form.tsx';
import { statusColumn, MasterListPage, STATUS_FILTER } from '../../components/master/master-list-page.tsx';

const typeOptions = STOP_TYPES.map((t) => ({ value: t, label: STOP_TYPE_LABEL[t] }));

const columns: ColumnDef<Stop, unknown>[] = [
  { id: 'name', header: 'Location', accessorKey: 'name' },
  { id: 'type', header: 'Type', cell: ({ row }) => STOP_TYPE_LABEL[row.original.type] },
  { id: 'city', header: 'City', accessorKey: 'city' },
  { id: 'state', header: 'State', accessorKey: 'state' },
  { id: 'pincode', header: 'PIN code', accessorKey: 'pincode' },
  statusColumn(),
];

function StopList() {
  return (
    <MasterListPage<Stop>
      title="Locations"
      api="stops"
      route="/stop"
      addLabel="Add location"
      columns={columns}
      sortable={['name', 'type', 'city', 'state', 'status']}
      filters={[STATUS_FILTER, { key: 'type', label: 'Type', options: typeOptions }]}
      addPermission="add-stop"
      editPermission="edit-stop"
      rowName={(r) => r.name}
      renderExpanded={(s) => `${s.address}, ${s.city} ${s.pincode} · ${s.latitude}, ${s.longitude} · geofence ${s.geofenceRadius} m`}
    />
  );
}

/** A location's name, type, address, PIN code, position and geofence. */
function StopFields({ form }: { form: UseFormReturn<StopInput> }) {
  const {
    register,
    control,
    formState: { errors },
  } = form;
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label="Location name" withAsterisk {...register('name')} error={errors.name?.message} />
        <Controller
          control={control}
          name="type"
          render={({ field }) => (
            <Select
              label="Type"
              withAsterisk
              data={typeOptions}
              value={field.value}
              onChange={(v) => field.onChange(v)}
              error={errors.type?.message}
              allowDeselect={false}
            />
          )}
        />
      </SimpleGrid>
      <Textarea label="Address" withAsterisk autosize minRows={2} {...register('address')} error={errors.address?.message} />
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <StateCityFields control={control} state="state" city="city" required />
        <TextInput label="PIN code" withAsterisk maxLength={6} {...register('pincode')} error={errors.pincode?.message} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <NumberField control={control} name="latitude" label="Latitude" withAsterisk negative />
        <NumberField control={control} name="longitude" label="Longitude" withAsterisk negative />
        <NumberField control={control} name="geofenceRadius" label="Geofence radius (m)" decimals={0} />
      </SimpleGrid>
      <CoordinatePicker form={form} lat="latitude" lng="longitude" />
    </>
  );
}

function StopForm() {
  return (
    <MasterFormPage<StopInput, Stop>
      title="location"
      api="stops"
      listPath="/stop"
      schema={stopInputSchema}
      defaults={
        {
          name: '',
          type: 'drop',
          address: '',
          city: '',
          state: '',
          pincode: '',
          latitude: undefined,
          longitude: undefined,
          geofenceRadius: 500,
        } as never
      }
    >
      {(form) => <StopFields form={form} />}
    </MasterFormPage>
  );
}

export const stopRouteElements: Record<string, ReactElement> = {
  stop: <StopList />,
  'stop.add-location': <StopForm />,
  'stop.edit-location': <StopForm />,
};

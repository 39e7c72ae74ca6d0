import { SimpleGrid, TextInput } from '@mantine/core';
import { PickerField } from '../../../components/form/picker-fields.tsx';
import {
  type City,
  type Country,
  cityInputSchema,
  countryInputSchema,
  type State,
  stateInputSchema,
} from '@freightdesk/shared/schemas/geography';
import { MasterFormPage } from '../../../components/master/master-form.tsx';
import { statusColumn, MasterListPage, STATUS_FILTER } from '../../../components/master/master-list-page.tsx';

export function CountryListPage() {
  return (
    <MasterListPage<Country>
      title="Countries"
      api="admin/countries"
      route="/country"
      addLabel="Add country"
      columns={[
        { id: 'name', header: 'Country', accessorKey: 'name' },
        { id: 'code', header: 'Code', accessorKey: 'code' },
        { id: 'stateCount', header: 'States', accessorKey: 'stateCount' },
        statusColumn<Country>(),
      ]}
      sortable={['name', 'code']}
      addPermission="admin"
      editPermission="admin"
      rowName={(c) => c.name}
    />
  );
}

export function CountryFormPage() {
  return (
    <MasterFormPage<{ name: string; code: string }, Country>
      title="country"
      api="admin/countries"
      listPath="/country"
      schema={countryInputSchema}
      defaults={{ name: '', code: '' }}
    >
      {({ register, formState: { errors } }) => (
        <SimpleGrid cols={{ base: 1, sm: 2 }} maw={640}>
          <TextInput label="Country name" withAsterisk {...register('name')} error={errors.name?.message} />
          <TextInput label="Code" withAsterisk maxLength={2} {...register('code')} error={errors.code?.message} />
        </SimpleGrid>
      )}
    </MasterFormPage>
  );
}

export function StateListPage() {
  return (
    <MasterListPage<State>
      title="States"
      api="admin/states"
      route="/state"
      addLabel="Add state"
      columns={[
        { id: 'name', header: 'State', accessorKey: 'name' },
        { id: 'code', header: 'Code', accessorKey: 'code' },
        { id: 'country', header: 'Country', accessorKey: 'countryName' },
        statusColumn<State>(),
      ]}
      sortable={['name', 'code']}
      filters={[STATUS_FILTER, { key: 'countryId', label: 'Country', source: 'countries' }]}
      addPermission="admin"
      editPermission="admin"
      rowName={(s) => s.name}
    />
  );
}

export function StateFormPage() {
  return (
    <MasterFormPage<{ countryId?: number; name: string; code: string }, State>
      title="state"
      api="admin/states"
      listPath="/state"
      schema={stateInputSchema}
      defaults={{ name: '', code: '' }}
    >
      {({ register, control, formState: { errors } }) => (
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <PickerField control={control} name="countryId" source="countries" label="Country" withAsterisk />
          <TextInput label="State name" withAsterisk {...register('name')} error={errors.name?.message} />
          <TextInput label="Code" withAsterisk maxLength={3} {...register('code')} error={errors.code?.message} />
        </SimpleGrid>
      )}
    </MasterFormPage>
  );
}

export function CityListPage() {
  return (
    <MasterListPage<City>
      title="Cities"
      api="admin/cities"
      route="/city"
      addLabel="Add city"
      columns={[
        { id: 'name', header: 'City', accessorKey: 'name' },
        { id: 'state', header: 'State', accessorKey: 'stateName' },
        statusColumn<City>(),
      ]}
      sortable={['name', 'state']}
      filters={[STATUS_FILTER, { key: 'stateId', label: 'State', source: 'states' }]}
      addPermission="admin"
      editPermission="admin"
      rowName={(c) => c.name}
    />
  );
}

export function CityFormPage() {
  return (
    <MasterFormPage<{ stateId?: number; name: string }, City>
      title="city"
      api="admin/cities"
      listPath="/city"
      schema={cityInputSchema}
      defaults={{ name: '' }}
    >
      {({ register, control, formState: { errors } }) => (
        <SimpleGrid cols={{ base: 1, sm: 2 }} maw={640}>
          <PickerField control={control} name="stateId" source="states" label="State" withAsterisk />
          <TextInput label="City name" withAsterisk {...register('name')} error={errors.name?.message} />
        </SimpleGrid>
      )}
    </MasterFormPage>
  );
}

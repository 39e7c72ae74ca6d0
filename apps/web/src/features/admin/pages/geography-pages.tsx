import { SimpleGrid, TextInput } from '@mantine/core';
import { IdSelectField } from '../../../components/form/id-select-field.tsx';
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
import { useMasterList } from '../../../components/master/use-master.ts';

function useGeoOptions(api: 'admin/countries' | 'admin/states') {
  const list = useMasterList<{ id: number; name: string }>(api, { pageSize: 100, sort: 'name' });
  return (list.data?.data ?? []).map((r) => ({ value: String(r.id), label: r.name }));
}

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
  const countries = useGeoOptions('admin/countries');
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
      filters={[STATUS_FILTER, { key: 'countryId', label: 'Country', options: countries }]}
      addPermission="admin"
      editPermission="admin"
      rowName={(s) => s.name}
    />
  );
}

export function StateFormPage() {
  const countries = useGeoOptions('admin/countries');
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
          <IdSelectField control={control} name="countryId" label="Country" withAsterisk data={countries} />
          <TextInput label="State name" withAsterisk {...register('name')} error={errors.name?.message} />
          <TextInput label="Code" withAsterisk maxLength={3} {...register('code')} error={errors.code?.message} />
        </SimpleGrid>
      )}
    </MasterFormPage>
  );
}

export function CityListPage() {
  const states = useGeoOptions('admin/states');
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
      filters={[STATUS_FILTER, { key: 'stateId', label: 'State', options: states }]}
      addPermission="admin"
      editPermission="admin"
      rowName={(c) => c.name}
    />
  );
}

export function CityFormPage() {
  const states = useGeoOptions('admin/states');
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
          <IdSelectField control={control} name="stateId" label="State" withAsterisk searchable data={states} />
          <TextInput label="City name" withAsterisk {...register('name')} error={errors.name?.message} />
        </SimpleGrid>
      )}
    </MasterFormPage>
  );
}

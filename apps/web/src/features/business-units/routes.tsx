import { SimpleGrid, TextInput } from '@mantine/core';
import type { ColumnDef } from '@tanstack/react-table';
import type { ReactElement } from 'react';
import { type BusinessUnit, type BusinessUnitInput, businessUnitInputSchema } from '@freightdesk/shared/schemas/business-unit';
import { MasterFormPage } from '../../components/master/master-form.tsx';
import { statusColumn, MasterListPage } from '../../components/master/master-list-page.tsx';

const columns: ColumnDef<BusinessUnit, unknown>[] = [
  { id: 'name', header: 'Business unit', accessorKey: 'name' },
  { id: 'code', header: 'Code', accessorKey: 'code' },
  { id: 'plantCount', header: 'Plants', accessorKey: 'plantCount' },
  statusColumn(),
];

function BusinessUnitList() {
  return (
    <MasterListPage<BusinessUnit>
      title="Business units"
      api="business-units"
      route="/business"
      addLabel="Add business unit"
      columns={columns}
      sortable={['name', 'code', 'status']}
      addPermission="add-business"
      editPermission="edit-business"
      rowName={(r) => r.name}
    />
  );
}

function BusinessUnitForm() {
  return (
    <MasterFormPage<BusinessUnitInput, BusinessUnit>
      title="business unit"
      api="business-units"
      listPath="/business"
      schema={businessUnitInputSchema}
      defaults={{ name: '', code: '' }}
    >
      {({ register, formState: { errors } }) => (
        <SimpleGrid cols={{ base: 1, sm: 2 }} maw={640}>
          <TextInput label="Business unit name" withAsterisk {...register('name')} error={errors.name?.message} />
          <TextInput label="Code" withAsterisk {...register('code')} error={errors.code?.message} />
        </SimpleGrid>
      )}
    </MasterFormPage>
  );
}

export const businessUnitRouteElements: Record<string, ReactElement> = {
  business: <BusinessUnitList />,
  'business.add-business-unit': <BusinessUnitForm />,
  'business.edit-business-unit': <BusinessUnitForm />,
};

import { Alert, SimpleGrid, TextInput } from '@mantine/core';
import type { ColumnDef } from '@tanstack/react-table';
import type { ReactElement } from 'react';
import { type Staff, type StaffInput, staffInputSchema } from '@freightdesk/shared/schemas/staff';
import { MultiPickerField, PickerField } from '../../components/form/picker-fields.tsx';
import { PlanLimitNotice } from '../../components/form/plan-usage.tsx';
import { MasterFormPage } from '../../components/master/master-form.tsx';
import { statusColumn, MasterListPage } from '../../components/master/master-list-page.tsx';

const columns: ColumnDef<Staff, unknown>[] = [
  { id: 'name', header: 'Name', accessorKey: 'name' },
  { id: 'email', header: 'Email', accessorKey: 'email' },
  { id: 'mobile', header: 'Mobile', accessorKey: 'mobile' },
  { id: 'role', header: 'Role', cell: ({ row }) => row.original.roleName ?? '—' },
  { id: 'plants', header: 'Plants', cell: ({ row }) => (row.original.plantIds.length ? row.original.plantIds.length : 'All') },
  statusColumn(),
];

function StaffList() {
  return (
    <MasterListPage<Staff>
      title="Staff"
      api="staff"
      route="/staff"
      addLabel="Add staff"
      columns={columns}
      sortable={['name', 'email', 'status']}
      addPermission="add-staff"
      editPermission="edit-staff"
      deletable={false}
      rowName={(r) => r.name}
    />
  );
}

function StaffForm() {
  return (
    <MasterFormPage<StaffInput, Staff>
      title="staff"
      api="staff"
      listPath="/staff"
      schema={staffInputSchema}
      defaults={{ name: '', email: '', mobile: '', roleId: undefined, plantIds: [], businessUnitIds: [] } as never}
      notice={
        <>
          <PlanLimitNotice kind="members" />
          <Alert color="blue">
            A new member gets an email with a link to choose a password. Leave plants and business units empty to give access to all of
            them.
          </Alert>
        </>
      }
    >
      {({ register, control, formState: { errors } }) => (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="Name" withAsterisk {...register('name')} error={errors.name?.message} />
          <TextInput label="Email" withAsterisk type="email" {...register('email')} error={errors.email?.message} />
          <TextInput label="Mobile" withAsterisk maxLength={10} {...register('mobile')} error={errors.mobile?.message} />
          <PickerField control={control} name="roleId" source="roles" label="Role" withAsterisk />
          <MultiPickerField control={control} name="plantIds" source="plants" label="Plants" placeholder="All plants" />
          <MultiPickerField
            control={control}
            name="businessUnitIds"
            source="businessUnits"
            label="Business units"
            placeholder="All business units"
          />
        </SimpleGrid>
      )}
    </MasterFormPage>
  );
}

export const staffRouteElements: Record<string, ReactElement> = {
  staff: <StaffList />,
  'staff.add-staff': <StaffForm />,
  'staff.edit-staff': <StaffForm />,
};

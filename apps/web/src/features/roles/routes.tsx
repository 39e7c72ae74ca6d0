import { Badge, Checkbox, Group, Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import type { ColumnDef } from '@tanstack/react-table';
import type { ReactElement } from 'react';
import { Controller } from 'react-hook-form';
import { PERMISSION_AREAS, type Permission } from '@freightdesk/shared/permissions';
import { type Role, type RoleInput, roleInputSchema } from '@freightdesk/shared/schemas/role';
import { MasterFormPage } from '../../components/master/master-form.tsx';
import { statusColumn, MasterListPage } from '../../components/master/master-list-page.tsx';

const columns: ColumnDef<Role, unknown>[] = [
  { id: 'name', header: 'Role', accessorKey: 'name' },
  { id: 'permissions', header: 'Permissions', cell: ({ row }) => `${row.original.permissions.length}` },
  { id: 'staffCount', header: 'Active staff', accessorKey: 'staffCount' },
  statusColumn(),
];

function RoleList() {
  return (
    <MasterListPage<Role>
      title="Roles"
      api="roles"
      route="/role"
      addLabel="Add role"
      columns={columns}
      sortable={['name', 'status']}
      addPermission="add-role"
      editPermission="edit-role"
      rowName={(r) => r.name}
      renderExpanded={(r) => (
        <Group gap={6}>
          {r.permissions.map((p) => (
            <Badge key={p} variant="light">
              {p}
            </Badge>
          ))}
        </Group>
      )}
    />
  );
}

/** The permission matrix: every permission of the catalogue, grouped by area. */
function PermissionMatrix({ value, onChange }: { value: Permission[]; onChange: (v: Permission[]) => void }) {
  const toggle = (list: readonly Permission[], on: boolean) =>
    onChange(on ? [...new Set([...value, ...list])] : value.filter((p) => !list.includes(p)));
  return (
    <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }}>
      {Object.entries(PERMISSION_AREAS).map(([area, list]) => {
        const all = list.every((p) => value.includes(p));
        const some = list.some((p) => value.includes(p));
        return (
          <Paper key={area} withBorder p="sm">
            <Checkbox
              label={<Text fw={600}>{area}</Text>}
              checked={all}
              indeterminate={some && !all}
              onChange={(e) => toggle(list, e.currentTarget.checked)}
              mb="xs"
            />
            <Stack gap={4} pl="md">
              {list.map((p) => (
                <Checkbox key={p} label={p} checked={value.includes(p)} onChange={(e) => toggle([p], e.currentTarget.checked)} />
              ))}
            </Stack>
          </Paper>
        );
      })}
    </SimpleGrid>
  );
}

function RoleForm() {
  return (
    <MasterFormPage<RoleInput, Role>
      title="role"
      api="roles"
      listPath="/role"
      schema={roleInputSchema}
      defaults={{ name: '', permissions: [] }}
    >
      {({ register, control, formState: { errors } }) => (
        <>
          <TextInput label="Role name" withAsterisk maw={420} {...register('name')} error={errors.name?.message} />
          <Text fw={500} size="sm">
            Permissions <span style={{ color: 'var(--mantine-color-red-6)' }}>*</span>
          </Text>
          {errors.permissions && (
            <Text c="red" size="sm">
              {errors.permissions.message ?? 'Choose valid permissions'}
            </Text>
          )}
          <Controller
            control={control}
            name="permissions"
            render={({ field }) => <PermissionMatrix value={(field.value ?? []) as Permission[]} onChange={field.onChange} />}
          />
        </>
      )}
    </MasterFormPage>
  );
}

export const roleRouteElements: Record<string, ReactElement> = {
  role: <RoleList />,
  'role.add-role': <RoleForm />,
  'role.edit-role': <RoleForm />,
};

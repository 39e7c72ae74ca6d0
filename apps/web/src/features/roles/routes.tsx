import { Badge, Checkbox, Group, Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import type { ColumnDef } from '@tanstack/react-table';
import type { ReactElement } from 'react';
import { Controller } from 'react-hook-form';
import { PERMISSION_AREAS, PERMISSION_LABEL, type Permission } from '@freightdesk/shared/permissions';
import { type Role, type RoleInput, roleInputSchema } from '@freightdesk/shared/schemas/role';
import { MasterFormPage } from '../../components/master/master-form.tsx';
import { statusColumn, MasterListPage } from '../../components/master/master-list-page.tsx';
import { plural } from '../../lib/format.ts';

const columns: ColumnDef<Role, unknown>[] = [
  { id: 'name', header: 'Role', accessorKey: 'name' },
  { id: 'permissions', header: 'Permissions', cell: ({ row }) => plural(row.original.permissions.length, 'permission') },
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
            <Badge key={p} variant="light" tt="none">
              {PERMISSION_LABEL[p]}
            </Badge>
          ))}
        </Group>
      )}
    />
  );
}

/**
 * The permission matrix: every permission of the catalogue by its readable label (the slug stays
 * the checkbox's value), grouped by area, each area with a select-all that shows "some" as indeterminate.
 */
function PermissionMatrix({ value, onChange }: { value: Permission[]; onChange: (v: Permission[]) => void }) {
  const toggle = (list: readonly Permission[], on: boolean) =>
    onChange(on ? [...new Set([...value, ...list])] : value.filter((p) => !list.includes(p)));
  return (
    <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }}>
      {Object.entries(PERMISSION_AREAS).map(([area, list]) => {
        const chosen = list.filter((p) => value.includes(p)).length;
        return (
          <Paper key={area} withBorder p="sm" role="group" aria-label={area}>
            <Checkbox
              label={<Text fw={600}>{area}</Text>}
              description={`${chosen} of ${list.length} chosen`}
              aria-label={`All of ${area}`}
              checked={chosen === list.length}
              indeterminate={chosen > 0 && chosen < list.length}
              onChange={(e) => toggle(list, e.currentTarget.checked)}
              mb="xs"
            />
            <Stack gap={6} pl="md">
              {list.map((p) => (
                <Checkbox
                  key={p}
                  value={p}
                  label={PERMISSION_LABEL[p]}
                  checked={value.includes(p)}
                  onChange={(e) => toggle([p], e.currentTarget.checked)}
                />
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

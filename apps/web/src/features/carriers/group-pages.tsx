import { Button, MultiSelect, Stack, Table, Text, TextInput } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Controller } from 'react-hook-form';
import { Link, useParams } from 'react-router';
import { type Carrier, type CarrierGroup, type CarrierGroupInput, carrierGroupInputSchema } from '@freightdesk/shared/schemas/carrier';
import type { ListResponse } from '@freightdesk/shared/schemas/common';
import { Page } from '../../components/layout/page.tsx';
import { MasterFormPage } from '../../components/master/master-form.tsx';
import { StatusBadge } from '../../components/master/master-list-page.tsx';
import { useMasterOne } from '../../components/master/use-master.ts';
import { api } from '../../lib/api.ts';

function useAllCarriers() {
  return useQuery({
    queryKey: ['carriers', 'list', { pageSize: 100, all: true }],
    queryFn: () => api.get<ListResponse<Carrier>>('/carriers', { pageSize: 100 }),
    placeholderData: keepPreviousData,
  });
}

/** `create_group` and `edit_group/:id` */
export function CarrierGroupFormPage() {
  const carriers = useAllCarriers();
  return (
    <MasterFormPage<CarrierGroupInput, CarrierGroup>
      title="carrier group"
      api="carrier-groups"
      listPath="/industry-transporter?tab=groups"
      schema={carrierGroupInputSchema}
      defaults={{ name: '', carrierLinkIds: [] }}
      toForm={(g) => ({ name: g.name, carrierLinkIds: g.carrierLinkIds })}
    >
      {({ register, control, formState: { errors } }) => (
        <Stack maw={640}>
          <TextInput label="Group name" withAsterisk {...register('name')} error={errors.name?.message} />
          <Controller
            control={control}
            name="carrierLinkIds"
            render={({ field }) => (
              <MultiSelect
                label="Carriers"
                searchable
                data={(carriers.data?.data ?? []).map((c) => ({
                  value: String(c.id),
                  label: c.status === 'blocked' ? `${c.name} (blocked)` : c.name,
                }))}
                value={(field.value ?? []).map(String)}
                onChange={(v) => field.onChange(v.map(Number))}
                error={errors.carrierLinkIds?.message}
              />
            )}
          />
        </Stack>
      )}
    </MasterFormPage>
  );
}

/** `view_group/:id` */
export function CarrierGroupViewPage() {
  const id = Number(useParams().id);
  const { data: group } = useMasterOne<CarrierGroup>('carrier-groups', id);
  const carriers = useAllCarriers();
  const members = (carriers.data?.data ?? []).filter((c) => group?.carrierLinkIds.includes(c.id));
  return (
    <Page
      title={group?.name ?? 'Carrier group'}
      actions={
        <Button component={Link} to={`/industry-transporter/edit_group/${id}`}>
          Edit group
        </Button>
      }
    >
      {group && (
        <Stack>
          <StatusBadge status={group.status} />
          {members.length === 0 ? (
            <Text c="dimmed">No carriers in this group.</Text>
          ) : (
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Carrier</Table.Th>
                  <Table.Th>Contact</Table.Th>
                  <Table.Th>Status</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {members.map((c) => (
                  <Table.Tr key={c.id}>
                    <Table.Td>
                      <Link to={`/industry-transporter/view/${c.id}`}>{c.name}</Link>
                    </Table.Td>
                    <Table.Td>{`${c.contactName ?? ''} ${c.mobile ?? ''}`}</Table.Td>
                    <Table.Td>
                      <StatusBadge status={c.status} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Stack>
      )}
    </Page>
  );
}

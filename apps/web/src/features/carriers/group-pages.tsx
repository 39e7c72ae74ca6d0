import { Button, Pagination, Stack, Table, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { type CarrierGroup, type CarrierGroupInput, carrierGroupInputSchema } from '@freightdesk/shared/schemas/carrier';
import { MultiPickerField } from '../../components/form/picker-fields.tsx';
import { Page } from '../../components/layout/page.tsx';
import { MasterFormPage } from '../../components/master/master-form.tsx';
import { StatusBadge } from '../../components/master/master-list-page.tsx';
import { useMasterOne } from '../../components/master/use-master.ts';
import { useGroupMembers } from './api/get-group-members.ts';

/** `create_group` and `edit_group/:id` */
export function CarrierGroupFormPage() {
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
          <MultiPickerField control={control} name="carrierLinkIds" source="carriers" label="Carriers" placeholder="Type a carrier" />
        </Stack>
      )}
    </MasterFormPage>
  );
}

/** `view_group/:id` */
export function CarrierGroupViewPage() {
  const id = Number(useParams().id);
  const { data: group } = useMasterOne<CarrierGroup>('carrier-groups', id);
  const [page, setPage] = useState(1);
  const carriers = useGroupMembers(id, page);
  const members = carriers.data?.data ?? [];
  const pages = Math.ceil((carriers.data?.total ?? 0) / 100);
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
          {pages > 1 && <Pagination total={pages} value={page} onChange={setPage} aria-label="Carriers of the group" />}
        </Stack>
      )}
    </Page>
  );
}

import { Alert, Badge, Button, Group, Paper, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { useEffect, useState } from 'react';
import { type Payment, PAYMENT_STATUS_LABEL, type Plan, planInputSchema } from '@freightdesk/shared/schemas/plan';
import { toast } from '../../../components/feedback/feedback.tsx';
import { MoneyField, NumberField } from '../../../components/form/number-field.tsx';
import { NumberTextInput } from '../../../components/form/number-input.tsx';
import { Page } from '../../../components/layout/page.tsx';
import { MasterFormPage } from '../../../components/master/master-form.tsx';
import { statusColumn, MasterListPage } from '../../../components/master/master-list-page.tsx';
import { ApiError, api } from '../../../lib/api.ts';
import { formatDate, formatInr } from '../../../lib/format.ts';

const columns: ColumnDef<Plan, unknown>[] = [
  { id: 'name', header: 'Plan', accessorKey: 'name' },
  { id: 'price', header: 'Price', cell: ({ row }) => formatInr(row.original.priceRupees) },
  { id: 'durationDays', header: 'Days', accessorKey: 'durationDays' },
  { id: 'noOfMembers', header: 'Members', accessorKey: 'noOfMembers' },
  { id: 'noOfPlants', header: 'Plants', accessorKey: 'noOfPlants' },
  statusColumn(),
];

function JoiningFeeCard() {
  const client = useQueryClient();
  const fee = useQuery({
    queryKey: ['joining-fee'],
    queryFn: () => api.get<{ data: { amountRupees: number; note: string } }>('/admin/joining-fee').then((r) => r.data),
  });
  const [amount, setAmount] = useState<number | undefined>(0);
  const [note, setNote] = useState('');
  useEffect(() => {
    if (fee.data) {
      setAmount(fee.data.amountRupees);
      setNote(fee.data.note);
    }
  }, [fee.data]);
  const save = useMutation({
    mutationFn: () => api.put('/admin/joining-fee', { amountRupees: amount ?? null, note }),
    onSuccess: () => {
      toast('Joining fee saved.');
      void client.invalidateQueries({ queryKey: ['joining-fee'] });
    },
    onError: (err) => toast(err instanceof ApiError ? err.message : 'Could not save.', 'error'),
  });
  return (
    <Paper withBorder p="md" mb="lg">
      <Title order={4} mb="sm">
        Joining fee
      </Title>
      <Group align="flex-end">
        <NumberTextInput money label="Amount (INR)" value={amount} onChange={setAmount} />
        <TextInput label="Note" value={note} onChange={(e) => setNote(e.currentTarget.value)} miw={320} />
        <Button onClick={() => save.mutate()} loading={save.isPending}>
          Save
        </Button>
      </Group>
    </Paper>
  );
}

export function PlanCatalogPage() {
  return (
    <>
      <JoiningFeeCard />
      <MasterListPage<Plan>
        title="Plans catalogue"
        api="admin/plans"
        route="/admin/plans"
        addLabel="Add plan"
        columns={columns}
        sortable={['name', 'price']}
        addPermission="admin"
        editPermission="admin"
        rowName={(p) => p.name}
      />
    </>
  );
}

type PlanValues = { name: string; priceRupees?: number; durationDays?: number; noOfMembers?: number; noOfPlants?: number };

export function PlanFormPage() {
  return (
    <MasterFormPage<PlanValues, Plan>
      title="plan"
      api="admin/plans"
      listPath="/admin/plans"
      schema={planInputSchema}
      defaults={{ name: '', durationDays: 365 }}
    >
      {({ register, control, formState: { errors } }) => (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          <TextInput label="Plan name" withAsterisk {...register('name')} error={errors.name?.message} />
          <MoneyField control={control} name="priceRupees" label="Price (INR)" withAsterisk />
          <NumberField control={control} name="durationDays" label="Duration (days)" withAsterisk decimals={0} />
          <NumberField control={control} name="noOfMembers" label="Members limit" withAsterisk decimals={0} />
          <NumberField control={control} name="noOfPlants" label="Plants limit" withAsterisk decimals={0} />
        </SimpleGrid>
      )}
    </MasterFormPage>
  );
}

/** Payments awaiting confirmation, confirmed with the bank reference (UTR). */
export function PaymentsPage() {
  const client = useQueryClient();
  const list = useQuery({
    queryKey: ['admin-payments'],
    queryFn: () => api.get<{ data: Payment[] }>('/admin/payments').then((r) => r.data),
  });
  const [refs, setRefs] = useState<Record<number, string>>({});
  const act = useMutation({
    mutationFn: ({ id, action }: { id: number; action: 'confirm' | 'cancel' }) =>
      api.post(`/admin/payments/${id}/${action}`, action === 'confirm' ? { providerRef: refs[id] ?? '' } : {}),
    onSuccess: (_r, v) => {
      toast(v.action === 'confirm' ? 'Payment confirmed; the plan is active.' : 'Payment cancelled.');
      void client.invalidateQueries({ queryKey: ['admin-payments'] });
    },
    onError: (err) => toast(err instanceof ApiError ? err.message : 'That did not work.', 'error'),
  });
  const rows = list.data ?? [];
  return (
    <Page title="Payments">
      {rows.length === 0 ? (
        <Alert color="gray">No payments yet.</Alert>
      ) : (
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Shipper</Table.Th>
              <Table.Th>Plan</Table.Th>
              <Table.Th>Amount</Table.Th>
              <Table.Th>Requested</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Bank reference</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((p) => (
              <Table.Tr key={p.id}>
                <Table.Td>{p.industryName}</Table.Td>
                <Table.Td>{p.planName}</Table.Td>
                <Table.Td>{formatInr(p.amountRupees)}</Table.Td>
                <Table.Td>{formatDate(p.createdAt)}</Table.Td>
                <Table.Td>
                  <Badge color={p.status === 'paid' ? 'green' : p.status === 'cancelled' ? 'gray' : 'yellow'}>
                    {PAYMENT_STATUS_LABEL[p.status]}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  {p.status === 'awaiting_confirmation' ? (
                    <Group gap="xs" wrap="nowrap">
                      <TextInput
                        size="xs"
                        aria-label={`Bank reference for payment ${p.id}`}
                        placeholder="UTR"
                        value={refs[p.id] ?? ''}
                        onChange={(e) => setRefs({ ...refs, [p.id]: e.currentTarget.value })}
                      />
                      <Button size="xs" onClick={() => act.mutate({ id: p.id, action: 'confirm' })}>
                        Confirm
                      </Button>
                      <Button size="xs" variant="default" onClick={() => act.mutate({ id: p.id, action: 'cancel' })}>
                        Cancel
                      </Button>
                    </Group>
                  ) : (
                    <Text size="sm">{p.providerRef ?? '—'}</Text>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Stack mt="sm" gap={2}>
        <Text size="xs" c="dimmed">
          Confirming activates the plan from today, or from the end of the plan in force.
        </Text>
      </Stack>
    </Page>
  );
}

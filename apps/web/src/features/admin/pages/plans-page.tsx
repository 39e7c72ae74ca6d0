import { Alert, Badge, Button, Group, Paper, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import type { ColumnDef } from '@tanstack/react-table';
import { useEffect, useState } from 'react';
import { type Payment, PAYMENT_STATUS_LABEL, type Plan, planInputSchema } from '@freightdesk/shared/schemas/plan';
import { toast } from '../../../components/feedback/feedback.tsx';
import { PlanInvoiceButton } from '../../../domain/invoices/plan-invoice-button.tsx';
import { MoneyField, NumberField } from '../../../components/form/number-field.tsx';
import { NumberTextInput } from '../../../components/form/number-input.tsx';
import { Page } from '../../../components/layout/page.tsx';
import { MasterFormPage } from '../../../components/master/master-form.tsx';
import { statusColumn, MasterListPage } from '../../../components/master/master-list-page.tsx';
import { ApiError } from '../../../lib/api.ts';
import { formatDate, formatInr } from '../../../lib/format.ts';
import { useAdminJoiningFee, useSaveJoiningFee } from '../api/joining-fee.ts';
import { useAdminPayments, useCancelAdminPayment } from '../api/payments.ts';
import { ConfirmPaymentDialog } from './confirm-payment-dialog.tsx';
import { PlatformBillingCard } from './platform-billing-card.tsx';

const columns: ColumnDef<Plan, unknown>[] = [
  { id: 'name', header: 'Plan', accessorKey: 'name' },
  { id: 'price', header: 'Price', cell: ({ row }) => formatInr(row.original.priceRupees) },
  { id: 'durationDays', header: 'Days', accessorKey: 'durationDays' },
  { id: 'noOfMembers', header: 'Members', accessorKey: 'noOfMembers' },
  { id: 'noOfPlants', header: 'Plants', accessorKey: 'noOfPlants' },
  statusColumn(),
];

function JoiningFeeCard() {
  const fee = useAdminJoiningFee();
  const [amount, setAmount] = useState<number | undefined>(0);
  const [note, setNote] = useState('');
  useEffect(() => {
    if (fee.data) {
      setAmount(fee.data.amountRupees);
      setNote(fee.data.note);
    }
  }, [fee.data]);
  const save = useSaveJoiningFee({
    onSuccess: () => toast('Joining fee saved.'),
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
        <Button onClick={() => save.mutate({ amountRupees: amount ?? null, note })} loading={save.isPending}>
          Save
        </Button>
      </Group>
    </Paper>
  );
}

export function PlanCatalogPage() {
  return (
    <>
      <PlatformBillingCard />
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

const STATUS_COLOR = { paid: 'green', cancelled: 'gray', awaiting_confirmation: 'yellow' } as const;

/** One payment: its amounts, status and bank reference; to confirm or cancel while it waits, its tax invoice once paid. */
function PaymentRow({ p, onConfirm, onCancel }: { p: Payment; onConfirm: () => void; onCancel: () => void }) {
  return (
    <Table.Tr>
      <Table.Td>{p.industryName}</Table.Td>
      <Table.Td>{p.planName}</Table.Td>
      <Table.Td>
        {formatInr(p.amountRupees)}
        <Text size="xs" c="dimmed">
          {p.reference}
        </Text>
      </Table.Td>
      <Table.Td>{formatDate(p.createdAt)}</Table.Td>
      <Table.Td>
        <Badge color={STATUS_COLOR[p.status]}>{PAYMENT_STATUS_LABEL[p.status]}</Badge>
      </Table.Td>
      <Table.Td>
        {p.status === 'awaiting_confirmation' ? (
          <Group gap="xs" wrap="nowrap">
            <Button size="xs" onClick={onConfirm} aria-label={`Confirm payment ${p.reference}`}>
              Confirm…
            </Button>
            <Button size="xs" variant="default" onClick={onCancel}>
              Cancel
            </Button>
          </Group>
        ) : (
          <Text size="sm">{p.providerRef ?? '—'}</Text>
        )}
      </Table.Td>
      <Table.Td>{p.invoice ? <PlanInvoiceButton side="admin" paymentId={p.id} number={p.invoice.number} /> : '—'}</Table.Td>
    </Table.Tr>
  );
}

/** Payments awaiting confirmation, confirmed in a dialog with the bank reference (UTR) and the amount received. */
export function PaymentsPage() {
  const list = useAdminPayments();
  const [confirming, setConfirming] = useState<Payment | null>(null);
  const cancel = useCancelAdminPayment({
    onSuccess: () => toast('Payment cancelled.'),
    onError: (err) => toast(err instanceof ApiError ? err.message : 'That did not work.', 'error'),
  });
  const rows = list.data ?? [];
  return (
    <Page title="Payments">
      {rows.length === 0 ? (
        <Alert color="gray">No payments yet.</Alert>
      ) : (
        <Table.ScrollContainer minWidth={760}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                {['Shipper', 'Plan', 'Amount', 'Requested', 'Status', 'Bank reference (UTR)', 'Tax invoice'].map((h) => (
                  <Table.Th key={h}>{h}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((p) => (
                <PaymentRow key={p.id} p={p} onConfirm={() => setConfirming(p)} onCancel={() => cancel.mutate(p.id)} />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Stack mt="sm" gap={2}>
        <Text size="xs" c="dimmed">
          Confirming activates the plan from today, or from the end of the plan in force, and issues the platform's tax invoice.
        </Text>
      </Stack>
      <ConfirmPaymentDialog payment={confirming} onClose={() => setConfirming(null)} />
    </Page>
  );
}

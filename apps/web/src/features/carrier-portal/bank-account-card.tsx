import { Alert, Button, Card, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { type CarrierBankAccountInput, type CarrierCompany, carrierBankAccountSchema } from '@freightdesk/shared/schemas/carrier';
import { toast } from '../../components/feedback/feedback.tsx';
import { applyServerErrors } from '../../components/form/server-errors.ts';
import { useSaveBankAccount } from './api/carrier-company.ts';
import { formatDateTime } from '../../lib/format.ts';

const FIELDS = Object.keys(carrierBankAccountSchema.shape);
const EMPTY: CarrierBankAccountInput = { accountName: '', accountNumber: '', ifsc: '', bankName: '' };

/**
 * Where the carrier's shippers pay it: the bank account their bank files pay to. Saved on its own
 * (`PUT /api/carrier/company/bank-account`); every shipper it works with is told of a change.
 */
export function BankAccountCard({ company }: { company: CarrierCompany | undefined }) {
  const save = useSaveBankAccount();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<CarrierBankAccountInput>({ resolver: zodResolver(carrierBankAccountSchema) as never, defaultValues: EMPTY });
  const saved = company?.bankAccount ?? null;
  useEffect(() => {
    form.reset(
      saved
        ? { accountName: saved.accountName, accountNumber: saved.accountNumber, ifsc: saved.ifsc, bankName: saved.bankName ?? '' }
        : EMPTY,
    );
  }, [form, saved]);
  const errors = form.formState.errors;
  const submit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      await save.mutateAsync(values);
      toast('Bank account saved. Your shippers have been told of the change.');
    } catch (err) {
      setError(applyServerErrors(err, form.setError, FIELDS));
    }
  });
  return (
    <Card withBorder component="section" aria-label="Bank account for payments" maw={1000} mt="xl">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Title order={4}>Bank account for payments</Title>
          <Text size="sm" c="dimmed">
            {saved
              ? `Your shippers pay your invoices to this account (last changed ${formatDateTime(saved.updatedAt)}). When you change it, each shipper you work with is told.`
              : 'Add the account your shippers pay your invoices to: their bank payment files need it.'}
          </Text>
          {error && <Alert color="red">{error}</Alert>}
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
            <TextInput label="Account holder name" withAsterisk {...form.register('accountName')} error={errors.accountName?.message} />
            <TextInput
              label="Account number"
              withAsterisk
              inputMode="numeric"
              maxLength={24}
              {...form.register('accountNumber')}
              error={errors.accountNumber?.message}
            />
            <TextInput label="IFSC" withAsterisk maxLength={13} {...form.register('ifsc')} error={errors.ifsc?.message} />
            <TextInput label="Bank name" {...form.register('bankName')} error={errors.bankName?.message} />
          </SimpleGrid>
          <Group>
            <Button type="submit" loading={form.formState.isSubmitting} disabled={!company || !form.formState.isDirty}>
              Save bank account
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

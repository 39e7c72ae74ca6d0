import { Group, Paper, Stack, Text } from '@mantine/core';
import { useWatch, type Control } from 'react-hook-form';
import { inr } from '../../components/invoices/invoice-format.ts';
import { draftTotals, type InvoiceDraft } from './invoice-draft.ts';

function Row({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <Group justify="space-between" gap="xl">
      <Text size="sm" fw={strong ? 700 : undefined}>
        {label}
      </Text>
      <Text size="sm" fw={strong ? 700 : undefined}>
        {value}
      </Text>
    </Group>
  );
}

/**
 * The draft's totals as the user types: charges, deductions and the taxable value. GST is computed by
 * the server from its dated rate table when the invoice is submitted; the invoice's page shows it.
 */
export function InvoiceDraftTotals({ control }: { control: Control<InvoiceDraft> }) {
  const lines = useWatch({ control, name: 'lines' }) ?? [];
  const t = draftTotals(lines);
  return (
    <Paper withBorder p="md" maw={420} ml="auto" w="100%" component="section" aria-label="Totals">
      <Stack gap={4}>
        <Row label={`Orders`} value={String(t.orders)} />
        <Row label="Charges" value={inr(t.chargesPaise)} />
        <Row label="Deductions" value={t.deductionsPaise ? `−${inr(t.deductionsPaise)}` : inr(0)} />
        <Row label="Taxable value" value={inr(t.taxablePaise)} strong />
        <Row label="GST" value="As per the rate table" />
        <Text size="xs" c="dimmed">
          The GST and the total are worked out by the server from the GST kind and the rate in force on the invoice date; you see them once
          the invoice is submitted.
        </Text>
        {t.taxablePaise < 0 && (
          <Text size="sm" c="red" role="alert">
            The deductions exceed the charges.
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

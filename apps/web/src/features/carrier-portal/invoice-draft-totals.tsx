import { Group, Paper, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { type Control, useWatch } from 'react-hook-form';
import type { InvoicePreview } from '@freightdesk/shared/schemas/invoice';
import { inr } from '../../domain/invoices/invoice-format.ts';
import { ApiError } from '../../lib/api.ts';
import { useInvoicePreview } from './api/carrier-invoices.ts';
import { draftTotals, type InvoiceDraft, previewBody } from './invoice-draft.ts';

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

/** The server's working of the draft (issue 33: GST and the total before sending), asked once typing pauses. */
function usePreview(control: Control<InvoiceDraft>) {
  const [invoiceDate, gstScheme, lines] = useWatch({ control, name: ['invoiceDate', 'gstScheme', 'lines'] });
  const body = previewBody({ invoiceDate, gstScheme, lines });
  const [key] = useDebouncedValue(body ? JSON.stringify(body) : null, 400);
  const query = useInvoicePreview(key);
  return { preview: body ? query.data : undefined, error: body && query.error instanceof ApiError ? query.error.message : null };
}

/** GST as the server worked it out: split within a state or across, and who pays it. */
function GstRows({ p }: { p: InvoicePreview }) {
  const rate = `${p.gstRatePct}%`;
  const who = p.reverseCharge ? ' (reverse charge: the shipper pays it)' : '';
  return p.igstPaise ? (
    <Row label={`IGST ${rate}${who}`} value={inr(p.igstPaise)} />
  ) : (
    <>
      <Row label={`CGST ${p.gstRatePct / 2}%${who}`} value={inr(p.cgstPaise)} />
      <Row label={`SGST ${p.gstRatePct / 2}%${who}`} value={inr(p.sgstPaise)} />
    </>
  );
}

/**
 * The draft's totals as the user types: charges, deductions and the taxable value at once; the GST
 * and the total the invoice will carry, from the server's own working (the dated rate table, the
 * parties' states), once the lines are complete.
 */
export function InvoiceDraftTotals({ control }: { control: Control<InvoiceDraft> }) {
  const lines = useWatch({ control, name: 'lines' }) ?? [];
  const t = draftTotals(lines);
  const { preview, error } = usePreview(control);
  return (
    <Paper withBorder p="md" maw={420} ml="auto" w="100%" component="section" aria-label="Totals">
      <Stack gap={4}>
        <Row label="Orders" value={String(t.orders)} />
        <Row label="Charges" value={inr(t.chargesPaise)} />
        <Row label="Deductions" value={t.deductionsPaise ? `−${inr(t.deductionsPaise)}` : inr(0)} />
        <Row label="Taxable value" value={inr(t.taxablePaise)} strong />
        {preview ? (
          <>
            <GstRows p={preview} />
            <Row label="Invoice total" value={inr(preview.totalPaise)} strong />
          </>
        ) : (
          <Text size="xs" c="dimmed">
            {error ?? 'The GST and the total show once every line has its amount.'}
          </Text>
        )}
        {t.taxablePaise < 0 && (
          <Text size="sm" c="red" role="alert">
            The deductions exceed the charges.
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

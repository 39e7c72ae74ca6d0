import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Stack, Table, Text, Textarea } from '@mantine/core';
import { useRef, useState } from 'react';
import { type UseFormReturn, useForm } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { INVOICE_LINE_KIND_LABEL } from '@freightdesk/shared/schemas/invoice';
import type { InvoiceLineView } from '@freightdesk/shared/schemas/invoice-views';
import { type CreditNoteInput, creditNoteInputSchema } from '@freightdesk/shared/schemas/notes';
import { toast } from '../../components/feedback/feedback.tsx';
import { PageQueryState } from '../../components/feedback/query-state.tsx';
import { MoneyField } from '../../components/form/number-field.tsx';
import { applyServerErrors } from '../../components/form/server-errors.ts';
import { type InvoiceAnswer, inr } from '../../domain/invoices/invoice-format.ts';
import { Page } from '../../components/layout/page.tsx';
import { answerDispute, useFreshCarrierInvoice, useInvoiceSaved } from './api/carrier-invoices.ts';

const FIELDS = ['reason', 'lines'];
const bills = (l: InvoiceLineView) => l.amountPaise - l.creditedPaise;
/** The credit the platform's records suggest: what the line bills above what they allow, else nothing. */
const suggested = (l: InvoiceLineView) => (l.expectedPaise !== null && l.expectedPaise < bills(l) ? (bills(l) - l.expectedPaise) / 100 : 0);

/** Each disputed line: the order, what it bills, the shipper's reason, the credit on it. */
function DisputedLines({ form, lines }: { form: UseFormReturn<CreditNoteInput>; lines: InvoiceLineView[] }) {
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table aria-label="Disputed lines">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Order</Table.Th>
            <Table.Th>Line</Table.Th>
            <Table.Th>Billed</Table.Th>
            <Table.Th>The shipper’s reason</Table.Th>
            <Table.Th>Credit (₹)</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lines.map((l, i) => (
            <Table.Tr key={l.id}>
              <Table.Td>{l.orderNumber}</Table.Td>
              <Table.Td>{INVOICE_LINE_KIND_LABEL[l.kind]}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{inr(bills(l))}</Table.Td>
              <Table.Td>{l.decisionReason ?? '—'}</Table.Td>
              <Table.Td miw={140}>
                <MoneyField
                  control={form.control}
                  name={`lines.${i}.amountRupees`}
                  aria-label={`Credit on ${l.orderNumber}, ${INVOICE_LINE_KIND_LABEL[l.kind]}`}
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The answer's form: the credit per disputed line and the reason; sent against the version loaded. */
function AnswerForm({ invoice, loaded }: { invoice: InvoiceAnswer; loaded: string }) {
  const navigate = useNavigate();
  const invoiceSaved = useInvoiceSaved();
  const [alert, setAlert] = useState<string | null>(null);
  const disputed = invoice.lines.filter((l) => l.decision === 'disputed');
  const form = useForm<CreditNoteInput>({
    resolver: zodResolver(creditNoteInputSchema) as never,
    defaultValues: { reason: '', lines: disputed.map((l) => ({ lineId: l.id, amountRupees: suggested(l) })) },
  });
  const submit = form.handleSubmit(async (values) => {
    setAlert(null);
    try {
      const saved = await answerDispute(invoice.id, { ...values, reason: values.reason.trim() }, loaded);
      const note = saved.notes.length > invoice.notes.length ? saved.notes[saved.notes.length - 1] : undefined;
      toast(
        note
          ? `Credit note ${note.number} for ${inr(note.totalPaise)} sent; the shipper reviews the lines again.`
          : 'Your answer was sent; the shipper reviews the lines again.',
      );
      invoiceSaved(saved);
      navigate(`/carrier/invoices/${invoice.id}`);
    } catch (err) {
      setAlert(applyServerErrors(err, form.setError, FIELDS));
    }
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        {alert && (
          <Alert color="red" role="alert" title="Not sent">
            {alert}
          </Alert>
        )}
        <DisputedLines form={form} lines={disputed} />
        <Textarea
          label="Reason"
          withAsterisk
          autosize
          minRows={2}
          maxLength={300}
          {...form.register('reason')}
          error={form.formState.errors.reason?.message}
        />
        <Group>
          <Button type="submit" loading={form.formState.isSubmitting}>
            Send answer
          </Button>
          <Button component={Link} to={`/carrier/invoices/${invoice.id}`} variant="subtle">
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * `/carrier/invoices/:id/credit-note`: the carrier answers a disputed invoice (issue 33). The
 * invoice stands as issued; what it bills too much is credited by a note in the carrier's series,
 * line by line, and with nothing credited the reason alone says why the bill stands. Either way the
 * shipper decides the disputed lines again.
 */
export function CarrierCreditNotePage() {
  const id = Number(useParams().id);
  // Fresh: the disputed lines and the version the answer is sent against must be the saved ones.
  const query = useFreshCarrierInvoice(id);
  const invoice = query.isFetchedAfterMount ? query.data : undefined;
  const loaded = useRef<string | null>(null);
  if (invoice && loaded.current === null) {
    loaded.current = invoice.updatedAt;
  }
  if (query.error || !invoice) {
    return (
      <PageQueryState title="Answer the dispute" query={query} loading="Loading the invoice" failed="The invoice could not be loaded." />
    );
  }
  return (
    <Page title={`Answer the dispute on ${invoice.number}`}>
      {invoice.can.answer ? (
        <Stack>
          <Text size="sm">
            Credit what the invoice bills too much on each disputed line: a credit note in your series is made for it. Leave a line at ₹0 to
            stand by it, and say why.
          </Text>
          <AnswerForm invoice={invoice} loaded={loaded.current ?? invoice.updatedAt} />
        </Stack>
      ) : (
        <Alert color="orange">Only a disputed invoice is answered; this one is {invoice.status.replace('_', ' ')}.</Alert>
      )}
    </Page>
  );
}

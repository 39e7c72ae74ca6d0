import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconChecks } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from '../../components/feedback/feedback.tsx';
import { StaleAlert } from '../../components/form/stale-alert.tsx';
import { type InvoiceAnswer, inr } from '../../components/invoices/invoice-format.ts';
import { InvoiceLinesTable } from '../../components/invoices/invoice-lines-table.tsx';
import { ApiError, isStale } from '../../lib/api.ts';
import { plural } from '../../lib/format.ts';
import { approveMatching, INVOICES_KEY, invoiceQuery, reviewInvoice } from './invoice-queries.ts';
import {
  type Choices,
  checkReview,
  choicesAfterAnswer,
  errorsByLine,
  type LineErrors,
  pendingMatches,
  reviewBody,
} from './review-draft.ts';
import { ReviewLineChoice } from './review-line-choice.tsx';

/** What the save did to the invoice, in words. */
function outcome(saved: InvoiceAnswer): string {
  if (saved.status === 'approved' || saved.status === 'paid') {
    return `Invoice ${saved.number} approved for ${inr(saved.approvedPaise ?? 0)}${saved.dueDate ? `, due by ${saved.dueDate}` : ''}.`;
  }
  if (saved.status === 'disputed') {
    return `Invoice ${saved.number} disputed; the carrier is told and answers with a credit note or its reasons.`;
  }
  const left = saved.lines.filter((l) => l.decision === 'pending').length;
  return `Decisions saved; ${plural(left, 'line')} still to decide.`;
}

/**
 * The shipper's review of a submitted invoice: a decision per line (approve, adjust, dispute), all
 * saved with one button against the version on screen, or every matching line approved in one click.
 */
export function InvoiceReview({ invoice, reload }: { invoice: InvoiceAnswer; reload: () => Promise<unknown> }) {
  const client = useQueryClient();
  const [choices, setChoices] = useState<Choices>({});
  const [lineErrors, setLineErrors] = useState<LineErrors>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [stale, setStale] = useState<string | null>(null);
  // The choices on screen when a call went out: its answer clears only those (a choice made while it
  // was on its way stays).
  const done = (saved: InvoiceAnswer, message: string, sent: Choices) => {
    client.setQueryData(invoiceQuery(invoice.id).queryKey, saved);
    void client.invalidateQueries({ queryKey: INVOICES_KEY });
    setChoices((now) => choicesAfterAnswer(now, sent));
    setLineErrors({});
    toast(message);
  };
  const failed = (err: unknown, body?: ReturnType<typeof reviewBody>) => {
    if (isStale(err)) {
      setStale(err.message);
      return;
    }
    const fields = err instanceof ApiError ? err.fields : {};
    const placed = body ? errorsByLine(fields, body) : {};
    setLineErrors(placed);
    setAlert(Object.keys(placed).length ? null : err instanceof Error ? err.message : 'Something went wrong. Please try again.');
  };
  const save = useMutation({
    mutationFn: ({ body }: { body: ReturnType<typeof reviewBody>; sent: Choices }) => reviewInvoice(invoice.id, body, invoice.updatedAt),
    onSuccess: (saved, { sent }) => done(saved, outcome(saved), sent),
    onError: (err, { body }) => failed(err, body),
  });
  const matching = useMutation({
    mutationFn: (_sent: Choices) => approveMatching(invoice.id, invoice.updatedAt),
    onSuccess: (r, sent) => done(r.data, `${plural(r.approved, 'matching line')} approved. ${outcome(r.data)}`, sent),
    onError: (err) => failed(err),
  });
  const submit = () => {
    setAlert(null);
    setStale(null);
    const body = reviewBody(invoice.lines, choices);
    const problems = checkReview(body);
    if (problems) {
      setLineErrors(problems.lines);
      setAlert(problems.form ?? 'Check the lines marked in red.');
      return;
    }
    save.mutate({ body, sent: choices });
  };
  const matches = pendingMatches(invoice.lines);
  const chosen = Object.keys(choices).length;
  return (
    <Paper withBorder p="md" component="section" aria-label="Review">
      <Stack>
        <Group justify="space-between">
          <Title order={4}>Lines, audit and your decisions</Title>
          <Button
            variant="light"
            leftSection={<IconChecks size={16} />}
            disabled={matches === 0 || save.isPending}
            loading={matching.isPending}
            onClick={() => {
              setAlert(null);
              setStale(null);
              matching.mutate(choices);
            }}
          >
            Approve all matching lines{matches ? ` (${matches})` : ''}
          </Button>
        </Group>
        <Text size="sm" c="dimmed">
          Approve a line as billed, adjust it to what you accept (a credit note is made for the rest) or dispute it (the carrier answers
          with a credit note or why the bill stands). Once every line is decided the invoice is approved or disputed.
        </Text>
        {stale && (
          <StaleAlert
            message={stale}
            onReload={async () => {
              await reload();
              setStale(null);
            }}
          />
        )}
        {alert && (
          <Alert color="red" role="alert">
            {alert}
          </Alert>
        )}
        <InvoiceLinesTable
          lines={invoice.lines}
          caption="Invoice lines"
          decide={(line, i) => (
            <ReviewLineChoice
              line={line}
              index={i}
              choice={choices[line.id]}
              errors={lineErrors[line.id]}
              onChange={(c) =>
                setChoices((prev) => {
                  const { [line.id]: _old, ...rest } = prev;
                  return c ? { ...rest, [line.id]: c } : rest;
                })
              }
            />
          )}
        />
        <Group>
          <Button onClick={submit} loading={save.isPending} disabled={matching.isPending}>
            Save decisions{chosen ? ` (${chosen})` : ''}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

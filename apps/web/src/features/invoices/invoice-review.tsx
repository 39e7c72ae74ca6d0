import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconChecks } from '@tabler/icons-react';
import { useState } from 'react';
import { toast } from '../../components/feedback/feedback.tsx';
import { StaleAlert } from '../../components/form/stale-alert.tsx';
import { type InvoiceAnswer, inr } from '../../domain/invoices/invoice-format.ts';
import { InvoiceLinesTable } from '../../domain/invoices/invoice-lines-table.tsx';
import { ApiError, isStale } from '../../lib/api.ts';
import { plural } from '../../lib/format.ts';
import { useApproveMatching, useReviewInvoice } from './api/review-invoice.ts';
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

/** The decisions on screen, their errors and the alerts, and what a call's answer does to them. */
function useReviewState(reload: () => Promise<unknown>) {
  const [choices, setChoices] = useState<Choices>({});
  const [lineErrors, setLineErrors] = useState<LineErrors>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [stale, setStale] = useState<string | null>(null);
  // The choices on screen when a call went out: its answer clears only those (a choice made while it
  // was on its way stays).
  const answered = (message: string, sent: Choices) => {
    setChoices((now) => choicesAfterAnswer(now, sent));
    setLineErrors({});
    toast(message);
  };
  const refused = (err: unknown, body?: ReturnType<typeof reviewBody>) => {
    if (isStale(err)) {
      setStale(err.message);
      return;
    }
    const fields = err instanceof ApiError ? err.fields : {};
    const placed = body ? errorsByLine(fields, body) : {};
    setLineErrors(placed);
    setAlert(Object.keys(placed).length ? null : err instanceof Error ? err.message : 'Something went wrong. Please try again.');
  };
  const clearAlerts = () => {
    setAlert(null);
    setStale(null);
  };
  const choose = (lineId: number, c: Choices[number] | undefined) =>
    setChoices((prev) => {
      const { [lineId]: _old, ...rest } = prev;
      return c ? { ...rest, [lineId]: c } : rest;
    });
  const reloadStale = async () => {
    await reload();
    setStale(null);
  };
  return { choices, lineErrors, alert, stale, setLineErrors, setAlert, answered, refused, clearAlerts, choose, reloadStale };
}

type ReviewState = ReturnType<typeof useReviewState>;

/** The two calls: the decisions saved, or every matching line approved, both against the version on screen. */
function useReviewCalls(invoice: InvoiceAnswer, state: ReviewState) {
  const save = useReviewInvoice<Choices>(invoice.id, invoice.updatedAt, {
    saved: (saved, sent) => state.answered(outcome(saved), sent),
    refused: (err, body) => state.refused(err, body),
  });
  const matching = useApproveMatching<Choices>(invoice.id, invoice.updatedAt, {
    approved: (r, sent) => state.answered(`${plural(r.approved, 'matching line')} approved. ${outcome(r.data)}`, sent),
    refused: (err) => state.refused(err),
  });
  const submit = () => {
    state.clearAlerts();
    const body = reviewBody(invoice.lines, state.choices);
    const problems = checkReview(body);
    if (problems) {
      state.setLineErrors(problems.lines);
      state.setAlert(problems.form ?? 'Check the lines marked in red.');
      return;
    }
    save.mutate({ body, sent: state.choices });
  };
  const approveMatching = () => {
    state.clearAlerts();
    matching.mutate(state.choices);
  };
  return { save, matching, submit, approveMatching };
}

/**
 * The shipper's review of a submitted invoice: a decision per line (approve, adjust, dispute), all
 * saved with one button against the version on screen, or every matching line approved in one click.
 */
export function InvoiceReview({ invoice, reload }: { invoice: InvoiceAnswer; reload: () => Promise<unknown> }) {
  const state = useReviewState(reload);
  const { save, matching, submit, approveMatching } = useReviewCalls(invoice, state);
  const { choices, lineErrors } = state;
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
            onClick={approveMatching}
          >
            Approve all matching lines{matches ? ` (${matches})` : ''}
          </Button>
        </Group>
        <Text size="sm" c="dimmed">
          Approve a line as billed, adjust it to what you accept (a credit note is made for the rest) or dispute it (the carrier answers
          with a credit note or why the bill stands). Once every line is decided the invoice is approved or disputed.
        </Text>
        {state.stale && <StaleAlert message={state.stale} onReload={state.reloadStale} />}
        {state.alert && (
          <Alert color="red" role="alert">
            {state.alert}
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
              onChange={(c) => state.choose(line.id, c)}
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

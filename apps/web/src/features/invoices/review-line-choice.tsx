import { Group, Radio, Stack, TextInput, VisuallyHidden } from '@mantine/core';
import type { InvoiceLineView } from '@freightdesk/shared/schemas/invoice-views';
import { NumberTextInput } from '../../components/form/number-input.tsx';
import { inr } from '../../domain/invoices/invoice-format.ts';
import { LineDecision } from '../../domain/invoices/invoice-lines-table.tsx';
import type { Choice, Decision, LineErrors } from './review-draft.ts';

const OPTIONS: { value: Decision | 'leave'; label: string }[] = [
  { value: 'leave', label: 'Leave' },
  { value: 'approve', label: 'Approve' },
  { value: 'adjust', label: 'Adjust' },
  { value: 'dispute', label: 'Dispute' },
];

/**
 * One line's decision: leave it, approve it as billed, adjust it to an amount (with the reason) or
 * dispute it (with the reason). The decision recorded so far shows above; it may change until every
 * line is decided.
 */
export function ReviewLineChoice({
  line,
  index,
  choice,
  errors,
  onChange,
}: {
  line: InvoiceLineView;
  index: number;
  choice: Choice | undefined;
  errors: LineErrors[number] | undefined;
  onChange: (choice: Choice | undefined) => void;
}) {
  const n = index + 1;
  const value = choice?.decision ?? 'leave';
  return (
    <Stack gap={6}>
      {line.decision !== 'pending' && <LineDecision line={line} />}
      <Radio.Group
        // A label (not aria-label): Mantine names the radiogroup itself by its label.
        label={<VisuallyHidden>Decision on line {n}</VisuallyHidden>}
        value={value}
        onChange={(v) =>
          onChange(
            v === 'leave' ? undefined : { decision: v as Decision, amountRupees: choice?.amountRupees, reason: choice?.reason ?? '' },
          )
        }
        error={errors?.line}
      >
        <Group gap="xs" wrap="nowrap">
          {OPTIONS.map((o) => (
            <Radio key={o.value} value={o.value} label={o.label} size="xs" />
          ))}
        </Group>
      </Radio.Group>
      {choice?.decision === 'adjust' && (
        <AdjustedAmount line={line} n={n} choice={choice} error={errors?.amountRupees} onChange={onChange} />
      )}
      {choice && choice.decision !== 'approve' && (
        <TextInput
          size="xs"
          aria-label={`Reason for line ${n}`}
          placeholder={choice.decision === 'adjust' ? 'Why adjusted (required)' : 'Why disputed (required)'}
          maxLength={300}
          value={choice.reason}
          onChange={(e) => onChange({ ...choice, reason: e.currentTarget.value })}
          error={errors?.reason}
        />
      )}
    </Stack>
  );
}

/** The adjusted amount of a line: never above what was billed (the API refuses it too). */
function AdjustedAmount({
  line,
  n,
  choice,
  error,
  onChange,
}: {
  line: InvoiceLineView;
  n: number;
  choice: Choice;
  error: string | undefined;
  onChange: (choice: Choice) => void;
}) {
  return (
    <NumberTextInput
      money
      size="xs"
      aria-label={`Adjusted amount of line ${n}`}
      placeholder="Approved amount"
      description={`At most ${inr(line.amountPaise)}, as billed`}
      value={choice.amountRupees}
      onChange={(amountRupees) => onChange({ ...choice, amountRupees })}
      error={error}
    />
  );
}

import { Alert, Button, Group, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import type { Payment } from '@freightdesk/shared/schemas/plan';
import { formatInr } from '../../lib/format.ts';
import { paymentLines } from './plan-words.ts';

/** One labelled value of the transfer, easy to copy at 360 px. */
function Detail({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
    </div>
  );
}

/**
 * What a shipper owner is to pay for the plan chosen (issue 33): the price, its GST and the total,
 * the platform's bank account and the reference to quote with the transfer.
 */
export function PaymentInstructions({ payment, onCancel, cancelling }: { payment: Payment; onCancel: () => void; cancelling: boolean }) {
  const account = payment.account;
  return (
    <Alert color="blue" title={`Payment awaiting confirmation: ${payment.planName}, ${formatInr(payment.amountRupees)}`}>
      <Stack gap="sm">
        <Table withRowBorders={false} verticalSpacing={2} maw={360} aria-label="Amount to pay">
          <Table.Tbody>
            {paymentLines(payment).map((l) => (
              <Table.Tr key={l.label}>
                <Table.Td fw={l.strong ? 700 : undefined}>{l.label}</Table.Td>
                <Table.Td ta="right" fw={l.strong ? 700 : undefined}>
                  {formatInr(l.rupees)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {account ? (
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" aria-label="Platform bank account">
            <Detail label="Account name" value={account.bankAccountName} />
            <Detail label="Account number" value={account.bankAccountNumber} />
            <Detail label="IFSC" value={account.bankIfsc} />
            <Detail label="Bank" value={account.bankName} />
            <Detail label="Reference to quote" value={payment.reference} />
          </SimpleGrid>
        ) : (
          <Detail label="Reference to quote" value={payment.reference} />
        )}
        <Text size="sm">{payment.instructions}</Text>
        <Group>
          <Button size="xs" variant="default" onClick={onCancel} loading={cancelling}>
            Cancel this payment
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

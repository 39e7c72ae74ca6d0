import { Accordion, Stack, Text, Title } from '@mantine/core';
import type { InvoiceVersionView } from '@freightdesk/shared/schemas/invoice-views';
import { formatDateTime } from '../../lib/format.ts';
import { inr } from './invoice-format.ts';
import { InvoiceLinesTable } from './invoice-lines-table.tsx';

/** Earlier versions of a revised invoice, newest first, each folded until opened. */
export function InvoiceHistory({ history }: { history: InvoiceVersionView[] }) {
  if (!history.length) {
    return null;
  }
  return (
    <Stack gap="xs" component="section" aria-label="Earlier versions">
      <Title order={4}>Earlier versions</Title>
      <Accordion variant="separated">
        {history.map((v) => (
          <Accordion.Item key={v.version} value={String(v.version)}>
            <Accordion.Control>
              Version {v.version}: submitted {formatDateTime(v.submittedAt)}, taxable {inr(v.taxablePaise)}, total {inr(v.totalPaise)}
            </Accordion.Control>
            <Accordion.Panel>
              {v.note && (
                <Text size="sm" mb="xs">
                  Note: {v.note}
                </Text>
              )}
              <InvoiceLinesTable lines={v.lines} caption={`Lines of version ${v.version}`} />
            </Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
    </Stack>
  );
}

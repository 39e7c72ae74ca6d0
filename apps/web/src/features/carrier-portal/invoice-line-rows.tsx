import { ActionIcon, Button, Group, Menu, Table, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { Fragment } from 'react';
import { type UseFieldArrayReturn, type UseFormReturn, useWatch } from 'react-hook-form';
import { INVOICE_LINE_KIND_LABEL, type InvoiceLineKind } from '@freightdesk/shared/schemas/invoice';
import { MoneyField } from '../../components/form/number-field.tsx';
import { inr } from '../../domain/invoices/invoice-format.ts';
import { type DraftLine, type InvoiceDraft, insertIndex, kindsToAdd, needsReason, orderGroups } from './invoice-draft.ts';
import { IndexTh } from '../../components/data-table/index-column.tsx';

type Props = {
  form: UseFormReturn<InvoiceDraft>;
  array: UseFieldArrayReturn<InvoiceDraft, 'lines'>;
};

type OrderGroup = ReturnType<typeof orderGroups>[number];

/** "Line 3 (ORD-7, Freight)": how the error summary and the inputs name a line. */
const lineName = (i: number, l: Pick<DraftLine, 'orderNumber' | 'kind'>) =>
  `Line ${i + 1} (${l.orderNumber}, ${INVOICE_LINE_KIND_LABEL[l.kind]})`;

/** An order's heading row: its number and vehicle, "Add line" (a menu of the kinds it may still take) and "Remove order". */
function OrderHeading(props: {
  group: OrderGroup;
  kinds: InvoiceLineKind[];
  onAdd: (kind: InvoiceLineKind) => void;
  onRemove: () => void;
}) {
  const g = props.group;
  return (
    <Table.Tr bg="gray.0">
      <Table.Td colSpan={5}>
        <Group justify="space-between">
          <Text fw={600} size="sm">
            Order {g.orderNumber}
            <Text span c="dimmed" size="sm">
              {' '}
              · {g.vehicleNumber ?? 'no vehicle'}
            </Text>
          </Text>
          <Group gap="xs">
            <Menu position="bottom-end">
              <Menu.Target>
                <Button size="xs" variant="light" leftSection={<IconPlus size={14} />} aria-label={`Add a line to ${g.orderNumber}`}>
                  Add line
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                {props.kinds.map((k) => (
                  <Menu.Item key={k} onClick={() => props.onAdd(k)}>
                    {INVOICE_LINE_KIND_LABEL[k]}
                  </Menu.Item>
                ))}
              </Menu.Dropdown>
            </Menu>
            <Button size="xs" variant="subtle" color="red" onClick={props.onRemove} aria-label={`Remove ${g.orderNumber}`}>
              Remove order
            </Button>
          </Group>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

/** One line: its kind (and a server message on it), its amount with what is expected, its reason, and removing it. */
function LineRow({ form, index: i, line, onRemove }: { form: Props['form']; index: number; line: DraftLine; onRemove: () => void }) {
  const err = form.formState.errors.lines?.[i];
  const name = lineName(i, line);
  const lineError = err?.orderId?.message ?? err?.kind?.message;
  return (
    <Table.Tr data-path={`lines.${i}`} data-label={name}>
      <Table.Td>{i + 1}</Table.Td>
      <Table.Td>
        <Text size="sm">{INVOICE_LINE_KIND_LABEL[line.kind]}</Text>
        {lineError && (
          <Text size="xs" c="red" role="alert">
            {lineError}
          </Text>
        )}
      </Table.Td>
      <Table.Td miw={200}>
        <MoneyField
          control={form.control}
          name={`lines.${i}.amountRupees`}
          aria-label={`Amount of ${name}`}
          description={line.expectedPaise ? `Expected ${inr(line.expectedPaise)}` : undefined}
          inputWrapperOrder={['input', 'description', 'error']}
        />
      </Table.Td>
      <Table.Td miw={220}>
        <TextInput
          aria-label={`Reason of ${name}`}
          placeholder={needsReason(line.kind) ? 'What is it for? (required)' : 'Optional'}
          {...form.register(`lines.${i}.reason`)}
          error={err?.reason?.message}
        />
      </Table.Td>
      <Table.Td>
        <ActionIcon variant="subtle" color="red" onClick={onRemove} aria-label={`Remove ${name}`}>
          <IconTrash size={16} />
        </ActionIcon>
      </Table.Td>
    </Table.Tr>
  );
}

/**
 * The invoice's lines grouped by order: each order with a menu to add a charge or a deduction and a
 * way to take it off; each line its amount in rupees (with what the platform expects beside it) and
 * its reason (required for other charges and deductions). Server messages on a line show on it.
 */
export function InvoiceLineRows({ form, array }: Props) {
  const lines = useWatch({ control: form.control, name: 'lines' }) ?? [];
  const add = (group: DraftLine, kind: InvoiceLineKind) =>
    array.insert(insertIndex(lines, group.orderId), { ...group, kind, amountRupees: undefined, reason: '', expectedPaise: null });
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table verticalSpacing="xs" aria-label="Invoice lines">
        <Table.Thead>
          <Table.Tr>
            <IndexTh />
            <Table.Th>Charge</Table.Th>
            <Table.Th>Amount (₹)</Table.Th>
            <Table.Th>Reason</Table.Th>
            <Table.Th aria-label="Remove" />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {orderGroups(lines).map((g) => {
            const first = lines[g.indexes[0] ?? 0];
            return (
              <Fragment key={g.orderId}>
                <OrderHeading
                  group={g}
                  kinds={kindsToAdd(lines, g.orderId)}
                  onAdd={(k) => first && add(first, k)}
                  onRemove={() => array.remove(g.indexes)}
                />
                {g.indexes.map((i) => {
                  const line = lines[i];
                  const field = array.fields[i];
                  return line && field ? (
                    <LineRow key={field.id} form={form} index={i} line={line} onRemove={() => array.remove(i)} />
                  ) : null;
                })}
              </Fragment>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

import { Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import type { ConsignmentNoteView } from '@freightdesk/shared/schemas/consignment-note';
import { formatDate } from '../../lib/format.ts';
import { PdfButton } from './pdf-button.tsx';
import { indianNumber } from '@freightdesk/shared/indian-number';

const weight = (kg: number | null) => (kg === null ? null : `${indianNumber(Math.round(kg))} kg`);

/** The note's goods in one line: what, how many packages, how heavy. */
export function goodsLine(note: ConsignmentNoteView): string {
  const d = note.details;
  return [
    d.goods ?? 'Goods as per the consignor’s invoice',
    d.packages === null ? null : `${indianNumber(d.packages)} packages`,
    weight(d.weightKg),
  ]
    .filter(Boolean)
    .join(' · ');
}

/**
 * An order's consignment note (LR): its number and day, who made it, the goods and the parties,
 * with its PDF; before one is made, `empty` says when it will be and `action` offers to make it.
 */
export function ConsignmentNoteCard({
  note,
  pdfPath,
  empty,
  action,
  heading = true,
}: {
  note: ConsignmentNoteView | null;
  pdfPath: string;
  empty: string;
  action?: ReactNode;
  heading?: boolean;
}) {
  return (
    <Stack gap={6} mb="lg" role="group" aria-label="Consignment note (LR)">
      {heading && <Title order={4}>Consignment note (LR)</Title>}
      {note ? (
        <>
          <Group gap="xs" wrap="wrap">
            <Text fw={600} ff="monospace">
              {note.number}
            </Text>
            <Text size="sm" c="dimmed">
              {formatDate(note.noteDate)}, {note.source === 'gate_out' ? 'made at gate out' : 'made by the carrier'}
            </Text>
          </Group>
          <Text size="sm">{goodsLine(note)}</Text>
          <Text size="sm" c="dimmed">
            {note.details.consignor.name} → {note.details.consignees.map((c) => c.name).join(', ')}
          </Text>
          <Group>
            <PdfButton
              path={pdfPath}
              fallbackName="consignment-note.pdf"
              failed="The consignment note could not be downloaded."
              size="xs"
              ariaLabel={`Download PDF of ${note.number}`}
            />
          </Group>
        </>
      ) : (
        <>
          <Text size="sm" c="dimmed">
            {empty}
          </Text>
          {action}
        </>
      )}
    </Stack>
  );
}

import { Button, Modal, Stack, Text } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';
import type { GateBoardRow } from '@freightdesk/shared/schemas/gate-board';
import { DateTimeField } from '../../components/form/date-time-field.tsx';
import { DialogFooter } from '../../components/form/dialog-footer.tsx';
import { useGateText } from './gate-words.ts';

type Props = {
  title: string;
  row: GateBoardRow;
  /** The time field's label ("Gate in time"); empty means now. */
  timeLabel: string;
  at: string | null;
  onAtChange: (value: string | null) => void;
  atError?: string;
  formError: string | null;
  submitLabel: string;
  submitting: boolean;
  onSubmit: (event: FormEvent) => void;
  onClose: () => void;
  children: ReactNode;
};

/**
 * The frame of every gate move: which vehicle and order, the move's fields, its time (empty: now,
 * the common case) and one big confirm button, sized for a finger on a tablet.
 */
export function MoveDialog(p: Props) {
  const { t } = useGateText();
  return (
    <Modal opened onClose={p.onClose} title={p.title} centered size="lg">
      <form onSubmit={p.onSubmit} noValidate>
        <Stack>
          <Text size="sm" c="dimmed">
            <b>{p.row.vehicleNumber ?? t('card.noVehicle')}</b> · {p.row.orderNumber} · {p.row.carrierName}
          </Text>
          {p.children}
          <DateTimeField
            label={p.timeLabel}
            description={t('dialog.time')}
            placeholder={t('dialog.now')}
            value={p.at}
            onChange={p.onAtChange}
            error={p.atError}
            size="md"
          />
          <DialogFooter error={p.formError} onCancel={p.onClose} cancelLabel={t('dialog.cancel')} size="lg">
            <Button type="submit" size="lg" loading={p.submitting}>
              {p.submitLabel}
            </Button>
          </DialogFooter>
        </Stack>
      </form>
    </Modal>
  );
}

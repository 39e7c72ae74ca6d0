import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { CONFIRM_TEXT } from '@freightdesk/shared/constants';
import { modalsReady } from './modals-host.tsx';

/**
 * The confirm dialog of spec section 8: title 'Are you sure?' and one of the spec's texts.
 * Resolves true on confirm, false on cancel or close.
 */
export async function confirmAction(text: string, confirmLabel = 'Yes', danger = false): Promise<boolean> {
  await modalsReady();
  return new Promise((resolve) => {
    modals.openConfirmModal({
      title: CONFIRM_TEXT.title,
      centered: true,
      children: <Text size="sm">{text}</Text>,
      labels: { confirm: confirmLabel, cancel: 'Cancel' },
      confirmProps: danger ? { color: 'red' } : undefined,
      onConfirm: () => resolve(true),
      onCancel: () => resolve(false),
      onClose: () => resolve(false),
    });
  });
}

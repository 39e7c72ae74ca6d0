import { Button } from '@mantine/core';
import { IconPlayerTrackNext } from '@tabler/icons-react';
import type { IndentDetail } from '@freightdesk/shared/schemas/indent';
import { confirmAction } from '../../components/feedback/confirm.tsx';
import { toast } from '../../components/feedback/feedback.tsx';
import { ApiError } from '../../lib/api.ts';
import { hasPermission } from '../../lib/session.ts';
import { usePassOnIndent } from './api/pass-on-indent.ts';

/**
 * "Pass on to next carrier": the shipper stops waiting for the carrier asked now (it said no on
 * the phone, it does not pick up) and the next is asked at once, or the vehicles become a spot
 * indent when nobody is left. Shown while a carrier is being asked, to a user who may place or edit indents.
 */
export function PassOnButton({ indent }: { indent: IndentDetail }) {
  const pass = usePassOnIndent(indent.id, {
    passed: (data) =>
      toast(
        data.currentCarrierName
          ? `Passed on: ${data.currentCarrierName} is asked now.`
          : `Passed on: nobody is left to ask, so ${data.spotVehicles} vehicle${data.spotVehicles === 1 ? '' : 's'} wait as a spot indent.`,
      ),
    // 409 INDENT_NOT_ASKING: the carrier answered, or its time ran out, meanwhile; the hook refetches the indent.
    refused: (err) => toast(err instanceof ApiError ? err.message : 'Something went wrong. Please try again.', 'error'),
  });
  const carrier = indent.currentCarrierName;
  if (indent.status !== 'open' || !carrier || !(hasPermission('add-indent') || hasPermission('edit-indent'))) {
    return null;
  }
  const ask = async () => {
    const text = `Stop waiting for ${carrier} on indent ${indent.number}? Its turn ends now, unanswered, and the next carrier in line is asked; if none is left, the vehicles become a spot indent.`;
    if (await confirmAction(text, 'Pass on')) {
      pass.mutate();
    }
  };
  return (
    <Button variant="default" leftSection={<IconPlayerTrackNext size={16} />} onClick={ask} loading={pass.isPending}>
      Pass on to next carrier
    </Button>
  );
}

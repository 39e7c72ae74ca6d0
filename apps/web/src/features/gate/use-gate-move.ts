import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { FieldValues, UseFormSetError } from 'react-hook-form';
import type { GateBoardRow } from '@freightdesk/shared/schemas/execution';
import type { Order } from '@freightdesk/shared/schemas/order';
import { toast } from '../../components/feedback/feedback.tsx';
import { indiaTimeToIso } from '../../components/form/date-time.ts';
import { formatDateTime } from '../../lib/format.ts';
import { applyServerErrors } from '../../components/form/server-errors.ts';
import { ApiError, newIdempotencyKey } from '../../lib/api.ts';
import { keepMove } from '../../lib/outbox.ts';
import { type Dir, GATE_CALL_LABEL, outboxScope } from './gate-helpers.ts';
import { refreshAfterMove } from './api/gate-board.ts';
import { type GateCall, postGateMove } from './api/post-gate-move.ts';

/**
 * Without network a move is kept on the device at the time it was made (lib/outbox.ts) and sent
 * when the network returns, under a key of its own: had the failed try reached the server after
 * all, the kept one is refused as a conflict and shown, never made twice.
 */
async function keepGateMove(dir: Dir, row: GateBoardRow, call: GateCall, at: string | null, body: object): Promise<void> {
  const when = at ? indiaTimeToIso(at) : new Date().toISOString();
  const path = `/orders/${dir}/${row.orderId}/${call}`;
  const label = `${GATE_CALL_LABEL[call]} ${row.vehicleNumber ?? row.orderNumber} (${row.orderNumber}) at ${formatDateTime(when)}`;
  await keepMove({ key: newIdempotencyKey(), path, body: { ...body, at: when }, label, scope: outboxScope(dir) });
  toast(`No network: ${label} is kept on this device and will be sent when the network is back.`);
}

/** A 409: another guard or tab moved the vehicle first. */
function movedMeanwhile(row: GateBoardRow) {
  const vehicle = row.vehicleNumber ?? row.orderNumber;
  toast(
    `${vehicle} (${row.orderNumber}) was already moved by someone else (another guard or screen): the board now shows where it is.`,
    'error',
  );
}

/**
 * One gate move of one row: the time field (empty: now), the post, server field errors onto their
 * fields (the time onto its own), and a 409 — another guard or tab moved the vehicle first — as a
 * clear message that closes the dialog and refreshes the board to show where the vehicle is now.
 */
export function useGateMove<V extends FieldValues>(dir: Dir, row: GateBoardRow, call: GateCall, onClose: () => void) {
  const client = useQueryClient();
  const [at, setAt] = useState<string | null>(null);
  const [atError, setAtError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);

  /** Keeps the move on the device (no network) and closes the dialog. */
  async function keepOffline(body: object): Promise<null> {
    await keepGateMove(dir, row, call, at, body);
    onClose();
    return null;
  }

  /** Posts the move; resolves to the order on success, null when refused (errors placed) or kept offline. */
  async function send(body: object, setError: UseFormSetError<V>, fields: readonly string[], done: string): Promise<Order | null> {
    setFormError(null);
    setAtError(undefined);
    if (!navigator.onLine) {
      return keepOffline(body);
    }
    try {
      const res = await postGateMove(dir, row.orderId, call, { ...body, at: indiaTimeToIso(at) });
      toast(done);
      refreshAfterMove(client);
      onClose();
      return res.data;
    } catch (err) {
      if (err instanceof ApiError && err.status === 0) {
        return keepOffline(body);
      }
      if (err instanceof ApiError && err.status === 409) {
        movedMeanwhile(row);
        refreshAfterMove(client);
        onClose();
        return null;
      }
      const place: UseFormSetError<V> = (name, error, options) => {
        if (name === 'at') {
          setAtError(error.message);
        } else {
          setError(name, error, options);
        }
      };
      setFormError(applyServerErrors<V>(err, place, [...fields, 'at']));
      return null;
    }
  }

  return {
    at,
    setAt: (value: string | null) => {
      setAt(value);
      setAtError(undefined);
    },
    atError,
    formError,
    send,
  };
}

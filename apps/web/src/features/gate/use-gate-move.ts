import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { FieldValues, UseFormSetError } from 'react-hook-form';
import type { GateBoardRow } from '@freightdesk/shared/schemas/execution';
import type { Order } from '@freightdesk/shared/schemas/order';
import { toast } from '../../components/feedback/feedback.tsx';
import { indiaTimeToIso } from '../../components/form/date-time.ts';
import { applyServerErrors } from '../../components/form/server-errors.ts';
import { api, ApiError } from '../../lib/api.ts';
import type { Dir } from './gate-helpers.ts';
import { refreshAfterMove } from './queries.ts';

/** The call of each gate move under `/api/orders/{dir}/:id/`. */
export type GateCall = 'gate-in' | 'loaded' | 'unloaded' | 'gate-out';

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
  const vehicle = row.vehicleNumber ?? row.orderNumber;

  /** Posts the move; resolves to the order on success, null when refused (errors placed). */
  async function send(body: object, setError: UseFormSetError<V>, fields: readonly string[], done: string): Promise<Order | null> {
    setFormError(null);
    setAtError(undefined);
    try {
      const res = await api.post<{ data: Order }>(`/orders/${dir}/${row.orderId}/${call}`, { ...body, at: indiaTimeToIso(at) });
      toast(done);
      refreshAfterMove(client);
      onClose();
      return res.data;
    } catch (err) {
      if (err instanceof ApiError && err.status === 409) {
        toast(
          `${vehicle} (${row.orderNumber}) was already moved by someone else (another guard or screen): the board now shows where it is.`,
          'error',
        );
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

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
import { useFieldText } from '../../lib/i18n.ts';
import { hasKeptMoves, keepMove, sendWaitingMoves } from '../../lib/outbox.ts';
import { type Dir, GATE_CALL_LABEL, outboxScope } from './gate-helpers.ts';
import { keptGroup } from './kept-board.ts';
import { refreshAfterMove } from './api/gate-board.ts';
import { type GateCall, postGateMove } from './api/post-gate-move.ts';

type Words = ReturnType<typeof useFieldText>['t'];

/**
 * Without network a move is kept on the device at the time it was made (lib/outbox.ts) and sent
 * when the network returns, under a key of its own: had the failed try reached the server after
 * all, the kept one is refused as a conflict and shown, never made twice. A move of a vehicle whose
 * earlier moves still wait on the device is kept too (`after`), to go out behind them, in order.
 */
async function keepGateMove(
  t: Words,
  move: { dir: Dir; row: GateBoardRow; call: GateCall },
  at: string | null,
  body: object,
  after: boolean,
) {
  const { dir, row, call } = move;
  const when = at ? indiaTimeToIso(at) : new Date().toISOString();
  const path = `/orders/${dir}/${row.orderId}/${call}`;
  const values = { vehicle: row.vehicleNumber ?? row.orderNumber, order: row.orderNumber, at: formatDateTime(when) };
  const label = `${GATE_CALL_LABEL[call]} ${values.vehicle} (${values.order}) at ${values.at}`;
  const words = { key: `gate:kept.${call}`, values };
  await keepMove({
    key: newIdempotencyKey(),
    path,
    body: { ...body, at: when },
    label,
    scope: outboxScope(dir),
    group: keptGroup(dir, row.orderId),
    words,
  });
  const said = t(`kept.${call}`, values);
  toast(after ? t('move.keptAfter', { label: said }) : t('move.kept', { label: said }));
  if (after && navigator.onLine) {
    void sendWaitingMoves();
  }
}

/** A 409: another guard or tab moved the vehicle first. */
function movedMeanwhile(t: Words, row: GateBoardRow) {
  toast(t('move.movedMeanwhile', { vehicle: row.vehicleNumber ?? row.orderNumber, order: row.orderNumber }), 'error');
}

/**
 * A 409: the vehicle's documents block the gate in (NOT_CLEARED, issue 37): the server's reason
 * stays in the dialog; else another guard or tab moved the vehicle first: told, and the dialog closes.
 */
function refusedAtGate(err: ApiError, movedFirst: () => void, setFormError: (m: string) => void, onClose: () => void) {
  if (err.code === 'NOT_CLEARED') {
    setFormError(err.message);
    return;
  }
  movedFirst();
  onClose();
}

/** A refusal's field errors onto their fields (the time onto its own); what belongs to none, to show above the buttons. */
function placeErrors<V extends FieldValues>(
  err: unknown,
  setError: UseFormSetError<V>,
  setAtError: (message: string | undefined) => void,
  fields: readonly string[],
): string | null {
  const place: UseFormSetError<V> = (name, error, options) => {
    if (name === 'at') {
      setAtError(error.message);
    } else {
      setError(name, error, options);
    }
  };
  return applyServerErrors<V>(err, place, [...fields, 'at']);
}

/**
 * One gate move of one row: the time field (empty: now), the post, server field errors onto their
 * fields (the time onto its own), a gate in refused for the vehicle's documents (409 NOT_CLEARED)
 * in the dialog, and any other 409 — another guard or tab moved the vehicle first — as a clear
 * message that closes the dialog and refreshes the board to show where the vehicle is now.
 */
export function useGateMove<V extends FieldValues>(dir: Dir, row: GateBoardRow, call: GateCall, onClose: () => void) {
  const client = useQueryClient();
  const { t } = useFieldText('gate');
  const [at, setAt] = useState<string | null>(null);
  const [atError, setAtError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);

  /** Keeps the move on the device (no network) and closes the dialog. */
  async function keepOffline(body: object, after = false): Promise<null> {
    await keepGateMove(t, { dir, row, call }, at, body, after);
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
    if (hasKeptMoves(keptGroup(dir, row.orderId))) {
      return keepOffline(body, true);
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
        refusedAtGate(err, () => movedMeanwhile(t, row), setFormError, onClose);
        refreshAfterMove(client);
        return null;
      }
      setFormError(placeErrors(err, setError, setAtError, fields));
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

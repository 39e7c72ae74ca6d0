import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { FieldValues, UseFormSetError } from 'react-hook-form';
import type { GateBoardRow } from '@freightdesk/shared/schemas/gate-board';
import type { Order } from '@freightdesk/shared/schemas/order';
import { toast } from '../../components/feedback/feedback.tsx';
import { indiaTimeToIso } from '../../components/form/date-time.ts';
import { applyServerErrors } from '../../components/form/server-errors.ts';
import { ApiError } from '../../lib/api.ts';
import { useFieldText } from '../../lib/i18n.ts';
import { useMessageWords } from '../../lib/message-words.ts';
import type { Dir } from './gate-helpers.ts';
import { refreshAfterMove } from './api/gate-board.ts';
import { type GateCall, type GateMove, gateMoveWords, sendGateMove } from './api/post-gate-move.ts';

type Words = ReturnType<typeof useFieldText>['t'];

/**
 * What the guard is told of a move kept on the device (lib/outbox-send.ts: no network, an unsure
 * answer, or earlier moves of the vehicle still waiting, behind which it goes).
 */
function toldKept(t: Words, move: GateMove, at: string, behind: boolean) {
  const said = t(`kept.${move.call}`, gateMoveWords(move, at).values);
  toast(behind ? t('move.keptAfter', { label: said }) : t('move.kept', { label: said }));
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

/**
 * A refusal's field errors onto their fields (the time onto its own), said in the chosen language
 * (lib/message-words.ts); what belongs to none, to show above the buttons.
 */
function placeErrors<V extends FieldValues>(
  err: unknown,
  setError: UseFormSetError<V>,
  setAtError: (message: string | undefined) => void,
  fields: readonly string[],
  say: (message: string) => string,
): string | null {
  const place: UseFormSetError<V> = (name, error, options) => {
    const said = { ...error, message: error.message === undefined ? undefined : say(error.message) };
    if (name === 'at') {
      setAtError(said.message);
    } else {
      setError(name, said, options);
    }
  };
  return applyServerErrors<V>(err, place, [...fields, 'at']);
}

/**
 * One gate move of one row: the time field (empty: now), sent or kept on the device through the one
 * send-or-keep (lib/outbox-send.ts, record 0309), server field errors onto their fields (the time
 * onto its own), a gate in refused for the vehicle's documents (409 NOT_CLEARED) in the dialog, and
 * any other 409 — another guard or tab moved the vehicle first — as a clear message that closes the
 * dialog and refreshes the board to show where the vehicle is now.
 */
export function useGateMove<V extends FieldValues>(dir: Dir, row: GateBoardRow, call: GateCall, onClose: () => void) {
  const client = useQueryClient();
  const { t } = useFieldText('gate');
  const say = useMessageWords();
  const [at, setAt] = useState<string | null>(null);
  const [atError, setAtError] = useState<string | undefined>();
  const [formError, setFormErrorAsSent] = useState<string | null>(null);
  // Every message is said in the chosen language as it arrives (lib/message-words.ts).
  const setFormError = (message: string | null) => setFormErrorAsSent(message && say(message));

  /** Sends the move or keeps it on the device; resolves to the order when sent, null when refused (errors placed) or kept. */
  async function send(body: object, setError: UseFormSetError<V>, fields: readonly string[], done: string): Promise<Order | null> {
    setFormError(null);
    setAtError(undefined);
    const move = { dir, row, call };
    const when = indiaTimeToIso(at) ?? new Date().toISOString();
    try {
      const outcome = await sendGateMove(move, body, when);
      if (outcome.kind === 'kept') {
        toldKept(t, move, when, outcome.behind);
        onClose();
        return null;
      }
      toast(done);
      refreshAfterMove(client);
      onClose();
      return outcome.answer.data;
    } catch (err) {
      if (err instanceof ApiError && err.status === 409) {
        refusedAtGate(err, () => movedMeanwhile(t, row), setFormError, onClose);
        refreshAfterMove(client);
        return null;
      }
      setFormError(placeErrors(err, setError, setAtError, fields, say));
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

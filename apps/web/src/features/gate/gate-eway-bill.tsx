import { Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { GateBoardRow } from '@freightdesk/shared/schemas/gate-board';
import { ewayBillLookupSchema } from '@freightdesk/shared/schemas/eway-bill';
import { addEwayBill, type FoundBill, lookupEwayBill } from '../../domain/eway-bills/api/eway-bill-calls.ts';
import { toast } from '../../components/feedback/feedback.tsx';
import { ApiError } from '../../lib/api.ts';
import { formatDateTime } from '../../lib/format.ts';
import type { Dir } from './gate-helpers.ts';
import { type GateWords, useGateText } from './gate-words.ts';
import { refreshAfterMove } from './api/gate-board.ts';
import { useOrderEwayBills } from './api/order-eway-bills.ts';

/** A refusal in words for the number field: the server's own for the number, else its message. */
function refusal(t: GateWords, err: unknown): string {
  if (err instanceof ApiError) {
    return err.fields.number ?? err.message;
  }
  return t('bill.failed');
}

/** The bill the system found, to confirm before it is recorded on the order. */
function Found({ bill, adding, onAdd }: { bill: FoundBill; adding: boolean; onAdd: () => void }) {
  const { t } = useGateText();
  return (
    <Paper withBorder p="sm" aria-label={t('bill.found', { number: bill.number })}>
      <Text size="sm">
        {t('bill.foundValid', { at: formatDateTime(bill.validUntil) })} · {bill.distanceKm} km
      </Text>
      <Text size="sm">
        {t('bill.partB')}: {bill.vehicleNumber ?? '—'}
      </Text>
      <Button type="button" mt="xs" size="md" variant="light" loading={adding} onClick={onAdd}>
        {t('bill.add', { number: bill.number })}
      </Button>
    </Paper>
  );
}

/** Fetching a bill by its number and adding it to the order: the state and the two steps. */
function useGateBill(dir: Dir, row: GateBoardRow) {
  const client = useQueryClient();
  const { t } = useGateText();
  const [number, setNumber] = useState('');
  const [found, setFound] = useState<FoundBill | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'fetch' | 'add' | null>(null);
  const fetchBill = async () => {
    setFound(null);
    const parsed = ewayBillLookupSchema.safeParse({ number });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'An e-way bill number is 12 digits');
      return;
    }
    setError(null);
    setBusy('fetch');
    try {
      setFound(await lookupEwayBill(dir, row.orderId, parsed.data.number));
    } catch (err) {
      setError(refusal(t, err));
    } finally {
      setBusy(null);
    }
  };
  const add = async (bill: FoundBill) => {
    setBusy('add');
    try {
      await addEwayBill(dir, row.orderId, { number: bill.number });
      toast(t('bill.added', { number: bill.number, order: row.orderNumber }));
      setFound(null);
      setNumber('');
      refreshAfterMove(client);
    } catch (err) {
      setError(refusal(t, err));
    } finally {
      setBusy(null);
    }
  };
  return { number, setNumber, found, error, busy, fetchBill, add };
}

/**
 * In the gate out dialog (issue 38): the order's e-way bills, and the guard's way to record one:
 * type its number, fetch it from the e-way bill system, add it, through the order page's own calls
 * (eway-bill-calls.ts). Its own form's Enter fetches; it never submits the gate out.
 */
export function GateEwayBill({ dir, row }: { dir: Dir; row: GateBoardRow }) {
  const bills = useOrderEwayBills(dir, row.orderId);
  const g = useGateBill(dir, row);
  const { t } = useGateText();
  const live = (bills.data ?? []).filter((b) => b.status === 'active');
  return (
    <Stack gap="xs" role="group" aria-label={t('bill.group')}>
      {live.map((b) => (
        <Text key={b.id} size="sm" c={b.state === 'valid' ? undefined : 'red'}>
          {t(b.state === 'expired' ? 'bill.expired' : 'bill.validUntil', { number: b.number, at: formatDateTime(b.validUntil) })}
        </Text>
      ))}
      {!bills.isPending && live.length === 0 && (
        <Text size="sm" c="orange.9">
          {t('bill.none')}
        </Text>
      )}
      <Group align="flex-start" wrap="nowrap" gap="xs">
        <TextInput
          label={live.length ? t('bill.another') : t('bill.number')}
          placeholder={t('bill.digits')}
          inputMode="numeric"
          maxLength={14}
          size="md"
          style={{ flex: 1 }}
          value={g.number}
          onChange={(e) => g.setNumber(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              void g.fetchBill();
            }
          }}
          error={g.error}
        />
        <Button type="button" size="md" variant="default" mt={28} loading={g.busy === 'fetch'} onClick={() => void g.fetchBill()}>
          {t('bill.fetch')}
        </Button>
      </Group>
      {g.found && g.found.number === g.number.trim() && (
        <Found bill={g.found} adding={g.busy === 'add'} onAdd={() => g.found && void g.add(g.found)} />
      )}
    </Stack>
  );
}

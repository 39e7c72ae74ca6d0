import { Alert, Button, Checkbox, Group, MultiSelect, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { RfqDetail } from '@freightdesk/shared/schemas/rfq';
import { confirmAction } from '../../components/feedback/confirm.tsx';
import { toast } from '../../components/feedback/feedback.tsx';
import { DateTimeField } from '../../components/form/date-time-field.tsx';
import { indiaTimeToIso } from '../../components/form/date-time.ts';
import { ApiError } from '../../lib/api.ts';
import { formatDateTime } from '../../lib/format.ts';
import { hasPermission } from '../../lib/session.ts';
import { useCloseRfqRound, useOpenRfqRound } from './api/rfq-rounds.ts';

/** The next round as typed: when quotes close, which lanes and carriers, whether ranks show; sent once checked. */
function useOpenRound(rfq: RfqDetail) {
  const next = rfq.round + 1;
  const [endsAt, setEndsAt] = useState<string | null>(null);
  const [laneIds, setLaneIds] = useState<string[]>([]);
  const [carrierIds, setCarrierIds] = useState<string[]>([]);
  const [showRank, setShowRank] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const open = useOpenRfqRound(rfq.id, {
    onSuccess: () => toast(`Round ${next} is open.`),
    onError: (err) => setErrors(err instanceof ApiError ? { ...err.fields, form: err.message } : { form: 'That did not work.' }),
  });
  const submit = () => {
    setErrors({});
    const iso = indiaTimeToIso(endsAt);
    if (!iso) {
      setErrors({ endsAt: 'Quotes close is required' });
      return;
    }
    open.mutate({ endsAt: iso, laneIds: laneIds.map(Number), carrierLinkIds: carrierIds.map(Number), showRank });
  };
  const values = { endsAt, laneIds, carrierIds, showRank };
  const set = { setEndsAt, setLaneIds, setCarrierIds, setShowRank };
  return { next, values, set, errors, submit, pending: open.isPending };
}

/** Opens the next round: when quotes close and, from round 2, which lanes and carriers and whether ranks show. */
function OpenRoundForm({ rfq }: { rfq: RfqDetail }) {
  const { next, values, set, errors, submit, pending } = useOpenRound(rfq);
  // A refusal naming one of these fields shows on it; anything else shows above the form.
  const onField = ['endsAt', 'laneIds', 'carrierLinkIds'].some((k) => errors[k]);
  return (
    <Paper withBorder p="md" mt="md">
      <Title order={4} mb="sm">
        Open round {next}
      </Title>
      <Stack>
        {errors.form && !onField && (
          <Alert color="red" role="alert">
            {errors.form}
          </Alert>
        )}
        <DateTimeField
          label="Quotes close"
          withAsterisk
          notPast
          value={values.endsAt}
          onChange={set.setEndsAt}
          error={errors.endsAt}
          maw={280}
        />
        {next > 1 && (
          <>
            <MultiSelect
              label="Lanes (none chosen: every lane)"
              data={rfq.laneList.map((l) => ({ value: String(l.id), label: `${l.seq}. ${l.origin.label} → ${l.destination.label}` }))}
              value={values.laneIds}
              onChange={set.setLaneIds}
              error={errors.laneIds}
            />
            <MultiSelect
              label="Carriers (none chosen: every invited carrier)"
              data={rfq.invited.map((c) => ({ value: String(c.carrierLinkId), label: c.name }))}
              value={values.carrierIds}
              onChange={set.setCarrierIds}
              error={errors.carrierLinkIds}
            />
          </>
        )}
        <Checkbox
          label="Show each carrier its rank per lane"
          checked={values.showRank}
          onChange={(e) => set.setShowRank(e.currentTarget.checked)}
        />
        <Group>
          <Button onClick={submit} loading={pending}>
            Open round {next}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** The rounds so far, each with its window, lanes and carriers. */
function RoundsTable({ rfq }: { rfq: RfqDetail }) {
  const laneCount = (ids: number[] | null) => (ids ? `${ids.length} of ${rfq.laneList.length}` : 'All');
  const carrierNames = (ids: number[] | null) =>
    ids
      ? rfq.invited
          .filter((c) => ids.includes(c.carrierLinkId))
          .map((c) => c.name)
          .join(', ')
      : 'All invited';
  return (
    <Table striped>
      <Table.Caption>Rounds</Table.Caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Round</Table.Th>
          <Table.Th>Opened</Table.Th>
          <Table.Th>Quotes close</Table.Th>
          <Table.Th>Closed</Table.Th>
          <Table.Th>Lanes</Table.Th>
          <Table.Th>Carriers</Table.Th>
          <Table.Th>Rank shown</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rfq.rounds.map((r) => (
          <Table.Tr key={r.number}>
            <Table.Td>{r.number}</Table.Td>
            <Table.Td>{formatDateTime(r.startsAt)}</Table.Td>
            <Table.Td>{formatDateTime(r.endsAt)}</Table.Td>
            <Table.Td>{formatDateTime(r.closedAt)}</Table.Td>
            <Table.Td>{laneCount(r.laneIds)}</Table.Td>
            <Table.Td>{carrierNames(r.carrierLinkIds)}</Table.Td>
            <Table.Td>{r.showRank ? 'Yes' : 'No'}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** The RFQ's rounds, each with its window, lanes and carriers; the next round opened from here. */
export function RoundsTab({ rfq }: { rfq: RfqDetail }) {
  const canChange = hasPermission('add-rfp');
  const close = useCloseRfqRound(rfq.id, {
    onSuccess: () => toast(`Round ${rfq.round} is closed.`),
    onError: (err) => toast(err instanceof ApiError ? err.message : 'That did not work.', 'error'),
  });
  return (
    <>
      {rfq.rounds.length === 0 ? (
        <Text c="dimmed">No round yet: open round 1 to send the RFQ to the invited carriers.</Text>
      ) : (
        <RoundsTable rfq={rfq} />
      )}
      {canChange && rfq.status === 'open' && (
        <Button
          mt="md"
          color="orange"
          variant="light"
          loading={close.isPending}
          onClick={async () => (await confirmAction(`Quotes of round ${rfq.round} will close now.`)) && close.mutate()}
        >
          Close quotes now
        </Button>
      )}
      {canChange && (rfq.status === 'draft' || rfq.status === 'closed') && <OpenRoundForm rfq={rfq} />}
    </>
  );
}

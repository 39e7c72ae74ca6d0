import { Alert, Anchor, Button, Group, List, Paper, Stack, Table, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import type { LaneComparison, RfqDetail } from '@freightdesk/shared/schemas/rfq';
import { toast } from '../../components/feedback/feedback.tsx';
import { NumberTextInput } from '../../components/form/number-input.tsx';
import { ApiError } from '../../lib/api.ts';
import { formatInr } from '../../lib/format.ts';
import { hasPermission } from '../../lib/session.ts';
import { type AwardDraft, awardBody, initialAward, laneShareError, shareTotal } from './award-shares.ts';
import { useAwardRfq } from './api/award-rfq.ts';
import { useRfqCompare } from './api/get-rfq-compare.ts';
import { useRfqContracts } from './api/get-rfq-contracts.ts';

/** The contracts the award made, each linked to its page. */
function MadeContracts({ rfqId }: { rfqId: number }) {
  const { data } = useRfqContracts(rfqId);
  if (!data) {
    return null;
  }
  return (
    <Alert color="teal" title="Awarded: contracts made">
      <List>
        {data.map((c) => (
          <List.Item key={c.id}>
            <Anchor component={Link} to={`/contract/detail/${c.id}`}>
              {c.number}
            </Anchor>{' '}
            with {c.carrierName}: {c.lanes} lane{c.lanes === 1 ? '' : 's'}, {c.validFrom} to {c.validTo}
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}

/** One lane's shares: a % per carrier that quoted, the live sum beside them. */
function LaneShares({
  lane,
  shares,
  serverError,
  onChange,
}: {
  lane: LaneComparison;
  shares: AwardDraft[number];
  serverError?: string;
  onChange: (carrierLinkId: number, value: number | undefined) => void;
}) {
  const quoted = lane.quotes.filter((q) => !q.declined && q.rank !== null).sort((a, b) => (a.rank ?? 0) - (b.rank ?? 0));
  const total = shareTotal(shares);
  const error = serverError ?? laneShareError(shares);
  return (
    <Paper withBorder p="sm" role="group" aria-label={`Award lane ${lane.seq}`}>
      <Group justify="space-between" mb="xs">
        <Text fw={600}>
          Lane {lane.seq}: {lane.label}
        </Text>
        <Text fw={600} c={total === 100 ? 'teal' : total === 0 ? 'dimmed' : 'red'} aria-live="polite">
          Total {total}%
        </Text>
      </Group>
      {quoted.length === 0 ? (
        <Text c="dimmed" size="sm">
          No carrier quoted this lane.
        </Text>
      ) : (
        <Table>
          <Table.Tbody>
            {quoted.map((q) => (
              <Table.Tr key={q.carrierLinkId}>
                <Table.Td>
                  L{q.rank} {q.carrierName}
                </Table.Td>
                <Table.Td>{formatInr(q.amountRupees)}</Table.Td>
                <Table.Td w={140}>
                  <NumberTextInput
                    aria-label={`Lane ${lane.seq} share of ${q.carrierName} (%)`}
                    decimals={0}
                    value={shares[q.carrierLinkId]}
                    onChange={(v) => onChange(q.carrierLinkId, v)}
                    rightSection="%"
                  />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {error && (
        <Text c="red" size="sm" mt={4}>
          {error}
        </Text>
      )}
    </Paper>
  );
}

/** The shares as typed over the comparison's lanes, the contract SLA, and the award with the server's refusals. */
function useRfqAward(rfq: RfqDetail, lanes: LaneComparison[] | undefined) {
  // Null until the user types: the starting point follows the comparison, a typed share is never reset by a refetch.
  const [typed, setDraft] = useState<AwardDraft | null>(null);
  const [sla, setSla] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const draft = typed ?? initialAward(lanes ?? []);
  const award = useAwardRfq(rfq.id, {
    onSuccess: () => toast('Lanes awarded; the contracts are made.'),
    onError: (err) => {
      setErrors(err instanceof ApiError ? err.fields : {});
      setAlert(err instanceof ApiError ? err.message : 'That did not work.');
    },
  });
  const submit = () => {
    setErrors({});
    setAlert(null);
    award.mutate(awardBody(lanes ?? [], draft, sla));
  };
  return { draft, setDraft, sla, setSla, errors, alert, submit, pending: award.isPending };
}

/** Award per lane: carriers with shares that sum to 100; then the contracts made, linked. */
export function AwardTab({ rfq }: { rfq: RfqDetail }) {
  const { data: lanes } = useRfqCompare(rfq.id);
  const { draft, setDraft, sla, setSla, errors, alert, submit, pending } = useRfqAward(rfq, lanes);
  if (rfq.status === 'awarded') {
    return <MadeContracts rfqId={rfq.id} />;
  }
  if (rfq.status !== 'closed') {
    return <Text c="dimmed">Lanes are awarded once a round has closed.</Text>;
  }
  if (!lanes || !hasPermission('add-rfp')) {
    return null;
  }
  const body = awardBody(lanes, draft, sla);
  // The server names a lane by its place in the body: map that back to the lane.
  const serverErrorOf = (laneId: number) => {
    const i = body.lanes.findIndex((l) => l.laneId === laneId);
    return Object.entries(errors).find(([k]) => k.startsWith(`lanes.${i}.`) || k === `lanes.${i}`)?.[1];
  };
  const blocked = lanes.some((l) => laneShareError(draft[l.laneId]) !== null) || body.lanes.length === 0;
  return (
    <Stack>
      {alert && (
        <Alert color="red" role="alert">
          {alert}
        </Alert>
      )}
      {lanes.map((lane) => (
        <LaneShares
          key={lane.laneId}
          lane={lane}
          shares={draft[lane.laneId] ?? {}}
          serverError={serverErrorOf(lane.laneId)}
          onChange={(link, v) => setDraft({ ...draft, [lane.laneId]: { ...draft[lane.laneId], [link]: v } })}
        />
      ))}
      <Textarea
        label="Contract SLA (empty: the plant's contract SLA)"
        autosize
        minRows={2}
        value={sla}
        onChange={(e) => setSla(e.currentTarget.value)}
        error={errors.slaText}
      />
      <Group>
        <Button onClick={submit} disabled={blocked} loading={pending}>
          Award {body.lanes.length} lane{body.lanes.length === 1 ? '' : 's'}
        </Button>
        <Text size="sm" c="dimmed">
          A lane with no share is not awarded.
        </Text>
      </Group>
    </Stack>
  );
}

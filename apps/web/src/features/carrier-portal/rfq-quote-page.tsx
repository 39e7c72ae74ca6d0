import { Alert, Badge, Button, Checkbox, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { memo, useCallback, useState } from 'react';
import { useParams } from 'react-router';
import type { CarrierRfq, RfqLane, RfqQuotesSaved } from '@freightdesk/shared/schemas/rfq';
import { DocumentsPanel } from '../../components/documents/documents-panel.tsx';
import { toast } from '../../components/feedback/feedback.tsx';
import { NumberTextInput } from '../../components/form/number-input.tsx';
import { Page } from '../../components/layout/page.tsx';
import { PageQueryState } from '../../components/feedback/query-state.tsx';
import { ApiError, api } from '../../lib/api.ts';
import { formatDateTime, formatInr, inrLabel } from '../../lib/format.ts';
import { CARRIER_RFQS_KEY, carrierRfqQuery } from './rfq-queries.ts';
import { QuoteSheetButtons } from './rfq-quote-sheet.tsx';
import { laneOfField, latestQuoteText, type QuoteDraft, quotableLanes, quotesBody, quotesSavedText } from './rfq-quotes.ts';

/**
 * One lane: where from and to, the carrier's latest quote, and a rate or "Decline" when the round
 * asks for it. Memoised: a keystroke in one lane's rate redraws that lane, not all of an RFQ's hundreds.
 */
const LaneQuote = memo(function LaneQuote({
  rfq,
  lane,
  quotable,
  typed,
  error,
  onChange,
}: {
  rfq: CarrierRfq;
  lane: RfqLane;
  quotable: boolean;
  typed: QuoteDraft[number] | undefined;
  error?: string;
  onChange: (laneId: number, next: QuoteDraft[number]) => void;
}) {
  return (
    <Paper withBorder p="sm" role="group" aria-label={`Lane ${lane.seq}`}>
      <Text fw={600}>
        Lane {lane.seq}: {lane.origin.label} → {lane.destination.label}
      </Text>
      <Text size="sm" c="dimmed">
        {lane.vehicleTypeName} · {lane.tripsPerMonth} trips a month
        {lane.productName ? ` · ${lane.productName}` : ''}
        {lane.weightTonnes ? ` · ${lane.weightTonnes} t` : ''}
      </Text>
      <Text size="sm" mt={4}>
        Your latest quote: {latestQuoteText(rfq, lane.id, formatInr)}
      </Text>
      {quotable && (
        <Group align="flex-start" mt="xs">
          <NumberTextInput
            money
            label={inrLabel(`Lane ${lane.seq} rate per trip`)}
            value={typed?.amount}
            onChange={(amount) => onChange(lane.id, { ...typed, amount })}
            disabled={Boolean(typed?.declined)}
            error={error}
            w={240}
          />
          <Checkbox
            mt={32}
            label={`Decline lane ${lane.seq}`}
            checked={Boolean(typed?.declined)}
            onChange={(e) => onChange(lane.id, { ...typed, declined: e.currentTarget.checked })}
          />
        </Group>
      )}
    </Paper>
  );
});

/** The RFQ's remarks: the shipper's terms the carrier quotes under (tolls, GST, payment), as written. */
function RfqRemarks({ remarks }: { remarks: string | null }) {
  if (!remarks) {
    return null;
  }
  return (
    <Alert color="gray" title="The shipper's terms for these quotes">
      <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
        {remarks}
      </Text>
    </Alert>
  );
}
/**
 * `/carrier/rfqs/:id`: quote the open round's lanes (a rate or a decline each), all sent at once,
 * or offline through the lane sheet.
 */
export function CarrierRfqPage() {
  const id = Number(useParams().id);
  const client = useQueryClient();
  const query = useQuery(carrierRfqQuery(id));
  const rfq = query.data;
  const [draft, setDraft] = useState<QuoteDraft>({});
  const typeLane = useCallback((laneId: number, next: QuoteDraft[number]) => setDraft((d) => ({ ...d, [laneId]: next })), []);
  const [errors, setErrors] = useState<Record<number, string>>({});
  const [refusal, setRefusal] = useState<{ title: string; message: string } | null>(null);
  const send = useMutation({
    mutationFn: (body: ReturnType<typeof quotesBody>['body']) => api.post<{ data: RfqQuotesSaved }>(`/carrier/rfqs/${id}/quotes`, body),
    onSuccess: ({ data }) => {
      toast(`${quotesSavedText(data)}.`);
      setDraft({});
      void client.invalidateQueries({ queryKey: CARRIER_RFQS_KEY });
    },
    onError: (err, body) => {
      if (!(err instanceof ApiError)) {
        setRefusal({ title: 'Not sent', message: 'Something went wrong. Please try again.' });
        return;
      }
      const byLane: Record<number, string> = {};
      for (const [field, message] of Object.entries(err.fields)) {
        const laneId = laneOfField(body, field);
        if (laneId) {
          byLane[laneId] = message;
        }
      }
      setErrors(byLane);
      const closed = err.status === 409;
      setRefusal({ title: closed ? 'Quoting is closed' : 'Not sent', message: err.message });
      if (closed) {
        void client.invalidateQueries({ queryKey: CARRIER_RFQS_KEY });
      }
    },
  });
  if (!rfq) {
    return <PageQueryState title="RFQ" query={query} loading="Loading the RFQ" failed="The RFQ could not be loaded." />;
  }
  const lanes = quotableLanes(rfq);
  const quotable = new Set(lanes.map((l) => l.id));
  const submit = () => {
    setRefusal(null);
    const built = quotesBody(lanes, draft);
    setErrors(built.errors);
    if (Object.keys(built.errors).length > 0) {
      return;
    }
    if (built.body.quotes.length === 0) {
      setRefusal({ title: 'Nothing to send', message: 'Type a rate or decline at least one lane.' });
      return;
    }
    send.mutate(built.body);
  };
  const round = rfq.openRound;
  return (
    <Page
      title={`RFQ ${rfq.number}: ${rfq.title}`}
      actions={
        <>
          <Badge variant="light">{round ? `Round ${round.number} open` : 'No round open'}</Badge>
          <QuoteSheetButtons
            rfq={rfq}
            open={lanes.length > 0}
            onUploaded={() => {
              setDraft({});
              setErrors({});
              setRefusal(null);
            }}
          />
        </>
      }
    >
      <Stack>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Text>Plant: {rfq.plantName}</Text>
          <Text>
            Contract: {rfq.periodFrom} to {rfq.periodTo}
          </Text>
          <Text fw={600}>{round ? `Quotes close ${formatDateTime(round.endsAt)}` : 'Quoting is closed'}</Text>
        </SimpleGrid>
        <RfqRemarks remarks={rfq.remarks} />
        {round?.showRank && <Alert color="blue">This round shows your rank on each lane you quote.</Alert>}
        {refusal && (
          <Alert color="red" title={refusal.title} role="alert">
            {refusal.message}
          </Alert>
        )}
        {rfq.laneList.map((lane) => (
          <LaneQuote
            key={lane.id}
            rfq={rfq}
            lane={lane}
            quotable={quotable.has(lane.id)}
            typed={draft[lane.id]}
            error={errors[lane.id]}
            onChange={typeLane}
          />
        ))}
        {lanes.length > 0 && (
          <Group>
            <Button onClick={submit} loading={send.isPending}>
              Submit quotes
            </Button>
          </Group>
        )}
        <Title order={4} mt="md">
          Attachments
        </Title>
        <DocumentsPanel
          listUrl={`/carrier/rfqs/${rfq.id}/attachments`}
          emptyText="The shipper has not attached any files."
          hiddenText="The shipper keeps this RFQ's material private, so its attachments are not shared."
        />
      </Stack>
    </Page>
  );
}

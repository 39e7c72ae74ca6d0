import { Alert, Badge, Button, Checkbox, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { memo, useCallback, useState } from 'react';
import { useParams } from 'react-router';
import type { CarrierRfq, RfqLane } from '@freightdesk/shared/schemas/rfq';
import { DocumentsPanel } from '../../domain/documents/documents-panel.tsx';
import { toast } from '../../components/feedback/feedback.tsx';
import { NumberTextInput } from '../../components/form/number-input.tsx';
import { Page } from '../../components/layout/page.tsx';
import { PageQueryState } from '../../components/feedback/query-state.tsx';
import { ApiError } from '../../lib/api.ts';
import { formatDateTime, formatInr, inrLabel } from '../../lib/format.ts';
import { type QuotesBody, useCarrierRfq, useSendQuotes } from './api/carrier-rfqs.ts';
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
type Refusal = { title: string; message: string };

/** A refused send: each lane's message on its lane, the rest (a 409: quoting closed) in the alert. */
function refusalOf(err: unknown, body: QuotesBody): { byLane: Record<number, string>; refusal: Refusal } {
  if (!(err instanceof ApiError)) {
    return { byLane: {}, refusal: { title: 'Not sent', message: 'Something went wrong. Please try again.' } };
  }
  const byLane: Record<number, string> = {};
  for (const [field, message] of Object.entries(err.fields)) {
    const laneId = laneOfField(body, field);
    if (laneId) {
      byLane[laneId] = message;
    }
  }
  return { byLane, refusal: { title: err.status === 409 ? 'Quoting is closed' : 'Not sent', message: err.message } };
}

/** The rates and declines typed, their errors, and sending them all at once. */
function useQuoteDraft(id: number) {
  const [draft, setDraft] = useState<QuoteDraft>({});
  const typeLane = useCallback((laneId: number, next: QuoteDraft[number]) => setDraft((d) => ({ ...d, [laneId]: next })), []);
  const [errors, setErrors] = useState<Record<number, string>>({});
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const send = useSendQuotes(id);
  const submit = (lanes: RfqLane[]) => {
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
    send.mutate(built.body, {
      onSuccess: ({ data }) => {
        toast(`${quotesSavedText(data)}.`);
        setDraft({});
      },
      onError: (err, body) => {
        const placed = refusalOf(err, body);
        // A failure that is not the API's answer keeps the lanes' messages as they were.
        if (err instanceof ApiError) {
          setErrors(placed.byLane);
        }
        setRefusal(placed.refusal);
      },
    });
  };
  /** After the sheet was uploaded: nothing typed here stands any more. */
  const clear = () => {
    setDraft({});
    setErrors({});
    setRefusal(null);
  };
  return { draft, typeLane, errors, refusal, pending: send.isPending, submit, clear };
}

/** The plant, the contract's period, when quotes close, the shipper's terms and whether ranks show. */
function RfqFacts({ rfq }: { rfq: CarrierRfq }) {
  const round = rfq.openRound;
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Text>Plant: {rfq.plantName}</Text>
        <Text>
          Contract: {rfq.periodFrom} to {rfq.periodTo}
        </Text>
        <Text fw={600}>{round ? `Quotes close ${formatDateTime(round.endsAt)}` : 'Quoting is closed'}</Text>
      </SimpleGrid>
      <RfqRemarks remarks={rfq.remarks} />
      {round?.showRank && <Alert color="blue">This round shows your rank on each lane you quote.</Alert>}
    </>
  );
}

/**
 * `/carrier/rfqs/:id`: quote the open round's lanes (a rate or a decline each), all sent at once,
 * or offline through the lane sheet.
 */
export function CarrierRfqPage() {
  const id = Number(useParams().id);
  const query = useCarrierRfq(id);
  const rfq = query.data;
  const quotes = useQuoteDraft(id);
  if (!rfq) {
    return <PageQueryState title="RFQ" query={query} loading="Loading the RFQ" failed="The RFQ could not be loaded." />;
  }
  const lanes = quotableLanes(rfq);
  const quotable = new Set(lanes.map((l) => l.id));
  const round = rfq.openRound;
  const { refusal } = quotes;
  return (
    <Page
      title={`RFQ ${rfq.number}: ${rfq.title}`}
      actions={
        <>
          <Badge variant="light">{round ? `Round ${round.number} open` : 'No round open'}</Badge>
          <QuoteSheetButtons rfq={rfq} open={lanes.length > 0} onUploaded={quotes.clear} />
        </>
      }
    >
      <Stack>
        <RfqFacts rfq={rfq} />
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
            typed={quotes.draft[lane.id]}
            error={quotes.errors[lane.id]}
            onChange={quotes.typeLane}
          />
        ))}
        {lanes.length > 0 && (
          <Group>
            <Button onClick={() => quotes.submit(lanes)} loading={quotes.pending}>
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

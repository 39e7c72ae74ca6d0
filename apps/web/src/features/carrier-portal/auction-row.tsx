import { Badge, Box, Button, Collapse, Grid, Group, Paper, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconChevronDown, IconChevronRight, IconHistory } from '@tabler/icons-react';
import { useState } from 'react';
import type { CarrierRequest } from '@freightdesk/shared/schemas/bid';
import { REQUEST_STATUS_LABEL, type RequestStatus } from '@freightdesk/shared/status/request';
import { formatDateTime, formatInr } from '../../lib/format.ts';
import { isLive, laneLabel } from './auction.ts';
import { BidForm } from './bid-form.tsx';
import { BidHistory } from './bid-history.tsx';
import { AuctionCountdown } from '../../domain/auction/countdown.tsx';
import { BidPositionView, OutcomeBadge } from './position.tsx';
import { TOUCH } from '../../components/cards/row-card.tsx';
import { useNarrow } from '../../components/layout/use-narrow.ts';

const STATUS_COLOR: Record<string, string> = { scheduled: 'blue', open: 'green', closed: 'orange', awarded: 'teal' };

function Facts({ request: r }: { request: CarrierRequest }) {
  const tonnes = `${r.weightTonnes} t`;
  return (
    <>
      <Text size="sm">
        <b>
          {r.vehicleCount} × {r.vehicleTypeName}
        </b>
        {' · '}
        {tonnes}
        {r.hideMaterial ? (
          <>
            {' · '}
            <Text span size="sm" c="dimmed" fs="italic">
              Material not disclosed
            </Text>
          </>
        ) : (
          r.productName && ` · ${r.productName}`
        )}
      </Text>
      <Text size="sm">
        Pickup <b>{formatDateTime(r.pickupAt)}</b>
      </Text>
    </>
  );
}

/** The right-hand side: the bid form while open, the opening time while scheduled, the outcome after. */
function Action({ request: r }: { request: CarrierRequest }) {
  if (r.status === 'open') {
    return <BidForm request={r} />;
  }
  if (r.status === 'scheduled') {
    return (
      <Text size="sm" c="dimmed">
        You can bid from {formatDateTime(r.bidStartAt)}.
      </Text>
    );
  }
  return (
    <Stack gap={4} align="flex-start">
      <OutcomeBadge request={r} />
      {r.outcome === 'awarded' && (
        <Text size="xs" c="dimmed">
          The orders are under My orders.
        </Text>
      )}
    </Stack>
  );
}

/** The request's number, status (and Outbid), shipper, lane and load. */
function Summary({ request: r, outbid }: { request: CarrierRequest; outbid: boolean }) {
  return (
    <Stack gap={2}>
      <Group gap="xs" wrap="wrap">
        <Title order={3} fz="md" ff="monospace">
          {r.number}
        </Title>
        <Badge size="sm" variant="light" color={STATUS_COLOR[r.status] ?? 'gray'}>
          {REQUEST_STATUS_LABEL[r.status as RequestStatus] ?? r.status}
        </Badge>
        {outbid && (
          <Badge size="sm" color="orange" variant="filled">
            Outbid
          </Badge>
        )}
      </Group>
      <Text size="sm" fw={600}>
        {r.shipperName}
      </Text>
      <Text size="sm" title={laneLabel(r)} lineClamp={2}>
        {laneLabel(r)}
      </Text>
      <Facts request={r} />
    </Stack>
  );
}

/** The carrier's position, read out to a screen reader as it moves while the auction is live. */
function Position({ request: r }: { request: CarrierRequest }) {
  const rank = r.myBid?.rank ?? null;
  return (
    <>
      <BidPositionView request={r} />
      {isLive(r) && rank !== null && r.myBid && (
        <VisuallyHidden role="status" aria-live="polite">
          {r.number}: your bid {formatInr(r.myBid.amountRupees)}, rank L{rank}
        </VisuallyHidden>
      )}
    </>
  );
}

/** "My bids (n)", folding the carrier's own bid history open, and the request's remarks. */
function HistoryAndRemarks({ request: r }: { request: CarrierRequest }) {
  const [historyOpen, setHistoryOpen] = useState(false);
  // A thumb's target below 768 px (record 0296).
  const narrow = useNarrow();
  return (
    <>
      <Group gap="md" mt={6} wrap={narrow ? 'wrap' : 'nowrap'} align="flex-start">
        {r.myBid && (
          <Button
            variant="subtle"
            size={narrow ? 'sm' : 'compact-xs'}
            h={narrow ? TOUCH : undefined}
            leftSection={<IconHistory size={14} />}
            rightSection={historyOpen ? <IconChevronDown size={12} /> : <IconChevronRight size={12} />}
            onClick={() => setHistoryOpen((o) => !o)}
            aria-expanded={historyOpen}
          >
            My bids ({r.myBid.revisions + 1})
          </Button>
        )}
        {r.remarks && (
          <Text size="xs" c="dimmed" lineClamp={1} title={r.remarks} pt={2}>
            Remarks: {r.remarks}
          </Text>
        )}
      </Group>
      <Collapse expanded={historyOpen} keepMounted={false}>
        <Box mt="xs">{historyOpen && <BidHistory requestId={r.id} number={r.number} />}</Box>
      </Collapse>
    </>
  );
}

/** The row's left edge: orange when outbid, green when leading a live auction, light orange when behind. */
function edgeColor(r: CarrierRequest, outbid: boolean): string {
  if (outbid) {
    return 'orange-6';
  }
  if (!isLive(r)) {
    return 'gray-3';
  }
  return r.myBid?.rank === 1 ? 'green-6' : r.myBid ? 'orange-4' : 'gray-3';
}

/**
 * One auction as a dense row: what and where, the clock, the carrier's position, and the bid form,
 * with its own bid history folded underneath.
 */
export function AuctionRow({ request: r, outbid }: { request: CarrierRequest; outbid: boolean }) {
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      data-request-number={r.number}
      aria-label={`Request ${r.number}`}
      component="article"
      style={{
        borderLeft: `4px solid var(--mantine-color-${edgeColor(r, outbid)})`,
        backgroundColor: outbid ? 'var(--mantine-color-orange-0)' : undefined,
        transition: 'background-color 600ms ease',
      }}
    >
      <Grid columns={24} gap="md" align="flex-start">
        <Grid.Col span={{ base: 24, md: 12, lg: 7 }}>
          <Summary request={r} outbid={outbid} />
        </Grid.Col>
        {/* Under 576 px the clock and the position take a line each: side by side they ran into each other. */}
        <Grid.Col span={{ base: 24, xs: 12, md: 6, lg: 4 }}>
          <AuctionCountdown request={r} />
        </Grid.Col>
        <Grid.Col span={{ base: 24, xs: 12, md: 6, lg: 5 }}>
          <Position request={r} />
        </Grid.Col>
        <Grid.Col span={{ base: 24, lg: 8 }}>
          <Action request={r} />
        </Grid.Col>
      </Grid>
      <HistoryAndRemarks request={r} />
    </Paper>
  );
}

import { Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import type { CarrierIndent } from '@freightdesk/shared/schemas/indent';
import { Page } from '../../components/layout/page.tsx';
import { PageQueryState } from '../../components/feedback/query-state.tsx';
import { formatDateTime, formatInr, plural } from '../../lib/format.ts';
import { type AnswerDraft, canAnswer, materialText, ORDERS_TO_ASSIGN_LINK, weightText } from './indent-answer.ts';
import { IndentAnswerDialog } from './indent-answer-dialog.tsx';
import { IndentDeadline } from './indent-deadline.tsx';
import { IndentOrders, IndentTurnBadge } from './indent-parts.tsx';
import { useCarrierIndent } from './api/carrier-indents.ts';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text component="div">{children}</Text>
    </div>
  );
}

/** What the carrier answered, when it did: vehicles accepted, the reason given, or the missed deadline. */
function AnswerFacts({ indent }: { indent: CarrierIndent }) {
  if (indent.status === 'accepted') {
    return (
      <Text>
        You accepted {plural(indent.vehiclesAccepted, 'vehicle')} of {indent.vehiclesAsked ?? '—'} on {formatDateTime(indent.answeredAt)}.
      </Text>
    );
  }
  if (indent.status === 'rejected') {
    return (
      <Text>
        You rejected it on {formatDateTime(indent.answeredAt)}
        {indent.reason ? `: ${indent.reason}` : '.'}
      </Text>
    );
  }
  if (indent.status === 'expired') {
    return <Text>The deadline passed without an answer; the indent went to the next carrier.</Text>;
  }
  if (indent.status === 'passed') {
    return <Text>The shipper passed the indent on to the next carrier before your deadline.</Text>;
  }
  if (indent.status === 'queued') {
    return <Text>Another carrier is asked first. You will be notified if it comes to you.</Text>;
  }
  if (indent.status === 'skipped') {
    return <Text>Other carriers took all the vehicles before your turn.</Text>;
  }
  return null;
}

/** `/carrier/indents/:id`: one indent addressed to the carrier, its turn, the answer and the orders it made. */
export function CarrierIndentPage() {
  const id = Number(useParams().id);
  const query = useCarrierIndent(id);
  const indent = query.data;
  const [answering, setAnswering] = useState<AnswerDraft['answer'] | null>(null);
  if (!indent) {
    return <PageQueryState title="Indent" query={query} loading="Loading the indent" failed="The indent could not be loaded." />;
  }
  const open = canAnswer(indent, Date.now());
  return (
    <Page title={`Indent ${indent.number}`} actions={<IndentTurnBadge status={indent.status} />}>
      {answering && <IndentAnswerDialog indent={indent} initial={answering} onClose={() => setAnswering(null)} />}
      <Stack>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
          <Fact label="Shipper">{indent.shipperName}</Fact>
          <Fact label="Lane">{indent.laneLabel}</Fact>
          <Fact label="Vehicle type">{indent.vehicleTypeName}</Fact>
          <Fact label="Vehicles asked">{indent.vehiclesAsked ?? '—'}</Fact>
          <Fact label="Reporting">{formatDateTime(indent.reportingAt)}</Fact>
          <Fact label="Rate per vehicle">{formatInr(indent.rateRupees)}</Fact>
          <Fact label="Material">{materialText(indent.productName)}</Fact>
          <Fact label="Weight">{weightText(indent.weightTonnes)}</Fact>
        </SimpleGrid>
        {indent.remarks && <Fact label="Remarks">{indent.remarks}</Fact>}
        <Paper withBorder p="md">
          <Stack gap="sm">
            <Title order={4}>Your answer</Title>
            {indent.status === 'offered' && (
              <Fact label="Time left">
                <IndentDeadline indent={indent} withTime />
              </Fact>
            )}
            <AnswerFacts indent={indent} />
            {open && (
              <Group>
                <Button onClick={() => setAnswering('accept')}>Accept</Button>
                <Button color="red" variant="light" onClick={() => setAnswering('reject')}>
                  Reject
                </Button>
              </Group>
            )}
          </Stack>
        </Paper>
        {indent.orders.length > 0 && (
          <Paper withBorder p="md">
            <Stack gap="sm">
              <Title order={4}>Orders made</Title>
              <IndentOrders indent={indent} />
              <Group>
                <Button component={Link} to={ORDERS_TO_ASSIGN_LINK} variant="light">
                  Assign vehicles
                </Button>
              </Group>
            </Stack>
          </Paper>
        )}
      </Stack>
    </Page>
  );
}

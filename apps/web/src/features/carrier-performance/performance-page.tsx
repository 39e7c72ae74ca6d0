import { Alert, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useSearchParams } from 'react-router';
import { DATE_FORMAT } from '@freightdesk/shared/constants';
import type { CarrierScorecard } from '@freightdesk/shared/schemas/carrier-scorecard';
import { Page } from '../../components/layout/page.tsx';
import { toDay } from '../../components/form/date-time.ts';
import { useCarrierScorecard } from './api/get-carrier-scorecard.ts';
import { EmissionMonths } from './emission-months.tsx';
import { ShipperScores } from './shipper-scores.tsx';

/** The range picker: the range the answer used (the last 90 days until one is picked), applied once both ends are. */
function RangePicker({ value, onChange }: { value: [string | null, string | null]; onChange: (from: string, to: string) => void }) {
  return (
    <DatePickerInput
      type="range"
      allowSingleDateInRange
      label="Pickup dates"
      description="At most 366 days"
      valueFormat={DATE_FORMAT}
      value={value}
      onChange={([from, to]) => {
        const [start, end] = [toDay(from), toDay(to)];
        if (start && end) {
          onChange(start, end);
        }
      }}
      maw={320}
    />
  );
}

/** How the figures are made: under them, every time (record 0312). */
function Method({ method }: { method: string }) {
  return (
    <details>
      <summary>
        <Text span size="sm">
          {method}
        </Text>
      </summary>
      <Text size="sm" c="dimmed" mt={4} maw={720}>
        Each finished load's well-to-wheel CO2e (fuel burnt on the road and the fuel's production) is computed once its trip ends, from its
        distance (tracked when it was tracked, else planned), payload, truck class and empty running, with the factor version in force on
        its pickup day, and kept. Loads still on the road are not counted. The scores use the shipper's definitions: acceptance of the
        indent offers you decided, placement within 2 hours of the pickup time, delivery without a delay flagged, tracking of loads that
        left the gate, invoice lines approved as billed.
      </Text>
    </details>
  );
}

function Figures({ data }: { data: CarrierScorecard }) {
  return (
    <Stack gap="lg">
      <section aria-labelledby="scores-by-shipper">
        <Title order={2} size="h4" mb="xs" id="scores-by-shipper">
          By shipper
        </Title>
        {data.shippers.length ? (
          <ShipperScores rows={data.shippers} totals={data.totals} />
        ) : (
          <Text c="dimmed">No orders or indent offers with pickups in this range.</Text>
        )}
      </section>
      <section aria-labelledby="emissions-by-month">
        <Title order={2} size="h4" mb="xs" id="emissions-by-month">
          Emissions by month
        </Title>
        {data.months.length ? (
          <EmissionMonths months={data.months} totals={data.monthTotals} />
        ) : (
          <Text c="dimmed">No finished loads in this range yet: a load's emissions are kept once its trip has ended.</Text>
        )}
      </section>
      <Method method={data.method} />
    </Stack>
  );
}

/**
 * `/carrier/performance` (issue 37 item 3): the carrier's scorecard with each shipper it serves —
 * orders, acceptance, placement and delivery on time, tracking, billing accuracy — and the
 * well-to-wheel emissions of its finished loads, by shipper and by month, for a range of pickups.
 */
export function CarrierPerformancePage() {
  const [search, setSearch] = useSearchParams();
  const asked = { from: search.get('from') ?? undefined, to: search.get('to') ?? undefined };
  const query = useCarrierScorecard(asked);
  const { data } = query;
  return (
    <Page title="Performance">
      <Stack>
        <Group align="flex-end" gap="md" wrap="wrap">
          <RangePicker
            value={[asked.from ?? data?.from ?? null, asked.to ?? data?.to ?? null]}
            onChange={(from, to) => setSearch({ from, to }, { replace: true })}
          />
          {query.isFetching && <Loader size="sm" aria-label="Loading the scorecard" />}
        </Group>
        {query.error && (
          <Alert color="red" title="The scorecard could not be loaded">
            {query.error.message}
          </Alert>
        )}
        {data && <Figures data={data} />}
      </Stack>
    </Page>
  );
}

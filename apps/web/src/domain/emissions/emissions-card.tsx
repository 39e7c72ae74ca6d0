import { Alert, Badge, Group, Loader, Stack, Table, Text } from '@mantine/core';
import type { EmissionFigure, RailAlternative } from '@freightdesk/shared/schemas/emissions';
import { formatDate } from '../../lib/format.ts';
import { useOrderEmissions } from './api/emission-calls.ts';
import { indianNumber } from '@freightdesk/shared/indian-number';

const CLASS_LABEL = { lcv: 'light truck', mcv: 'medium truck', hcv: 'heavy truck', mav: 'multi-axle truck' } as const;
const kg = (n: number) => `${indianNumber(Math.round(n))} kg CO2e`;
const one = (n: number) => indianNumber(n, { max: 1 });

/** What the figure was computed from, in one line. */
export function figureBasis(f: EmissionFigure): string {
  const parts = [`${one(f.distanceKm)} km ${f.distanceBasis}`, `${one(f.payloadTonnes)} t`];
  if (f.mode === 'rail') {
    parts.push('rail');
  } else {
    parts.push(`${f.vehicleClass ? CLASS_LABEL[f.vehicleClass] : 'truck'}, ${f.fuel === 'cng' ? 'CNG' : 'diesel'}`);
    if (f.loadFactor !== null) {
      parts.push(`load factor ${Math.round(f.loadFactor * 100)}%`);
    }
    if (f.emptyShare !== null) {
      parts.push(`empty running ${Math.round(f.emptyShare * 100)}%`);
    }
  }
  return parts.join(' · ');
}

function Factors({ figure }: { figure: EmissionFigure }) {
  return (
    <details>
      <summary>
        <Text span size="sm">
          Factors: {figure.factorVersion.label} (from {formatDate(figure.factorVersion.validFrom)})
        </Text>
      </summary>
      <Table.ScrollContainer minWidth={420}>
        <Table fz="xs" mt={4}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Factor</Table.Th>
              <Table.Th>Value</Table.Th>
              <Table.Th>Source</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {figure.factors.map((f) => (
              <Table.Tr key={f.code}>
                <Table.Td>{f.code}</Table.Td>
                <Table.Td>
                  {f.value} {f.unit}
                </Table.Td>
                <Table.Td>
                  {f.source} ({formatDate(f.sourceDate)})
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </details>
  );
}

function ByRail({ rail, road }: { rail: RailAlternative; road: EmissionFigure }) {
  const saving = road.wtwKg > 0 ? Math.round((1 - rail.wtwKg / road.wtwKg) * 100) : 0;
  return (
    <Text size="sm">
      What if by rail: {kg(rail.wtwKg)} from {rail.fromStation} to {rail.toStation}, first and last mile by road included
      {saving > 0 ? ` (${saving}% less)` : ''}.
    </Text>
  );
}

/**
 * An order's well-to-wheel CO2e (ISO 14083 / GLEC, issue 37): the figure, final once the trip has
 * ended or an estimate before, what it was computed from, the method and factors with their sources,
 * and the rail alternative where the lane has one.
 */
export function EmissionsCard({ orderId }: { orderId: number }) {
  const { data, isLoading, error } = useOrderEmissions(orderId);
  if (isLoading) {
    return <Loader size="sm" aria-label="Loading the emissions" />;
  }
  if (!data) {
    return <Alert color="red">{error?.message ?? 'The emissions could not be loaded.'}</Alert>;
  }
  const f = data.figure;
  if (!f) {
    return <Text size="sm">{data.unavailable ?? 'No figure yet.'}</Text>;
  }
  return (
    <Stack gap={4} role="group" aria-label="Emissions">
      <Group gap="xs">
        <Text fw={700}>{kg(f.wtwKg)}</Text>
        <Badge size="sm" variant="light" color={data.basis === 'final' ? 'green' : 'gray'}>
          {data.basis === 'final' ? 'Final' : 'Estimate'}
        </Badge>
      </Group>
      <Text size="sm">
        {one(f.intensityGPerTkm)} g CO2e per tonne-km · {figureBasis(f)}
      </Text>
      <Text size="xs" c="dimmed">
        {f.method}
      </Text>
      <Factors figure={f} />
      {data.byRail && f.mode === 'road' && <ByRail rail={data.byRail} road={f} />}
    </Stack>
  );
}

import { SimpleGrid, Text, UnstyledButton } from '@mantine/core';
import { GATE_STATE_LABEL, GATE_STATES, type GateState } from '@freightdesk/shared/schemas/execution';
import { STATE_COLOR } from './gate-card.tsx';

/** The day's counts per state, each a big tappable filter (tap again for all). */
export function GateCounts({
  counts,
  selected,
  onSelect,
}: {
  counts: Record<GateState, number>;
  selected: GateState | undefined;
  onSelect: (state: GateState | undefined) => void;
}) {
  return (
    <SimpleGrid cols={{ base: 2, xs: 4 }} role="group" aria-label="Vehicles by state">
      {GATE_STATES.map((s) => {
        const on = selected === s;
        const color = `var(--mantine-color-${STATE_COLOR[s]}-6)`;
        // The count's figure takes the colour's darkest shade: shade 6 of green or orange reads under 3:1 on white.
        const figure = `var(--mantine-color-${STATE_COLOR[s]}-9)`;
        return (
          <UnstyledButton
            key={s}
            aria-pressed={on}
            aria-label={`${GATE_STATE_LABEL[s]}: ${counts[s]}`}
            onClick={() => onSelect(on ? undefined : s)}
            p="md"
            style={{
              borderRadius: 'var(--mantine-radius-md)',
              border: `2px solid ${on ? color : 'var(--mantine-color-gray-3)'}`,
              background: on ? `var(--mantine-color-${STATE_COLOR[s]}-0)` : undefined,
              minHeight: 72,
            }}
          >
            <Text size="xs" tt="uppercase" fw={700} c="dimmed">
              {GATE_STATE_LABEL[s]}
            </Text>{' '}
            <Text fz={28} fw={700} lh={1.1} style={{ color: figure }} data-testid={`count-${s}`}>
              {counts[s]}
            </Text>
          </UnstyledButton>
        );
      })}
    </SimpleGrid>
  );
}

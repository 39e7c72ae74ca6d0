import { SimpleGrid, Text, UnstyledButton } from '@mantine/core';
import { GATE_STATES, type GateState } from '@freightdesk/shared/status/gate';
import { STATE_COLOR } from './gate-card.tsx';
import { useGateText } from './gate-words.ts';

/**
 * The day's counts per state, each a big tappable filter (tap again for all); a vehicle whose moves
 * wait on the device is counted where they lead (kept-board.ts).
 */
export function GateCounts({
  counts,
  selected,
  onSelect,
}: {
  counts: Record<GateState, number>;
  selected: GateState | undefined;
  onSelect: (state: GateState | undefined) => void;
}) {
  const { t } = useGateText();
  return (
    <SimpleGrid cols={{ base: 2, xs: 4 }} role="group" aria-label={t('counts.label')}>
      {GATE_STATES.map((s) => {
        const on = selected === s;
        const color = `var(--mantine-color-${STATE_COLOR[s]}-6)`;
        // The count's figure takes the colour's darkest shade: shade 6 of green or orange reads under 3:1 on white.
        const figure = `var(--mantine-color-${STATE_COLOR[s]}-9)`;
        return (
          <UnstyledButton
            key={s}
            aria-pressed={on}
            aria-label={`${t(`state.${s}`)}: ${counts[s]}`}
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
              {t(`state.${s}`)}
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

import { Group, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { PriceBand } from '@freightdesk/shared/schemas/usual-price';
import { farFromUsualText } from '@freightdesk/shared/usual-price';

/**
 * A warning note (orange text, which reads at 4.5:1 where yellow read at 3:1) under a money field when the amount is far from the lane's usual price (below half
 * or above twice its band), saying the usual price and why. A warning, never a refusal: the user
 * may know better (an urgent load, a special vehicle).
 */
export function PriceWarning({ rupees, band }: { rupees: number | null | undefined; band: PriceBand | null | undefined }) {
  const text = typeof rupees === 'number' && band ? farFromUsualText(rupees, band) : undefined;
  if (!text) {
    return null;
  }
  return (
    <Group gap={6} wrap="nowrap" align="flex-start" role="status" aria-live="polite">
      <IconAlertTriangle size={16} color="var(--mantine-color-yellow-7)" style={{ flexShrink: 0, marginTop: 2 }} />
      <Text size="xs" c="orange.9">
        {text}
      </Text>
    </Group>
  );
}

import { Text } from '@mantine/core';
import { useInterval } from '@mantine/hooks';
import { useState } from 'react';
import type { CarrierIndent } from '@freightdesk/shared/schemas/indent';
import { formatDateTime } from '../../lib/format.ts';
import { deadlineClock } from './indent-answer.ts';

/**
 * The time left to answer, ticking every second in its own component so a page of indents
 * re-renders only the clocks. "—" when the carrier is not being asked now.
 */
export function IndentDeadline({ indent, withTime = false }: { indent: Pick<CarrierIndent, 'status' | 'deadlineAt'>; withTime?: boolean }) {
  const [now, setNow] = useState(Date.now);
  useInterval(() => setNow(Date.now()), 1000, { autoInvoke: true });
  const clock = deadlineClock(indent, now);
  if (!clock) {
    return <Text c="dimmed">—</Text>;
  }
  return (
    <div>
      <Text
        role="timer"
        aria-label="Time left to answer"
        fw={clock.passed ? 400 : 700}
        c={clock.color}
        style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
      >
        {clock.text}
      </Text>
      {withTime && (
        <Text size="xs" c="dimmed">
          Answer by {formatDateTime(indent.deadlineAt)}
        </Text>
      )}
    </div>
  );
}

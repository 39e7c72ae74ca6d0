import { Alert, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { useEffect } from 'react';
import { plural } from '../../lib/format.ts';
import { dismissMove, type OutboxEntry, onMoveSent, sendWaitingMoves, useKeptMoves } from '../../lib/outbox.ts';
import { toast } from '../../components/feedback/feedback.tsx';

const STATE: Record<OutboxEntry['state'], { badge: string; color: string }> = {
  waiting: { badge: 'Waiting to send', color: 'orange' },
  conflict: { badge: 'Not applied: it moved meanwhile', color: 'red' },
  refused: { badge: 'Not applied', color: 'red' },
};

/** One kept move: what the person did, its state and, once refused, the server's answer beside it. */
function KeptMove({ move }: { move: OutboxEntry }) {
  const state = STATE[move.state];
  return (
    <Stack gap={2} role="listitem">
      <Group gap="xs" wrap="wrap">
        <Badge color={state.color} variant="light">
          {state.badge}
        </Badge>
        <Text size="sm" fw={500}>
          {move.label}
        </Text>
      </Group>
      {move.message && (
        <Group gap="xs" wrap="wrap" justify="space-between">
          <Text size="sm">Now: {move.message}</Text>
          <Button size="compact-sm" variant="default" onClick={() => void dismissMove(move.id)}>
            Dismiss
          </Button>
        </Group>
      )}
    </Stack>
  );
}

/**
 * The moves of a screen kept on this device without network (lib/outbox.ts): each waiting to send,
 * or refused on arrival with where the record is now; "Send now" tries at once. `onSent` runs when
 * one lands, for the screen to show it.
 */
export function KeptMoves({ scope, onSent }: { scope: string; onSent: () => void }) {
  const moves = useKeptMoves(scope);
  useEffect(
    () =>
      onMoveSent((entry) => {
        if (entry.scope === scope) {
          toast(`Sent: ${entry.label}`);
          onSent();
        }
      }),
    [scope, onSent],
  );
  if (moves.length === 0) {
    return null;
  }
  const waiting = moves.filter((m) => m.state === 'waiting').length;
  return (
    <Alert
      color={waiting ? 'orange' : 'red'}
      mb="md"
      title={waiting ? `Kept on this device: ${plural(waiting, 'move')} waiting to send` : 'Not applied: read, then dismiss'}
    >
      <Stack gap="sm" role="list" aria-label="Moves kept on this device">
        {moves.map((m) => (
          <KeptMove key={m.id} move={m} />
        ))}
      </Stack>
      {waiting > 0 && (
        <Button mt="sm" size="sm" variant="default" onClick={() => void sendWaitingMoves()}>
          Send now
        </Button>
      )}
    </Alert>
  );
}

import { Alert, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { useEffect } from 'react';
import { KEPT_BADGE } from '../../domain/outbox/kept-badge.ts';
import { dismissMove, type OutboxEntry, onMoveSent, sendWaitingMoves } from '../../lib/outbox.ts';
import { tripScope } from './api/trip-moves.ts';
import { moveOf } from './trip-progress.ts';
import { clockTime, useDriverText } from './trip-words.ts';
import { touchButton } from './touch.ts';

/** One kept move in the driver's words: what, when, its state, and once refused the server's answer. */
function KeptMove({ entry }: { entry: OutboxEntry }) {
  const { t } = useDriverText();
  const move = moveOf(entry);
  const waiting = entry.state === 'waiting';
  return (
    <Stack gap={2} role="listitem">
      <Group gap="xs" wrap="wrap">
        <Badge color={waiting ? 'orange' : 'red'} {...KEPT_BADGE} size="lg">
          {waiting ? t('kept.waiting') : t('kept.refused')}
        </Badge>
        <Text fw={600}>
          {move ? t(`move.${move}`) : entry.label} · {t('kept.at', { time: clockTime(entry.createdAt) })}
        </Text>
      </Group>
      {entry.message && (
        <Group gap="xs" wrap="wrap" justify="space-between">
          <Text size="sm">{t('kept.now', { message: entry.message })}</Text>
          <Button size="sm" mih={44} styles={touchButton} variant="default" onClick={() => void dismissMove(entry.id)}>
            {t('kept.dismiss')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

/**
 * The trip's moves kept on this phone (lib/outbox.ts, record 0302): waiting to send, or refused
 * when they arrived (409: the transporter did it already) with the server's answer, never applied
 * some other way. `onSent` runs with the server's answer when one lands.
 */
export function TripKeptMoves(props: { token: string; kept: OutboxEntry[]; onSent: (answer: unknown) => void }) {
  const { token, kept, onSent } = props;
  const { t } = useDriverText();
  useEffect(() => onMoveSent((entry, answer) => (entry.scope === tripScope(token) ? onSent(answer) : undefined)), [token, onSent]);
  if (kept.length === 0) {
    return null;
  }
  const waiting = kept.some((e) => e.state === 'waiting');
  return (
    <Alert color={waiting ? 'orange' : 'red'} title={t('kept.title')}>
      <Stack gap="sm" role="list" aria-label={t('kept.list')}>
        {kept.map((e) => (
          <KeptMove key={e.id} entry={e} />
        ))}
      </Stack>
      {waiting && (
        <Button mt="sm" size="md" mih={44} styles={touchButton} variant="default" onClick={() => void sendWaitingMoves()}>
          {t('kept.sendNow')}
        </Button>
      )}
    </Alert>
  );
}

import { Alert, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { useEffect } from 'react';
import { toast } from '../../components/feedback/feedback.tsx';
import { useFieldText } from '../../lib/i18n.ts';
import { KEPT_BADGE } from './kept-badge.ts';
import { dismissMove, type OutboxEntry, onMoveSent, retryMove, sendWaitingMoves, useKeptMoves } from '../../lib/outbox.ts';

/** Each state's badge (a key of the `common` catalogue) and colour. */
const STATE: Record<OutboxEntry['state'], { badge: string; color: string }> = {
  waiting: { badge: 'waiting', color: 'orange' },
  conflict: { badge: 'kept.conflict', color: 'red' },
  refused: { badge: 'kept.refused', color: 'red' },
  blocked: { badge: 'kept.blocked', color: 'red' },
};

/** A long state ("Not sent: the earlier move was refused", or in Hindi) wraps on a phone instead of widening the list. */
const BADGE_WRAPS = { root: { height: 'auto', maxWidth: '100%' }, label: { whiteSpace: 'normal' as const } };

type Words = ReturnType<typeof useFieldText>['t'];

/** What the person did, in the chosen language when the move brought its words, else as kept. */
export const keptLabel = (t: Words, move: Pick<OutboxEntry, 'label' | 'words'>): string =>
  move.words ? t(move.words.key, { ...move.words.values, defaultValue: move.label }) : move.label;

/** A held or refused move's way out: read, then dismiss (a held one may also be sent anyway). */
function Settle({ move, t }: { move: OutboxEntry; t: Words }) {
  return (
    <Group gap="xs" wrap="wrap" justify="space-between">
      <Text size="sm">{move.state === 'blocked' ? t('kept.heldHelp') : t('kept.now', { message: move.message ?? '' })}</Text>
      <Group gap="xs">
        {move.state === 'blocked' && (
          <Button size="compact-sm" variant="default" onClick={() => void retryMove(move.id)}>
            {t('kept.retry')}
          </Button>
        )}
        <Button size="compact-sm" variant="default" onClick={() => void dismissMove(move.id)}>
          {t('kept.dismiss')}
        </Button>
      </Group>
    </Group>
  );
}

/** One kept move: what the person did, its state and, once refused or held, what to do about it. */
function KeptMove({ move }: { move: OutboxEntry }) {
  const { t } = useFieldText('common');
  const state = STATE[move.state];
  return (
    <Stack gap={2} role="listitem">
      <Group gap="xs" wrap="wrap">
        <Badge color={state.color} {...KEPT_BADGE} styles={BADGE_WRAPS}>
          {t(state.badge)}
        </Badge>
        <Text size="sm" fw={500} style={{ flex: '1 1 14rem', minWidth: 0 }}>
          {keptLabel(t, move)}
        </Text>
      </Group>
      {move.state !== 'waiting' && <Settle move={move} t={t} />}
    </Stack>
  );
}

/**
 * The moves of a screen kept on this device without network (lib/outbox.ts): each waiting to send,
 * refused on arrival with where the record is now, or held after a refused earlier move of its
 * record; "Send now" tries at once. `onSent` runs when one lands, for the screen to show it. Its
 * words are in the `common` catalogue (the gate board and the driver's page share it).
 */
export function KeptMoves({ scope, onSent }: { scope: string; onSent: () => void }) {
  const { t } = useFieldText('common');
  const moves = useKeptMoves(scope);
  useEffect(
    () =>
      onMoveSent((entry) => {
        if (entry.scope === scope) {
          toast(t('kept.sent', { label: keptLabel(t, entry) }));
          onSent();
        }
      }),
    [scope, onSent, t],
  );
  if (moves.length === 0) {
    return null;
  }
  const waiting = moves.filter((m) => m.state === 'waiting').length;
  return (
    <Alert color={waiting ? 'orange' : 'red'} mb="md" title={waiting ? t('kept.titleWaiting', { count: waiting }) : t('kept.titleRefused')}>
      <Stack gap="sm" role="list" aria-label={t('kept.list')}>
        {moves.map((m) => (
          <KeptMove key={m.id} move={m} />
        ))}
      </Stack>
      {waiting > 0 && (
        <Button mt="sm" size="sm" variant="default" onClick={() => void sendWaitingMoves()}>
          {t('sendNow')}
        </Button>
      )}
    </Alert>
  );
}

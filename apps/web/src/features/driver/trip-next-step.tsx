import { Alert, Button, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { ApiError } from '../../lib/api.ts';
import { makeTripMove, type MoveOutcome, type TripMoveBody } from './api/trip-moves.ts';
import type { DriverTrip, TripMove } from './api/trip.ts';
import { PodForm } from './pod-form.tsx';
import { useDriverText } from './trip-words.ts';
import { touchButton } from './touch.ts';

type Notice = { color: 'green' | 'orange' | 'red'; text: string };

/** Sends a move and says how it went, in the driver's words. */
function useTripMove(token: string, onTrip: (trip: DriverTrip) => void, refresh: () => void) {
  const { t, i18n } = useDriverText();
  const [notice, setNotice] = useState<Notice | null>(null);
  const english = i18n.getFixedT('en-IN', 'driver');
  async function run(move: TripMove, body: TripMoveBody): Promise<void> {
    setNotice(null);
    const label = `${english(`move.${move}`)} (${new Date().toISOString()})`;
    const outcome: MoveOutcome = await makeTripMove(token, move, body, label);
    const name = t(`move.${move}`);
    if (outcome.kind === 'done') {
      onTrip(outcome.trip);
      setNotice({ color: 'green', text: t('moveDone', { move: name }) });
    } else if (outcome.kind === 'kept') {
      // Said by the list of kept moves and the status ("Arrived · waiting to send"), which follow it until it lands.
      setNotice(null);
    } else {
      refresh();
      setNotice({ color: 'red', text: t('alreadyDone', { message: outcome.message }) });
    }
  }
  return { notice, run };
}

/** Reported at plant or Arrived: one full-width button. */
function MoveButton({ move, onMove }: { move: 'report' | 'arrive'; onMove: () => Promise<void> }) {
  const { t } = useDriverText();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const click = () => {
    setBusy(true);
    setError(null);
    onMove()
      .catch((err: unknown) => setError(err instanceof ApiError ? err.message : String(err)))
      .finally(() => setBusy(false));
  };
  return (
    <Stack gap="xs">
      <Button size="xl" mih={56} styles={touchButton} fullWidth onClick={click} loading={busy}>
        {t(`move.${move}`)}
      </Button>
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
    </Stack>
  );
}

/**
 * The next move as the page's main button (report, arrive) or the POD form (deliver): the move the
 * server allows, or the one after a move made offline and waiting to be sent.
 */
export function TripNextStep(props: {
  token: string;
  next: TripMove | null;
  /** A move is waiting to be sent (then no next move means: all done here, not yet sent). */
  waiting: boolean;
  onTrip: (trip: DriverTrip) => void;
  refresh: () => void;
}) {
  const { t } = useDriverText();
  const { notice, run } = useTripMove(props.token, props.onTrip, props.refresh);
  const { next } = props;
  return (
    <Stack gap="sm">
      {notice && (
        <Alert color={notice.color} role="status">
          {notice.text}
        </Alert>
      )}
      {next === 'deliver' ? (
        <PodForm onSend={(body) => run('deliver', body)} />
      ) : (
        <Paper withBorder p="md" radius="md" component="section" aria-labelledby="trip-next">
          <Title order={2} size="h4" id="trip-next" mb="sm">
            {t('next')}
          </Title>
          {next ? (
            <MoveButton move={next} onMove={() => run(next, { json: { at: new Date().toISOString() } })} />
          ) : (
            <Text>{props.waiting ? t('allKept') : t('allDone')}</Text>
          )}
        </Paper>
      )}
    </Stack>
  );
}

import { Alert, Button, Center, Group, Loader, Stack, Title } from '@mantine/core';
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { LanguageSwitch } from '../../components/layout/language-switch.tsx';
import { ApiError } from '../../lib/api.ts';
import { useFirstArrival } from '../../lib/first-arrival.ts';
import { useKeptMoves, useOutboxSender } from '../../lib/outbox.ts';
import { tripScope } from './api/trip-moves.ts';
import { type DriverTrip, useRefreshTrip, useSetTrip, useTrip } from './api/trip.ts';
import { LocationCard } from './location-card.tsx';
import { TripKeptMoves } from './trip-kept-moves.tsx';
import { TripNextStep } from './trip-next-step.tsx';
import { nextMove, waitingMoves } from './trip-progress.ts';
import { TripDocuments, TripStops } from './trip-stops.tsx';
import { TripSummary } from './trip-summary.tsx';
import { useDriverText } from './trip-words.ts';

const subscribeOnline = (listener: () => void) => {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
};
const useOnline = () => useSyncExternalStore(subscribeOnline, () => navigator.onLine);

const isTripAnswer = (answer: unknown): answer is { data: DriverTrip } =>
  typeof answer === 'object' && answer !== null && 'data' in answer && typeof (answer as { data: unknown }).data === 'object';

/** The page's title in the chosen language (WCAG 2.4.2), "Your trip" until the trip is known. */
function useTitle(title: string) {
  useEffect(() => {
    document.title = `${title} · Freightdesk`;
  }, [title]);
}

/** Loading, or the link that ended (404), or another failure with Try again. */
function NotOpen({ error, retry }: { error: Error | null; retry: () => void }) {
  const { t } = useDriverText();
  if (!error) {
    return (
      <Center h={160}>
        <Loader aria-label={t('loading')} />
      </Center>
    );
  }
  if (error instanceof ApiError && error.status === 404) {
    return (
      <Alert color="gray" role="alert">
        {t('ended')}
      </Alert>
    );
  }
  return (
    <Alert color="red" role="alert">
      <Stack gap="sm" align="flex-start">
        {t('failed', { message: error.message })}
        <Button size="md" mih={44} variant="default" onClick={retry}>
          {t('tryAgain')}
        </Button>
      </Stack>
    </Alert>
  );
}

/**
 * `#/trip/:token`, the driver's page of one trip (issue 35, record 0302): no account, the link is
 * the key. The trip, the next move as the main button, the POD with the camera, location sharing
 * with consent, the stops with calls and directions, the papers; English or Hindi; moves made
 * without network kept on the phone and sent when it returns. Drawn by the trip link's own entry
 * (trip.tsx) when the link is opened, by the app's router when the app navigates to it.
 */
export function TripPage({ token }: { token: string }) {
  const { t } = useDriverText();
  useOutboxSender(token);
  const online = useOnline();
  const { data, error, refetch } = useTrip(token);
  const trip = useFirstArrival(data);
  const setTrip = useSetTrip(token);
  const refresh = useRefreshTrip(token);
  const kept = useKeptMoves(tripScope(token));
  // A kept move that lands answers the trip as it is now (after the POD the link has ended: its last answer stays).
  const onSent = useCallback((answer: unknown) => (isTripAnswer(answer) ? setTrip(answer.data) : refresh()), [setTrip, refresh]);
  const ended = error instanceof ApiError && error.status === 404 && (!trip || trip.nextMoves.length > 0);
  const waiting = waitingMoves(kept);
  // A kept move refused on arrival (the transporter did it meanwhile): the trip as it is now.
  const refused = kept.length - kept.filter((e) => e.state === 'waiting').length;
  useEffect(() => (refused > 0 ? refresh() : undefined), [refused, refresh]);
  useTitle(trip ? t('pageTitle', { number: trip.orderNumber }) : t('heading'));
  return (
    <Stack gap="md" pb="xl">
      <Group justify="flex-end">
        <LanguageSwitch />
      </Group>
      {!online && (
        <Alert color="orange" role="status">
          {t('offline')}
        </Alert>
      )}
      {!trip || ended ? (
        <>
          <Title order={1} size="h2">
            {t('heading')}
          </Title>
          <NotOpen error={error} retry={() => void refetch()} />
        </>
      ) : (
        <>
          <TripSummary trip={trip} waiting={waiting} />
          <TripKeptMoves token={token} kept={kept} onSent={onSent} />
          <TripNextStep
            token={token}
            next={nextMove(trip.nextMoves, waiting)}
            waiting={waiting.length > 0}
            onTrip={setTrip}
            refresh={refresh}
          />
          {/* Delivered: the link has ended, and so does sharing. */}
          {(trip.nextMoves.length > 0 || waiting.length > 0) && <LocationCard token={token} trip={trip} />}
          <TripStops trip={trip} />
          <TripDocuments trip={trip} />
        </>
      )}
    </Stack>
  );
}

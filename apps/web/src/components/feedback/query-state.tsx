import { Alert, Button, Center, Loader, Skeleton, Stack, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { EMPTY_TABLE_TEXT } from '@freightdesk/shared/constants';
import { formatDateTime } from '../../lib/format.ts';
import { Page } from '../layout/page.tsx';
import { listView, type QueryLike, queryView } from './query-view.ts';

/**
 * Says that what is shown is the last answer kept on the device, not the server's now (no network):
 * nothing when `keptAt` is absent (an answer from the server).
 */
export function KeptAnswerNote({ keptAt, what }: { keptAt: string | undefined; what: string }) {
  if (!keptAt) {
    return null;
  }
  return (
    <Alert color="yellow" role="status" title="You are offline" mb="sm">
      The {what} as last known, at {formatDateTime(keptAt)}. They are brought up to date as soon as the connection is back.
    </Alert>
  );
}

/** The alert of a failed call: what failed, the server's message under it, Try again unless the answer is final. */
function FailedAlert({ query, title, message, retry }: { query: QueryLike; title: string; message: string | null; retry: boolean }) {
  const shown = message !== title ? message : null;
  return (
    <Alert color="red" role="alert" title={title}>
      {shown}
      {retry && (
        <Button
          display="block"
          mt={shown ? 'sm' : 0}
          size="xs"
          variant="light"
          color="red"
          leftSection={<IconRefresh size={14} />}
          loading={query.isFetching}
          onClick={() => query.refetch()}
        >
          Try again
        </Button>
      )}
    </Alert>
  );
}

const OFFLINE = (
  <Alert color="yellow" role="status" title="You are offline">
    It loads as soon as the connection is back.
  </Alert>
);

/**
 * The one way a screen shows a record it does not have yet (queryView decides which): a loader,
 * named for screen readers, while it loads; a note while the browser is offline; when loading
 * failed, `failed` with the server's own message and Try again unless the answer is final.
 */
export function QueryState({ query, loading, failed }: { query: QueryLike; loading: string; failed: string }) {
  const view = queryView(query);
  if (view.kind === 'loading') {
    return (
      <Center h={140}>
        <Loader size="sm" aria-label={loading} />
      </Center>
    );
  }
  if (view.kind === 'paused') {
    return OFFLINE;
  }
  return (
    <FailedAlert
      query={query}
      title={failed}
      message={view.kind === 'failed' ? view.message : null}
      retry={view.kind === 'failed' && view.retry}
    />
  );
}

/**
 * A record page's placeholder while it loads: lines of text on the card, the height of a short detail,
 * instead of a small spinner, so the page does not grow under the reader when the record comes
 * (record 0297). The first line is the status a screen reader announces.
 */
function DetailSkeleton({ label }: { label: string }) {
  return (
    <Stack gap="md" mih={320}>
      <Skeleton height={24} width="40%" radius="sm" role="status" aria-label={label} />
      {DETAIL_LINES.map((width) => (
        <Skeleton key={width} height={18} width={width} radius="sm" />
      ))}
    </Stack>
  );
}
const DETAIL_LINES = ['90%', '75%', '85%', '60%', '80%', '70%', '50%'];

/** A page whose record is loading or failed: its title on the card, and QueryState within. */
export function PageQueryState(props: { title: string; query: QueryLike; loading: string; failed: string }) {
  return (
    <Page title={props.title}>
      {queryView(props.query).kind === 'loading' ? (
        <DetailSkeleton label={props.loading} />
      ) : (
        <QueryState query={props.query} loading={props.loading} failed={props.failed} />
      )}
    </Page>
  );
}

/** What a list's rows are called in its messages: its caption in lower case ("orders"), or "rows". */
const rowsWord = (caption: string | undefined) => (caption ? caption.toLowerCase() : 'rows');

/**
 * The state of a list (listView decides which), for its table: `inRows` stands where its rows would
 * be (a loader, the offline note, the failure, or `empty`: 'No Available Data'); `aboveRows` tells that rows
 * still shown are from before a call that failed.
 */
export function listState(query: QueryLike, rows: number, caption: string | undefined, empty: ReactNode = EMPTY_TABLE_TEXT) {
  const view = listView(query, rows);
  const word = rowsWord(caption);
  if (view.kind === 'failed') {
    const title = view.stale ? `The ${word} shown could not be brought up to date.` : `The ${word} could not be loaded.`;
    const alert = <FailedAlert query={query} title={title} message={view.message} retry={view.retry} />;
    return { inRows: view.stale ? null : alert, aboveRows: view.stale ? alert : null };
  }
  const inRows =
    view.kind === 'loading' ? (
      <Loader size="sm" aria-label={`Loading the ${word}`} />
    ) : view.kind === 'paused' ? (
      OFFLINE
    ) : view.kind === 'empty' ? (
      <Text c="dimmed">{empty}</Text>
    ) : null;
  return { inRows, aboveRows: null };
}

import { Alert, Button, Center, Loader } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { Page } from '../layout/page.tsx';
import { type QueryLike, queryView } from './query-view.ts';

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
    return (
      <Alert color="yellow" role="status" title="You are offline">
        It loads as soon as the connection is back.
      </Alert>
    );
  }
  const message = view.kind === 'failed' && view.message !== failed ? view.message : null;
  return (
    <Alert color="red" role="alert" title={failed}>
      {message}
      {view.kind === 'failed' && view.retry && (
        <Button
          display="block"
          mt={message ? 'sm' : 0}
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

/** A page whose record is loading or failed: its title on the card, and QueryState within. */
export function PageQueryState(props: { title: string; query: QueryLike; loading: string; failed: string }) {
  return (
    <Page title={props.title}>
      <QueryState query={props.query} loading={props.loading} failed={props.failed} />
    </Page>
  );
}

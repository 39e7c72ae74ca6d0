import type { UseQueryResult } from '@tanstack/react-query';
import { useEffect, useState } from 'react';

const versionOf = (row: unknown) =>
  row && typeof row === 'object' && 'updatedAt' in row && typeof row.updatedAt === 'string' ? row.updatedAt : undefined;

/**
 * A record loaded into an edit form: once, from the server (never a cached copy, which may be older
 * than the record), keeping the version (`updatedAt`) of the values the form holds. The save sends
 * that version as If-Match; a later refetch never overwrites what the user is typing. `reload()`
 * (after a 409 STALE) does, on purpose: it loads the current record and its version.
 */
export function useEditRecord<T>(query: UseQueryResult<T>, load: (row: T) => void, enabled = true) {
  const [version, setVersion] = useState<string | undefined>();
  const [ready, setReady] = useState(!enabled);
  const fresh = query.isFetchedAfterMount && !query.isFetching ? query.data : undefined;

  useEffect(() => {
    if (!ready && fresh !== undefined) {
      load(fresh);
      setVersion(versionOf(fresh));
      setReady(true);
    }
  }, [fresh, ready, load]);

  /** Takes a record as the form's new starting point (the answer of a save that keeps the page open). */
  const accept = (row: T) => {
    load(row);
    setVersion(versionOf(row));
  };
  const reload = async () => {
    const result = await query.refetch();
    if (result.data !== undefined) {
      accept(result.data);
    }
  };
  return { ready, version, reload, accept };
}

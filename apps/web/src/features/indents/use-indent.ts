import { useEffect } from 'react';
import type { IndentAllocation } from '@freightdesk/shared/schemas/indent';
import { useNotificationEvents } from '../../lib/socket.ts';
import { useIndentQuery } from './api/get-indent.ts';

/** After a deadline the server's job passes the turn on; the page asks again this long after. */
const AFTER_DEADLINE_MS = 5_000;
/** Longer waits do not fit a timer (about 24.8 days). */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** The earliest answer-by time of a carrier being asked now, or null when nobody is. */
export function nextDeadline(turns: readonly Pick<IndentAllocation, 'status' | 'deadlineAt'>[]): string | null {
  const times = turns.flatMap((t) => (t.status === 'offered' && t.deadlineAt ? [t.deadlineAt] : []));
  return times.reduce<string | null>((min, t) => (min === null || Date.parse(t) < Date.parse(min) ? t : min), null);
}

/**
 * `GET /api/indents/:id` (api/get-indent.ts, asked every minute while open), kept current while the page is open: every notification of type
 * `indent` refetches the queries under `indents` (the notification bell's live handler), a
 * reconnection refetches (events may have been missed), and so does the passing of the asked
 * carrier's deadline, when the turn moves on without anyone acting.
 */
export function useIndent(id: number) {
  const query = useIndentQuery(id);
  const { refetch } = query;
  useNotificationEvents({ onNotification: () => undefined, onConnect: () => void refetch() });
  const deadline = query.data ? nextDeadline(query.data.allocations) : null;
  useEffect(() => {
    if (!deadline) {
      return;
    }
    const wait = Math.max(Date.parse(deadline) - Date.now(), 0) + AFTER_DEADLINE_MS;
    if (wait > MAX_TIMER_MS) {
      return;
    }
    const timer = setTimeout(() => void refetch(), wait);
    return () => clearTimeout(timer);
  }, [deadline, refetch]);
  return query;
}

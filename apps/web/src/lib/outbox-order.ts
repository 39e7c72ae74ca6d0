import type { OutboxEntry } from './outbox-store.ts';

/**
 * The order of kept moves of one record (issue 35, decision 0301): a move counts on the earlier
 * moves of its `group` (a gate out on the gate in before it). When one of them is refused, the later
 * ones are held ("Not sent: the earlier move was refused") until the person retries or dismisses
 * them. Pure: lib/outbox.ts applies it while sending.
 */

const REFUSED: readonly OutboxEntry['state'][] = ['conflict', 'refused'];

/** Is `entry` held by an earlier move of its group: one held itself, or a refusal not yet read past? */
export function isHeld(entry: OutboxEntry, entries: readonly OutboxEntry[]): boolean {
  if (!entry.group) {
    return false;
  }
  return entries.some(
    (e) =>
      e.group === entry.group &&
      e.id < entry.id &&
      (e.state === 'blocked' || (REFUSED.includes(e.state) && e.id > (entry.acknowledged ?? 0))),
  );
}

/**
 * What "Retry" does to a held move: every held move of its group waits again, in their order, past
 * the refusals of the group the person has read (a held move without a group: itself).
 */
export function retried(entry: OutboxEntry, entries: readonly OutboxEntry[]): OutboxEntry[] {
  const group = entry.group ? entries.filter((e) => e.group === entry.group) : [entry];
  const read = Math.max(0, ...group.filter((e) => REFUSED.includes(e.state)).map((e) => e.id));
  return group
    .filter((e) => e.state === 'blocked')
    .map((e) => ({ ...e, state: 'waiting' as const, message: undefined, acknowledged: read }));
}

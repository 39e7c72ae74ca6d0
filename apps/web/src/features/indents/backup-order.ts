import type { IndentAllocation } from '@freightdesk/shared/schemas/indent';

/** A backup carrier in the list being ordered: its My Carriers link and the name shown. */
export type Backup = { carrierLinkId: number; carrierName: string };

/** The list with the item at `index` moved `delta` places (-1 up, +1 down); unchanged at either end. */
export function moveItem<T>(list: readonly T[], index: number, delta: number): T[] {
  const to = index + delta;
  const item = list[index];
  if (item === undefined || to < 0 || to >= list.length) {
    return [...list];
  }
  const next = list.filter((_, i) => i !== index);
  next.splice(to, 0, item);
  return next;
}

/** The list with a carrier added last, unless it is already in it. */
export function addBackup(list: readonly Backup[], backup: Backup): Backup[] {
  return list.some((b) => b.carrierLinkId === backup.carrierLinkId) ? [...list] : [...list, backup];
}

/**
 * The indent's turns split as the backups page shows them: the carriers already asked (or the
 * primary, asked first) stay where they are; the backups still waiting their turn can be reordered.
 */
export function splitTurns(turns: readonly IndentAllocation[]): { fixed: IndentAllocation[]; waiting: Backup[] } {
  const sorted = [...turns].sort((a, b) => a.seq - b.seq);
  const waits = (t: IndentAllocation) => t.role === 'backup' && t.status === 'queued';
  return {
    fixed: sorted.filter((t) => !waits(t)),
    waiting: sorted.filter(waits).map((t) => ({ carrierLinkId: t.carrierLinkId, carrierName: t.carrierName })),
  };
}

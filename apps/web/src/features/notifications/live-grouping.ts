import { notificationUrl, type NotificationRow } from '@freightdesk/shared/schemas/push-events';
import { plural } from '@freightdesk/shared/words';

/** A live notification as the grouping reads it. */
export type LiveNote = Pick<NotificationRow, 'id' | 'title' | 'msg' | 'type' | 'referId' | 'requestType'>;

/** Notifications of one kind arriving within this time of the previous one share a toast. */
export const GROUP_WINDOW_MS = 2000;

/** Notifications shown as one toast: same kind (title, object type, direction), close together in time. */
export type LiveGroup = { key: string; toastId: string; notes: LiveNote[]; lastAt: number };

const kindOf = (n: LiveNote) => `${n.type}:${n.requestType}:${n.title}`;

/**
 * Adds an arrival at `now` (ms) to the open groups without changing them: it joins the group of
 * its kind when that group's last arrival is at most GROUP_WINDOW_MS ago (so a burst of ten
 * assignments is one toast), otherwise it starts a new group with a toast of its own.
 */
export function addArrival(
  groups: ReadonlyMap<string, LiveGroup>,
  note: LiveNote,
  now: number,
): { groups: Map<string, LiveGroup>; group: LiveGroup } {
  const key = kindOf(note);
  const open = groups.get(key);
  const group: LiveGroup =
    open && now - open.lastAt <= GROUP_WINDOW_MS
      ? { ...open, notes: [...open.notes, note], lastAt: now }
      : { key, toastId: `live-${key}-${note.id}`, notes: [note], lastAt: now };
  const next = new Map(groups);
  next.set(key, group);
  return { groups: next, group };
}

/** The count in a grouped toast's title, in words, for the events the platform sends. */
const COUNTED: Record<string, (n: number) => string> = {
  'Vehicle assigned': (n) => `${plural(n, 'vehicle')} assigned`,
  'Order rejected': (n) => `${plural(n, 'order')} rejected`,
  'Order cancelled': (n) => `${plural(n, 'order')} cancelled`,
  'New request to bid': (n) => `${plural(n, 'new request')} to bid`,
  'You were outbid': (n) => `Outbid ${plural(n, 'time')}`,
  Awarded: (n) => `Awarded ${plural(n, 'time')}`,
  Regret: (n) => `Not awarded: ${plural(n, 'request')}`,
};

/** Request, order and other document numbers a message names (OB-2026-000123, ORD-2026-000045 …). */
const NUMBER = /\b[A-Z]{2,4}-\d{4}-\d{4,}\b/g;
const NAMED = 4;

/** A message cut into plain text and record numbers, so a toast can keep each number on one line. */
export function numberParts(text: string): { text: string; number: boolean }[] {
  const parts: { text: string; number: boolean }[] = [];
  let at = 0;
  for (const m of text.matchAll(NUMBER)) {
    if (m.index > at) {
      parts.push({ text: text.slice(at, m.index), number: false });
    }
    parts.push({ text: m[0], number: true });
    at = m.index + m[0].length;
  }
  if (at < text.length) {
    parts.push({ text: text.slice(at), number: false });
  }
  return parts;
}

export type LiveToast = { title: string; message: string; href: string; linkLabel: string };

/**
 * What a group's toast says and links to. One notification: its title and message, linking its
 * target (spec section 2). Several: a count in words and the numbers they name ("10 vehicles
 * assigned — ORD-…, …"), linking the one record they share or else the list.
 */
export function groupToast(group: LiveGroup, userType: number): LiveToast {
  const [first, ...rest] = group.notes;
  if (!first) {
    return { title: '', message: '', href: '#/notification', linkLabel: 'Open' };
  }
  if (!rest.length) {
    return { title: first.title, message: first.msg, href: `#${notificationUrl(userType, first)}`, linkLabel: 'Open' };
  }
  const n = group.notes.length;
  const title = COUNTED[first.title]?.(n) ?? `${first.title} (${n})`;
  const numbers = [...new Set(group.notes.flatMap((x) => x.msg.match(NUMBER) ?? []))];
  // Messages without record numbers are sentences: the newest is quoted whole (the title counts
  // them), never "… Reports. and 1 more" (issue 38).
  const more = numbers.length - NAMED;
  const message = numbers.length
    ? `${numbers.slice(0, NAMED).join(', ')}${more > 0 ? ` and ${more} more` : ''}`
    : (group.notes.at(-1)?.msg ?? first.msg);
  const one = group.notes.every((x) => x.referId === first.referId);
  return {
    title,
    message,
    href: `#${notificationUrl(userType, one ? first : { ...first, referId: 0 })}`,
    linkLabel: one ? 'Open' : 'Open the list',
  };
}

import type { PushData } from '@freightdesk/shared/schemas/push-events';

/**
 * Where a notification comes from: `live` over the socket while the app is open, `push-click` a
 * Web Push message the user clicked outside the app (the service worker opens or focuses the app),
 * `list` picked on the notifications page.
 */
export type NotificationOrigin = 'live' | 'push-click' | 'list';

/**
 * How it is shown. A live one never blocks the page the user works on (typing or not): a toast
 * with a link. The spec's confirm dialog (section 4) is for the push message opened from outside,
 * where the user has not yet chosen a page. A pick from the list was the user's own choice: go.
 */
export function presentationFor(origin: NotificationOrigin): 'toast' | 'dialog' | 'navigate' {
  switch (origin) {
    case 'live':
      return 'toast';
    case 'push-click':
      return 'dialog';
    default:
      return 'navigate';
  }
}

/** The query parameter the service worker opens the app with: `#/notification?push={notificationId}`. */
export const PUSH_CLICK_PARAM = 'push';

/** The notification id of a push click in the address's query, or null. */
export function pushClickId(search: string): number | null {
  const raw = new URLSearchParams(search).get(PUSH_CLICK_PARAM) ?? '';
  return /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : null;
}

/** The first part of the query keys each kind of notification makes stale. */
const CONCERNS: Record<PushData['type'], RegExp> = {
  request: /^(requests\/|carrier-requests|dashboard)/,
  order: /^(orders\/|offline-orders\/|carrier-orders|requests\/|carrier-requests|dashboard)/,
  rfp: /^(rfqs|contracts|carrier-rfqs|carrier-contracts|dashboard)$/,
  indent: /^(indent|carrier-indents|orders\/|carrier-orders|dashboard)/,
  // Submitted, decided, revised or paid: both sides' lists, details and payment summaries.
  invoice: /^(invoices|carrier-invoices)$/,
  // An export finished: the list of the user's exports and its progress.
  report: /^exports$/,
  // An endpoint was disabled after sustained failure: the Developers page's webhook lists.
  webhook: /^webhooks$/,
};

/**
 * Does a notification of this type concern the data under this query key? Only those are
 * refetched, so pickers and records under a form the user is typing in stay as they are.
 */
export function concernsQuery(type: PushData['type'], queryKey: readonly unknown[]): boolean {
  const head = queryKey[0];
  return typeof head === 'string' && CONCERNS[type].test(head);
}

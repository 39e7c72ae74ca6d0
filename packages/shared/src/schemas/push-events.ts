import { notificationTarget } from '../routes.ts';

// What a notification is and how the socket tells of one: plain types and constants, no zod, so the
// signed-in frame that reads them on every page does not load the schema library (record 0310).
// schemas/push.ts re-exports them beside the push token's schema.

/** The spec's push message payload (section 3), the `data` of every push message. */
export type PushData = {
  title: string;
  msg: string;
  type: 'request' | 'order' | 'rfp' | 'indent' | 'invoice' | 'report' | 'webhook';
  referId: number;
  requestType: number;
};

/**
 * The JSON body of a Web Push message: the spec's `data`, plus the stored notification's id (so
 * the app can mark it read) and `url`, the app route confirming it opens for this user.
 */
export type PushMessage = { data: PushData; notificationId: number; url: string };

/** A stored notification as the API lists it. */
export type NotificationRow = PushData & { id: number; readAt: string | null; createdAt: string };

/** Socket.IO event `notification`, sent to room `user:{id}` when a notification is stored. */
export const NOTIFICATION_EVENT = 'notification';
export type NotificationEvent = { notification: NotificationRow; unread: number };
/**
 * The error a socket's connection is refused with when the server could not check its session (its
 * database did not answer): not "signed out"; the client connects again a little later.
 */
export const SOCKET_UNAVAILABLE = 'unavailable';

/**
 * Where confirming a notification goes: the spec's targets (section 2) for shipper users; the
 * carrier portal's lists for carriers (type 2), who have no request or order detail routes, the
 * RFQ's quoting page for an RFQ notice and the indent's answer page for an indent notice.
 */
export function notificationUrl(userType: number, n: Pick<PushData, 'type' | 'referId' | 'requestType'>): string {
  if (userType === 2) {
    if (n.type === 'rfp') {
      return n.referId > 0 ? `/carrier/rfqs/${n.referId}` : '/carrier/rfqs';
    }
    if (n.type === 'indent') {
      return n.referId > 0 ? `/carrier/indents/${n.referId}` : '/carrier/indents';
    }
    if (n.type === 'invoice') {
      return n.referId > 0 ? `/carrier/invoices/${n.referId}` : '/carrier/invoices';
    }
    return n.type === 'order' ? '/carrier/orders' : '/carrier/requests';
  }
  return notificationTarget(n);
}

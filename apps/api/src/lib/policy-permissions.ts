import type { Permission } from '@freightdesk/shared/permissions';

/** A request's or order's direction: 1 outbound, 2 inbound (the spec's request type). */
export type Direction = 1 | 2;

/** The spec's permissions of the request pages, per direction (bid views follow its view-bid routes). */
export const REQUEST_PERMISSIONS = {
  1: {
    list: 'list-outbound-request',
    add: 'add-outbound-request',
    detail: 'detail-outbound-request',
    edit: 'edit-outbound-request',
    bids: 'edit-outbound-request',
    replicate: 'replicate-outbound-request',
  },
  2: {
    list: 'list-inbound-request',
    add: 'add-inbound-request',
    detail: 'detail-inbound-request',
    edit: 'edit-inbound-request',
    bids: 'list-bids-inbound-request',
    replicate: 'replicate-inbound-request',
  },
} as const satisfies Record<Direction, Record<string, Permission>>;

/** Order permissions: the spec has a list permission per direction, and offline ones apart. */
export const ORDER_PERMISSIONS = {
  1: { list: 'list-outbound-order', offlineList: 'list-outbound-order', offlineAdd: 'add-offline-outbound-order' },
  2: { list: 'list-inbound-order', offlineList: 'list-offline-inbound-order', offlineAdd: 'add-offline-inbound-order' },
} as const satisfies Record<Direction, Record<string, Permission>>;

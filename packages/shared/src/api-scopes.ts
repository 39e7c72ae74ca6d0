import type { Permission } from './permissions.ts';

/**
 * API key scopes (issue 34): what a key may do, by area and by read or write. A key acts as its
 * company like a user holding the permissions its scopes grant (`SCOPE_PERMISSIONS`), and it may
 * call only the routes of its scopes' areas (`requiredScope`): a GET needs the area's read scope,
 * every other method its write scope. A route of no area (sign-in, account, staff, roles, plan,
 * admin, reports, exports, notifications, the API keys themselves …) answers a key 403.
 */
export const API_SCOPES = [
  'orders:read',
  'orders:write',
  'requests:read',
  'requests:write',
  'invoices:read',
  'invoices:write',
  'masters:read',
  'masters:write',
] as const;

export type ApiScope = (typeof API_SCOPES)[number];
export type ApiArea = 'orders' | 'requests' | 'invoices' | 'masters';

export function isApiScope(value: string): value is ApiScope {
  return (API_SCOPES as readonly string[]).includes(value);
}

export const API_SCOPE_LABEL: Record<ApiScope, string> = {
  'orders:read': 'Read orders, tracking and the gate',
  'orders:write': 'Change orders (gate moves, documents, offline orders, vehicles)',
  'requests:read': 'Read requests, bids, RFQs, contracts and indents',
  'requests:write': 'Create and change requests, bids, RFQs, contracts and indents',
  'invoices:read': 'Read invoices and the payment summary',
  'invoices:write': 'Create and change invoices and payments',
  'masters:read': 'Read masters (plants, stops, clients, vendors, routes, products, carriers …)',
  'masters:write': 'Create and change masters',
};

/** The route families (path prefixes under /api) of each area; the first matching prefix decides. */
const AREA_PREFIXES: readonly (readonly [string, ApiArea])[] = [
  ['/api/orders/', 'orders'],
  ['/api/offline-orders/', 'orders'],
  ['/api/carrier/orders', 'orders'],
  ['/api/carrier/vehicles', 'orders'],
  ['/api/gate/', 'orders'],
  ['/api/tracking/outbound/', 'orders'],
  ['/api/tracking/inbound/', 'orders'],
  ['/api/requests/', 'requests'],
  ['/api/carrier/requests', 'requests'],
  ['/api/rfqs', 'requests'],
  ['/api/carrier/rfqs', 'requests'],
  ['/api/contracts', 'requests'],
  ['/api/carrier/contracts', 'requests'],
  ['/api/indents', 'requests'],
  ['/api/carrier/indents', 'requests'],
  ['/api/invoices', 'invoices'],
  ['/api/carrier/invoices', 'invoices'],
  ['/api/stops', 'masters'],
  ['/api/clients', 'masters'],
  ['/api/client-contacts', 'masters'],
  ['/api/vendors', 'masters'],
  ['/api/plants', 'masters'],
  ['/api/route-masters', 'masters'],
  ['/api/products', 'masters'],
  ['/api/packages', 'masters'],
  ['/api/vehicle-types', 'masters'],
  ['/api/business-units', 'masters'],
  ['/api/carriers', 'masters'],
  ['/api/carrier-groups', 'masters'],
  ['/api/geo/', 'masters'],
];

/** The area of a route (its path pattern or a concrete path), or null: no key may call it. */
export function areaOf(url: string): ApiArea | null {
  const path = url.split('?')[0] ?? '';
  for (const [prefix, area] of AREA_PREFIXES) {
    if (path === prefix || path.startsWith(prefix.endsWith('/') ? prefix : `${prefix}/`) || path === prefix.replace(/\/$/, '')) {
      return area;
    }
  }
  return null;
}

/** The scope a key needs for a route: GET and HEAD read, every other method writes; null: keys may not. */
export function requiredScope(method: string, url: string): ApiScope | null {
  const area = areaOf(url);
  if (!area) {
    return null;
  }
  const read = method === 'GET' || method === 'HEAD';
  return `${area}:${read ? 'read' : 'write'}`;
}

const ORDERS_READ: readonly Permission[] = ['list-inbound-order', 'list-outbound-order', 'list-offline-inbound-order'];
const REQUESTS_READ: readonly Permission[] = [
  'list-inbound-request',
  'detail-inbound-request',
  'list-bids-inbound-request',
  'list-outbound-request',
  'detail-outbound-request',
  'bid-list',
  'list-rfp',
  'list-indent',
  'detail-indent',
];
const MASTERS_READ: readonly Permission[] = [
  'list-stop',
  'list-client',
  'list-vendor',
  'list-plant',
  'list-terms-conditions',
  'list-business',
  'list-route',
  'list-industry-transporter',
];

/**
 * The permissions each scope grants a shipper key (carrier routes are guarded by user type, not
 * permission). A write scope also grants its area's read permissions: a gate move, say, is guarded
 * by the order list permission; which methods a key may call is decided by `requiredScope`.
 */
export const SCOPE_PERMISSIONS: Record<ApiScope, readonly Permission[]> = {
  'orders:read': ORDERS_READ,
  'orders:write': [...ORDERS_READ, 'add-offline-inbound-order', 'add-offline-outbound-order'],
  'requests:read': REQUESTS_READ,
  'requests:write': [
    ...REQUESTS_READ,
    'add-inbound-request',
    'edit-inbound-request',
    'replicate-inbound-request',
    'add-outbound-request',
    'edit-outbound-request',
    'replicate-outbound-request',
    'add-rfp',
    'add-indent',
    'edit-indent',
  ],
  'invoices:read': ['payment-summary'],
  'invoices:write': ['payment-summary'],
  'masters:read': MASTERS_READ,
  'masters:write': [
    ...MASTERS_READ,
    'add-stop',
    'edit-stop',
    'add-client',
    'edit-client',
    'add-vendor',
    'edit-vendor',
    'add-plant',
    'edit-plant',
    'add-business',
    'edit-business',
    'add-route',
    'edit-route',
    'add-product',
    'add-package',
    'add-industry-transporter',
  ],
};

/** The scopes a carrier key may hold: a carrier has no masters of its own to share. */
const CARRIER_SCOPES: readonly ApiScope[] = API_SCOPES.filter((s) => !s.startsWith('masters:'));

/**
 * The scopes a user may put on a key: a carrier account (type 2) the carrier areas; a shipper user
 * each scope of which they hold every permission (an owner, type 3, holds all). `hasPlan`: a
 * shipper's API access is part of its plan, so a plan-less shipper may grant none.
 */
export function grantableScopes(user: { userType: number; permissions: readonly string[] }, hasPlan: boolean): ApiScope[] {
  if (user.userType === 2) {
    return [...CARRIER_SCOPES];
  }
  if (user.userType !== 3 && user.userType !== 4) {
    return [];
  }
  if (!hasPlan) {
    return [];
  }
  return API_SCOPES.filter((scope) => SCOPE_PERMISSIONS[scope].every((p) => user.permissions.includes(p)));
}

/** The permissions a key's scopes grant, within what its creator holds. */
export function permissionsOfScopes(scopes: readonly ApiScope[], held: readonly Permission[]): Permission[] {
  const granted = new Set(scopes.flatMap((s) => SCOPE_PERMISSIONS[s]));
  return held.filter((p) => granted.has(p));
}

/** Calls one key may make per minute on one API process (fixed window; API_KEY_CALLS_PER_MINUTE changes it). */
export const API_KEY_CALLS_PER_MINUTE = 600;
/** The longest a key may live, in days. */
export const API_KEY_MAX_DAYS = 365;

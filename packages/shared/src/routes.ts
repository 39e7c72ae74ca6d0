import { type AppRoute, auth, pub, SHIPPER, section, trackingBoard } from './route-builders.ts';
import { ADMIN_ROUTES, CARRIER_ROUTES } from './routes-portals.ts';

export type { AppRoute } from './route-builders.ts';

/**
 * The SPA route table of spec section 2 (route-builders.ts says how a route is described); the
 * platform admin's and the carrier portal's, which the spec does not list, are in routes-portals.ts.
 */
export const ROUTES: readonly AppRoute[] = [
  // Public
  pub('login', '/login', 'Login'),
  pub('forgot-password', '/forgot-password', 'Forgot password'),
  pub('reset-password', '/reset-password', 'Reset password'),
  pub('password-reset-token', '/password/reset/:token', 'Reset password'),
  pub('redirect', '/redirect', 'Redirect'),
  pub('public-fastag', '/fast/:id', 'FASTag tracking'),
  pub('public-live', '/live/:id', 'Live tracking'),
  // The driver's trip link (issue 35, record 0302): one trip, no account.
  pub('driver-trip', '/trip/:token', 'Trip'),

  // Shell
  auth('dashboard', '/dashboard', 'Dashboard', { menu: 'Dashboard' }),
  auth('extend-dashboard', '/extend_dashboard/:id', 'Dashboard detail'),
  auth('unauthorized', '/401', 'Not authorised'),
  auth('plan', '/plan', 'Plans'),
  auth('joining-fees', '/joining-fees', 'Joining fees'),
  auth('user-profile', '/user_profile', 'Profile'),
  auth('edit-profile', '/edit_profile', 'Edit profile'),
  auth('change-password', '/change_password', 'Change password'),
  auth('notification', '/notification', 'Notifications'),
  auth('logout', '/logout', 'Logout'),

  ...ADMIN_ROUTES,
  ...CARRIER_ROUTES,

  // An invoice opens under the summary (the target of 'invoice' notifications), with the same permission.
  ...section({ base: '/payment-summary', idPrefix: 'payment-summary', title: 'Invoices', menu: 'Finance' }, 'payment-summary', [
    ['invoice/:id', 'Invoice'],
  ]),

  // My Carriers
  ...section({ base: '/industry-transporter', idPrefix: 'carrier', title: 'My Carriers', menu: 'Carriers' }, 'list-industry-transporter', [
    ['new', 'Add carrier', 'add-industry-transporter'],
    ['edit/:id', 'Edit carrier', 'add-industry-transporter'],
    ['view/:id', 'View carrier'],
    ['import', 'Import carriers', 'add-industry-transporter'],
    ['create_group', 'Create carrier group', 'add-industry-transporter'],
    ['edit_group/:id', 'Edit carrier group', 'add-industry-transporter'],
    ['view_group/:id', 'View carrier group', 'add-industry-transporter'],
  ]),

  // Requests
  ...section(
    { base: '/request/inbound', idPrefix: 'request-inbound', title: 'Inbound requests', menu: 'Requests' },
    'list-inbound-request',
    [
      ['new', 'New inbound request', 'add-inbound-request'],
      ['edit/:id/:single', 'Edit inbound request', 'edit-inbound-request'],
      ['detail/:id/:tab?', 'Inbound request detail', 'detail-inbound-request'],
      ['view-bid/:id/:req_id', 'Inbound bid', 'list-bids-inbound-request'],
      ['replicate/:id/:single', 'Replicate inbound request', 'replicate-inbound-request'],
      ['new/spot-indent/:spotIndent', 'New inbound spot indent request', 'add-inbound-request'],
    ],
  ),
  ...section(
    { base: '/request/outbound', idPrefix: 'request-outbound', title: 'Outbound requests', menu: 'Requests' },
    'list-outbound-request',
    [
      ['detail/:id/:tab?', 'Outbound request detail', 'detail-outbound-request'],
      ['view-bid/:id/:req_id', 'Outbound bid', 'edit-outbound-request'],
      ['edit/:id/:single', 'Edit outbound request', 'edit-outbound-request'],
      ['new', 'New outbound request', 'add-outbound-request'],
      ['replicate/:id/:single', 'Replicate outbound request', 'replicate-outbound-request'],
      ['new/spot-indent/:spotIndent', 'New outbound spot indent request', 'add-outbound-request'],
    ],
  ),

  // Orders
  ...section({ base: '/order/inbound', idPrefix: 'order-inbound', title: 'Inbound orders', menu: 'Orders' }, 'list-inbound-order', [
    ['detail/:id/:tab?/:select?', 'Inbound order detail'],
    ['track/:id/:orderId', 'Inbound live tracking'],
    [':id/:orderId', 'Inbound toll tracking'],
    ['locations/:id/:orderId', 'Inbound location tracking'],
    // Notification confirm target /order/inbound/{referId} (spec section 2).
    [':id', 'Inbound order'],
  ]),
  ...section({ base: '/order/outbound', idPrefix: 'order-outbound', title: 'Outbound orders', menu: 'Orders' }, 'list-outbound-order', [
    [':id/:tab?/:select?', 'Outbound order detail'],
    ['track/:id/:orderId', 'Outbound live tracking'],
    ['locations-tracking/:id/:orderId/:trackingtype', 'Outbound tracking by type'],
    ['locations/:id/:orderId', 'Outbound location tracking'],
  ]),
  ...section(
    { base: '/offline/inbound/order', idPrefix: 'offline-inbound', title: 'Offline inbound orders', menu: 'Orders' },
    'list-offline-inbound-order',
    [
      ['new', 'New offline inbound order', 'add-offline-inbound-order'],
      ['edit/:id', 'Edit offline inbound order'],
      [':id/:tab?/:select?', 'Offline inbound order detail'],
    ],
  ),
  ...section(
    { base: '/offline/outbound/order', idPrefix: 'offline-outbound', title: 'Offline outbound orders', menu: 'Orders' },
    'list-outbound-order',
    [
      ['new', 'New offline outbound order', 'add-offline-outbound-order'],
      ['edit/:id', 'Edit offline outbound order'],
      [':id/:tab?/:select?', 'Offline outbound order detail'],
    ],
  ),

  // Map, locations, clients, vendors
  auth('all-in-one-map', '/all-in-one-map', 'All-in-one map', { menu: 'Tracking', userTypes: SHIPPER }),
  ...section({ base: '/stop', idPrefix: 'stop', title: 'Locations', menu: 'Masters' }, 'list-stop', [
    ['add', 'Add location', 'add-stop'],
    ['edit/:id', 'Edit location', 'edit-stop'],
  ]),
  ...section({ base: '/client', idPrefix: 'client', title: 'Clients', menu: 'Masters' }, 'list-client', [
    ['add', 'Add client', 'add-client'],
    ['view/:id', 'View client'],
    ['edit/:id', 'Edit client', 'edit-client'],
    ['import', 'Import clients', 'add-client'],
  ]),
  ...section({ base: '/vendor', idPrefix: 'vendor', title: 'Vendors', menu: 'Masters' }, 'list-vendor', [
    ['add', 'Add vendor', 'add-vendor'],
    ['view/:id', 'View vendor'],
    ['edit/:id', 'Edit vendor', 'edit-vendor'],
    ['import', 'Import vendors', 'add-vendor'],
  ]),
  // The spec names no permission: the people at the shipper's clients, under the client list's
  // permission (what the API checks), as the tracking boards and the gate are under their orders'.
  auth('client-contact', '/client-contact', 'Client contacts', { permission: 'list-client', menu: 'Masters', userTypes: SHIPPER }),

  // Plant, business, staff, route masters, roles
  ...section({ base: '/plant', idPrefix: 'plant', title: 'Plants', menu: 'Masters' }, 'list-plant', [
    ['add', 'Add plant', 'add-plant'],
    ['edit/:id', 'Edit plant', 'edit-plant'],
    ['view/:id', 'View plant'],
  ]),
  auth('sla-edit', '/sla/edit/:id', 'Edit SLA', { permission: 'list-terms-conditions' }),
  auth('contract-sla-edit', '/plant/contract-sla/edit/:id', 'Edit contract SLA', { permission: 'list-terms-conditions' }),
  ...section({ base: '/business', idPrefix: 'business', title: 'Business units', menu: 'Masters' }, 'list-business', [
    ['add', 'Add business unit', 'add-business'],
    ['edit/:id', 'Edit business unit', 'edit-business'],
  ]),
  ...section({ base: '/staff', idPrefix: 'staff', title: 'Staff', menu: 'Administration' }, 'list-staff', [
    ['add', 'Add staff', 'add-staff'],
    ['edit/:id', 'Edit staff', 'edit-staff'],
  ]),
  ...section({ base: '/route', idPrefix: 'route', title: 'Route masters', menu: 'Masters' }, 'list-route', [
    ['add', 'Add route', 'add-route'],
    ['edit/:id', 'Edit route', 'edit-route'],
  ]),
  ...section({ base: '/role', idPrefix: 'role', title: 'Roles', menu: 'Administration' }, 'list-role', [
    ['add', 'Add role', 'add-role'],
    ['edit/:id', 'Edit role', 'edit-role'],
  ]),

  // Account, plans, reports
  auth('whats-new', '/whats-new', "What's new", { permission: 'list-whats-new', menu: 'Account' }),
  auth('my-plan', '/my-plan', 'My plan', { permission: 'list-plan', menu: 'Account' }),
  auth('devices', '/devices', 'Devices', { menu: 'Account', userTypes: SHIPPER }),
  auth('my-reports', '/my-reports', 'Reports', { permission: 'list-industry-report', menu: 'Reports' }),

  // Settings
  // Issue 34: API keys (and webhooks), for the carrier account and the shipper owner.
  auth('developers', '/settings/developers', 'Developers', { menu: 'Administration', userTypes: [2, 3] }),
  auth('settings', '/settings/:tab?/:select?', 'Settings', { menu: 'Administration', userTypes: SHIPPER }),
  auth('product-new', '/product/new', 'Add product', { permission: 'add-product' }),
  auth('package-new', '/package/new', 'Add package', { permission: 'add-package' }),
  // Editing settings rows the spec lists only as "new": same permission as adding.
  auth('product-edit', '/product/edit/:id', 'Edit product', { permission: 'add-product' }),
  auth('package-edit', '/package/edit/:id', 'Edit package', { permission: 'add-package' }),
  auth('vehicle-type-new', '/vehicle-type/new', 'Add vehicle type', { permission: 'add-edit-delete' }),
  auth('vehicle-type-edit', '/vehicle-type/edit/:id', 'Edit vehicle type', { permission: 'add-edit-delete' }),
  ...section({ base: '/industry-request-settings', idPrefix: 'request-settings', title: 'Bid position visibility' }, 'bid-list', [
    ['new', 'New bid position visibility', 'add-edit-delete'],
    ['edit/:id', 'Edit bid position visibility', 'add-edit-delete'],
  ]),
  ...section({ base: '/industry-payment-settings', idPrefix: 'payment-settings', title: 'Payment settings' }, 'bid-list', [
    ['new', 'New payment setting', 'add-edit-delete'],
    ['edit/:id', 'Edit payment setting', 'add-edit-delete'],
  ]),

  // Tracking boards
  ...trackingBoard('inbound'),
  ...trackingBoard('outbound'),

  // Gate
  // The spec names no gate permission: the gate works on orders, under the direction's order list
  // permission (what the API checks), so a guard is never shown a gate it cannot open.
  auth('gate-inbound', '/gate-in-out/inbound', 'Gate in/out inbound', {
    permission: 'list-inbound-order',
    menu: 'Tracking',
    userTypes: SHIPPER,
  }),
  auth('gate-outbound', '/gate-in-out/outbound', 'Gate in/out outbound', {
    permission: 'list-outbound-order',
    menu: 'Tracking',
    userTypes: SHIPPER,
  }),

  // RFQ, contracts, indents
  ...section({ base: '/rfp', idPrefix: 'rfp', title: 'RFQs', menu: 'Contracts' }, 'list-rfp', [
    ['new', 'New RFQ', 'add-rfp'],
    ['edit/:id', 'Edit RFQ'],
    ['detail/:id/:tab?', 'RFQ detail'],
    ['detail/view-bid/:rfp_id/:rfp_bid_id', 'RFQ bid'],
  ]),
  ...section({ base: '/contract', idPrefix: 'contract', title: 'Contracts', menu: 'Contracts' }, 'list-indent', [
    ['detail/:id/:tab?', 'Contract detail', 'detail-indent'],
  ]),
  ...section({ base: '/indent', idPrefix: 'indent', title: 'Indents', menu: 'Contracts' }, 'list-indent', [
    ['new', 'New indent', 'add-indent'],
    ['edit/:id/:single', 'Edit indent', 'edit-indent'],
    ['detail/:id/:tab?', 'Indent detail', 'detail-indent'],
    ['toll/:id/:indentId/:type/:trackingtype', 'Indent toll tracking'],
    ['locations/:id/:indentId', 'Indent location tracking'],
    ['updateBackupTransporter/:id', 'Add indent backup carrier', 'detail-indent'],
  ]),
];

/** Paths that are public (no login). */
export const PUBLIC_PATHS = ROUTES.filter((r) => !r.requiresAuth).map((r) => r.path);

export function findRouteById(id: string): AppRoute | undefined {
  return ROUTES.find((r) => r.id === id);
}

/** Notification confirm target of spec section 2 for a push payload. */
export function notificationTarget(payload: { type: string; referId: number; requestType?: number }): string {
  const dir = payload.requestType === 2 ? 'inbound' : 'outbound';
  const hasRef = payload.referId > 0;
  switch (payload.type) {
    case 'request':
      return hasRef ? `/request/${dir}/detail/${payload.referId}` : `/request/${dir}`;
    case 'order':
      return hasRef ? `/order/${dir}/${payload.referId}` : `/order/${dir}/`;
    case 'rfp':
      return hasRef ? `/rfp/detail/${payload.referId}` : '/rfp';
    case 'indent':
      return hasRef ? `/indent/detail/${payload.referId}` : '/indent';
    case 'invoice':
      return hasRef ? `/payment-summary/invoice/${payload.referId}` : '/payment-summary';
    case 'report':
      return '/my-reports';
    case 'webhook':
      // An endpoint disabled after sustained failure: its owner fixes it on the Developers page.
      return '/settings/developers';
    default:
      return '/notification';
  }
}

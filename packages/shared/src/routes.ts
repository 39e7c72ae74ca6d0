import type { Permission } from './permissions.ts';
import type { UserType } from './user-types.ts';

/**
 * The SPA route table of spec section 2. Paths use React Router syntax (`:id`, `:tab?`).
 * `permission` is what the guard checks (spec section 4, step 6); a child route the spec gives no
 * permission inherits its section's list permission. `userTypes` narrows routes that belong to one
 * kind of user (admin geography, the carrier portal). Public routes have `requiresAuth: false`.
 */
export type AppRoute = {
  id: string;
  path: string;
  title: string;
  requiresAuth: boolean;
  permission?: Permission;
  userTypes?: readonly UserType[];
  /** Sidebar entry: the group heading it sits under. Routes without it are not in the menu. */
  menu?: string;
};

const ADMIN: readonly UserType[] = [1];
const SHIPPER: readonly UserType[] = [3, 4];

const pub = (id: string, path: string, title: string): AppRoute => ({ id, path, title, requiresAuth: false });
const auth = (id: string, path: string, title: string, extra: Partial<AppRoute> = {}): AppRoute => ({
  id,
  path,
  title,
  requiresAuth: true,
  ...extra,
});

type Section = { base: string; idPrefix: string; title: string; menu?: string; userTypes?: readonly UserType[] };

/** Builds a section's routes; `list` is the section root's permission, inherited where none is given. */
function section(s: Section, list: Permission | undefined, children: [string, string, Permission?][]): AppRoute[] {
  const root = auth(s.idPrefix, s.base, s.title, {
    permission: list,
    menu: s.menu,
    userTypes: s.userTypes,
  });
  return [
    root,
    ...children.map(([sub, title, permission]) =>
      auth(`${s.idPrefix}.${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`, `${s.base}/${sub}`, title, {
        permission: permission ?? list,
        userTypes: s.userTypes,
      }),
    ),
  ];
}

export const ROUTES: readonly AppRoute[] = [
  // Public
  pub('login', '/login', 'Login'),
  pub('forgot-password', '/forgot-password', 'Forgot password'),
  pub('reset-password', '/reset-password', 'Reset password'),
  pub('password-reset-token', '/password/reset/:token', 'Reset password'),
  pub('redirect', '/redirect', 'Redirect'),
  pub('public-fastag', '/fast/:id', 'FASTag tracking'),
  pub('public-live', '/live/:id', 'Live tracking'),

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

  // Platform admin screens the spec does not list (it hints at an admin role only).
  ...section(
    { base: '/admin/shippers', idPrefix: 'admin-shippers', title: 'Shippers', menu: 'Administration', userTypes: ADMIN },
    undefined,
    [
      ['add', 'Add shipper'],
      ['edit/:id', 'Edit shipper'],
    ],
  ),
  ...section(
    { base: '/admin/plans', idPrefix: 'admin-plans', title: 'Plans catalogue', menu: 'Administration', userTypes: ADMIN },
    undefined,
    [
      ['add', 'Add plan'],
      ['edit/:id', 'Edit plan'],
    ],
  ),
  auth('admin-payments', '/admin/payments', 'Payments', { menu: 'Administration', userTypes: ADMIN }),
  auth('admin-gst-rates', '/admin/gst-rates', 'GST rates', { menu: 'Administration', userTypes: ADMIN }),
  ...section(
    { base: '/admin/notices', idPrefix: 'admin-notices', title: "What's new notices", menu: 'Administration', userTypes: ADMIN },
    undefined,
    [
      ['add', 'Add notice'],
      ['edit/:id', 'Edit notice'],
    ],
  ),
  ...section({ base: '/admin/devices', idPrefix: 'admin-devices', title: 'Devices', menu: 'Administration', userTypes: ADMIN }, undefined, [
    ['add', 'Add device'],
    ['edit/:id', 'Edit device'],
  ]),
  auth('admin-outbox', '/outbox', 'Sent mail', { menu: 'Administration', userTypes: ADMIN }),

  // Carrier portal (user type 2): not routes of the spec, which covers the shipper's app.
  auth('carrier-requests', '/carrier/requests', 'Requests to bid', { menu: 'Carrier portal', userTypes: [2] }),
  auth('carrier-orders', '/carrier/orders', 'My orders', { menu: 'Carrier portal', userTypes: [2] }),
  auth('carrier-company', '/carrier/company', 'Company profile', { menu: 'Carrier portal', userTypes: [2] }),
  auth('carrier-rfqs', '/carrier/rfqs', 'RFQs to quote', { menu: 'Carrier portal', userTypes: [2] }),
  auth('carrier-rfq', '/carrier/rfqs/:id', 'RFQ', { userTypes: [2] }),
  auth('carrier-contracts', '/carrier/contracts', 'My contracts', { menu: 'Carrier portal', userTypes: [2] }),
  auth('carrier-contract', '/carrier/contracts/:id', 'Contract', { userTypes: [2] }),
  auth('carrier-indents', '/carrier/indents', 'Indents', { menu: 'Carrier portal', userTypes: [2] }),
  auth('carrier-indent', '/carrier/indents/:id', 'Indent', { userTypes: [2] }),
  auth('carrier-invoices', '/carrier/invoices', 'Invoices', { menu: 'Carrier portal', userTypes: [2] }),
  auth('carrier-invoice-new', '/carrier/invoices/new', 'New invoice', { userTypes: [2] }),
  auth('carrier-invoice', '/carrier/invoices/:id', 'Invoice', { userTypes: [2] }),
  auth('carrier-invoice-revise', '/carrier/invoices/:id/revise', 'Revise invoice', { userTypes: [2] }),

  // Geography (platform admin)
  ...section({ base: '/country', idPrefix: 'country', title: 'Countries', menu: 'Geography', userTypes: ADMIN }, undefined, [
    ['add', 'Add country'],
    ['edit/:id', 'Edit country'],
  ]),
  ...section({ base: '/state', idPrefix: 'state', title: 'States', menu: 'Geography', userTypes: ADMIN }, undefined, [
    ['add', 'Add state'],
    ['edit/:id', 'Edit state'],
  ]),
  ...section({ base: '/city', idPrefix: 'city', title: 'Cities', menu: 'Geography', userTypes: ADMIN }, undefined, [
    ['add', 'Add city'],
    ['edit/:id', 'Edit city'],
  ]),

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

/**
 * A direction's tracking board and its pages. The spec names no permission for them: a board shows
 * the direction's orders, under the direction's order list permission (what the API checks), as the
 * gate does, so a staff user is never shown a board the server refuses.
 */
function trackingBoard(dir: 'inbound' | 'outbound'): AppRoute[] {
  const base = `/${dir}-tracking`;
  const label = dir === 'inbound' ? 'Inbound' : 'Outbound';
  const opts = { userTypes: SHIPPER, permission: `list-${dir}-order` as const };
  const routes: AppRoute[] = [
    auth(`${dir}-tracking`, `${base}/:tab?/:select?`, `${label} tracking`, { ...opts, menu: 'Tracking' }),
    auth(`${dir}-tracking.detail`, `${base}/detail/:id/:type`, `${label} tracking detail`, opts),
    auth(`${dir}-tracking.fastag`, `${base}/tracking-detail/:id/:type`, `${label} FASTag list`, opts),
    auth(`${dir}-tracking.phonesim`, `${base}/phonesim-address-list/:id`, `${label} phone-SIM locations`, opts),
    auth(`${dir}-tracking.schedule-map`, `${base}/schedule-map/:id`, `${label} schedule map`, opts),
    auth(`${dir}-tracking.eway`, `${base}/multiple-eway-bill/:id/:type`, `${label} e-way bills`, opts),
    auth(`${dir}-tracking.rail-location`, `/${dir}tracking/rail-location/:id`, `${label} rail location`, opts),
  ];
  if (dir === 'inbound') {
    routes.push(auth('inbound-tracking.rail-list', `${base}/rail-track-list/:id`, 'Inbound rail tracking list', opts));
  }
  return routes;
}

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
    default:
      return '/notification';
  }
}

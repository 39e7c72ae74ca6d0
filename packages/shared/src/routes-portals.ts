import { ADMIN, type AppRoute, auth, section } from './route-builders.ts';

/** The platform admin's screens: the admin area the spec only hints at, and India's geography. */
export const ADMIN_ROUTES: readonly AppRoute[] = [
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
  // Issue 37: the default emission factor versions every shipper's figures start from.
  auth('admin-emission-factors', '/admin/emission-factors', 'Emission factors', { menu: 'Administration', userTypes: ADMIN }),
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
];

/** The carrier portal (user type 2): not routes of the spec, which covers the shipper's app. */
export const CARRIER_ROUTES: readonly AppRoute[] = [
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
  auth('carrier-invoice-credit-note', '/carrier/invoices/:id/credit-note', 'Answer dispute', { userTypes: [2] }),
  auth('carrier-devices', '/carrier/devices', 'Tracking devices', { menu: 'Carrier portal', userTypes: [2] }),
  // Issue 37: the carrier's own scorecard per shipper and the emissions of its finished loads.
  auth('carrier-performance', '/carrier/performance', 'Performance', { menu: 'Carrier portal', userTypes: [2] }),
];

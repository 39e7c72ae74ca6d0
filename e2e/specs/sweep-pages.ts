import type { AppRoute } from '@freightdesk/shared/routes';
import { ROUTES } from '@freightdesk/shared/routes';
import type { SweepIds } from './sweep-data.ts';

/**
 * Which pages spec 47 opens, as whom, at which address: every route of the app's table
 * (packages/shared routes.ts, the portals' included), its `:id`s filled from the sweep's data.
 */

/** Routes not opened, each with its reason: pages that show nothing of their own and hand on at once. */
export const SKIPPED: Record<string, string> = {
  '/redirect': 'shows nothing and hands on at once to the page it names (checked on its own)',
  '/logout': 'ends the session and lands on /login (checked as a public page)',
};

/** Pages every signed-in user has: the carrier and the platform admin are checked on them too. */
const SHELL = new Set(['dashboard', 'unauthorized', 'user-profile', 'edit-profile', 'change-password', 'notification']);

type Fill = (d: SweepIds) => string;
const orderPages = (dir: 'inbound' | 'outbound', o: (d: SweepIds) => SweepIds['outOrder']): Record<string, Fill> => ({
  [`/${dir}-tracking/detail/:id/:type`]: (d) => `/${dir}-tracking/detail/${o(d).id}/live`,
  [`/${dir}-tracking/tracking-detail/:id/:type`]: (d) => `/${dir}-tracking/tracking-detail/${o(d).id}/fastag`,
  [`/${dir}-tracking/phonesim-address-list/:id`]: (d) => `/${dir}-tracking/phonesim-address-list/${o(d).id}`,
  [`/${dir}-tracking/schedule-map/:id`]: (d) => `/${dir}-tracking/schedule-map/${o(d).id}`,
  [`/${dir}-tracking/multiple-eway-bill/:id/:type`]: (d) => `/${dir}-tracking/multiple-eway-bill/${o(d).id}/${dir}`,
  [`/${dir}tracking/rail-location/:id`]: (d) => `/${dir}tracking/rail-location/${o(d).id}`,
  [`/${dir}-tracking/rail-track-list/:id`]: (d) => `/${dir}-tracking/rail-track-list/${o(d).id}`,
  [`/order/${dir}/track/:id/:orderId`]: (d) => `/order/${dir}/track/${o(d).id}/${o(d).number}`,
  [`/order/${dir}/locations/:id/:orderId`]: (d) => `/order/${dir}/locations/${o(d).id}/${o(d).number}`,
  [`/offline/${dir}/order/edit/:id`]: (d) => `/offline/${dir}/order/edit/${o(d).id}`,
  [`/offline/${dir}/order/:id/:tab?/:select?`]: (d) => `/offline/${dir}/order/${o(d).id}`,
});
const requestPages = (dir: 'inbound' | 'outbound', key: 'in' | 'out'): Record<string, Fill> => ({
  [`/request/${dir}/edit/:id/:single`]: (d) => `/request/${dir}/edit/${d[`${key}Draft`]}/1`,
  [`/request/${dir}/detail/:id/:tab?`]: (d) => `/request/${dir}/detail/${d[`${key}Request`]}`,
  [`/request/${dir}/view-bid/:id/:req_id`]: (d) => `/request/${dir}/view-bid/${d[`${key}Bid`]}/${d[`${key}Request`]}`,
  [`/request/${dir}/replicate/:id/:single`]: (d) => `/request/${dir}/replicate/${d[`${key}Request`]}/1`,
  [`/request/${dir}/new/spot-indent/:spotIndent`]: (d) => `/request/${dir}/new/spot-indent/${d.indent}`,
});
/** `…/edit/:id` and `…/view/:id` of a master, by the path's start. */
const MASTERS: Record<string, keyof SweepIds> = {
  '/admin/shippers/': 'shipper',
  '/admin/plans/': 'plan',
  '/admin/notices/': 'notice',
  '/admin/devices/': 'device',
  '/country/': 'country',
  '/state/': 'state',
  '/city/': 'city',
  '/industry-transporter/edit/': 'carrierLink',
  '/industry-transporter/view/': 'carrierLink',
  '/industry-transporter/edit_group/': 'group',
  '/industry-transporter/view_group/': 'group',
  '/stop/': 'stop',
  '/client/': 'client',
  '/vendor/': 'vendor',
  '/plant/contract-sla/': 'plant',
  '/plant/': 'plant',
  '/sla/': 'plant',
  '/business/': 'businessUnit',
  '/staff/': 'staff',
  '/route/': 'route',
  '/role/': 'role',
  '/product/': 'product',
  '/package/': 'package',
  '/vehicle-type/': 'vehicleType',
  '/industry-request-settings/': 'requestSetting',
  '/industry-payment-settings/': 'paymentSetting',
  '/carrier/rfqs/': 'rfq',
  '/carrier/contracts/': 'contract',
  '/carrier/indents/': 'indent',
  '/carrier/invoices/': 'invoice',
  '/payment-summary/invoice/': 'invoice',
  '/rfp/edit/': 'rfq',
  '/rfp/detail/:id': 'rfq',
  '/contract/detail/': 'contract',
  '/indent/detail/': 'indent',
  '/indent/updateBackupTransporter/': 'indent',
};

/** Addresses of the routes with more than one id, or an id that is not the section's record. */
const FILLS: Record<string, Fill> = {
  '/password/reset/:token': (d) => `/password/reset/${d.resetToken}`,
  '/fast/:id': (d) => `/fast/${d.fastToken}`,
  '/live/:id': (d) => `/live/${d.liveToken}`,
  '/trip/:token': (d) => `/trip/${d.tripToken}`,
  '/extend_dashboard/:id': () => '/extend_dashboard/plants',
  '/carrier/invoices/:id/credit-note': (d) => `/carrier/invoices/${d.invoice}/credit-note`,
  ...requestPages('inbound', 'in'),
  ...requestPages('outbound', 'out'),
  ...orderPages('inbound', (d) => d.inOrder),
  ...orderPages('outbound', (d) => d.outOrder),
  '/order/inbound/detail/:id/:tab?/:select?': (d) => `/order/inbound/detail/${d.inOrder.id}`,
  '/order/inbound/:id/:orderId': (d) => `/order/inbound/${d.inOrder.id}/${d.inOrder.number}`,
  '/order/inbound/:id': (d) => `/order/inbound/${d.inOrder.id}`,
  '/order/outbound/:id/:tab?/:select?': (d) => `/order/outbound/${d.outOrder.id}`,
  '/order/outbound/locations-tracking/:id/:orderId/:trackingtype': (d) =>
    `/order/outbound/locations-tracking/${d.outOrder.id}/${d.outOrder.number}/gps`,
  // The bid id is not read: the page hands on to the RFQ's comparison of quotes.
  '/rfp/detail/view-bid/:rfp_id/:rfp_bid_id': (d) => `/rfp/detail/view-bid/${d.rfq}/${d.carrierLink}`,
  '/indent/edit/:id/:single': (d) => `/indent/edit/${d.indent}/1`,
  '/indent/toll/:id/:indentId/:type/:trackingtype': (d) => `/indent/toll/${d.outOrder.id}/${d.indent}/outbound/fastag`,
  '/indent/locations/:id/:indentId': (d) => `/indent/locations/${d.outOrder.id}/${d.indent}`,
};

/** The address to open for a route: optional params left out, ids from the sweep's data. */
export function addressOf(route: AppRoute, d: SweepIds): string {
  const fill = FILLS[route.path];
  if (fill) {
    return fill(d);
  }
  const path = route.path.replace(/\/:[a-zA-Z_]+\?/g, '');
  if (!path.includes(':')) {
    return path;
  }
  const master = Object.entries(MASTERS).find(([start]) => path.startsWith(start));
  if (!master || !/\/:id$/.test(path)) {
    throw new Error(`spec 47 has no id for ${route.path}: add it to FILLS or MASTERS in sweep-pages.ts`);
  }
  return path.replace(/:id$/, String(d[master[1]]));
}

export type SweepUser = 'owner@demo.test' | 'carrier@demo.test' | 'admin@demo.test';
const TYPE: Record<SweepUser, number> = { 'admin@demo.test': 1, 'carrier@demo.test': 2, 'owner@demo.test': 3 };

/** The routes a user may open (the shipper owner every one of the shipper's; the others their portal and the shell). */
export function routesOf(user: SweepUser): AppRoute[] {
  const type = TYPE[user];
  return ROUTES.filter((r) => {
    if (!r.requiresAuth || SKIPPED[r.path]) {
      return false;
    }
    if (r.userTypes) {
      return r.userTypes.includes(type as never);
    }
    return type === 3 || SHELL.has(r.id);
  });
}

export const publicRoutes = () => ROUTES.filter((r) => !r.requiresAuth && !SKIPPED[r.path]);

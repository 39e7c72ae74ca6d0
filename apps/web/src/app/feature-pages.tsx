import type { ReactElement } from 'react';
import { CARRIER_PORTAL_FEATURES } from './carrier-portal-pages.tsx';

/** A feature's page elements by route id of the shared table. */
export type Elements = Record<string, ReactElement>;
/** Loads one feature's pages: its code is fetched the first time one of its routes opens (issue 15). */
export type FeatureLoader = () => Promise<Elements>;

const admin: FeatureLoader = () => import('../features/admin/routes.tsx').then((m) => m.adminRouteElements);
const businessUnits: FeatureLoader = () => import('../features/business-units/routes.tsx').then((m) => m.businessUnitRouteElements);
const carriers: FeatureLoader = () => import('../features/carriers/routes.tsx').then((m) => m.carrierRouteElements);
const driver: FeatureLoader = () => import('../features/driver/routes.tsx').then((m) => m.driverRouteElements);
const developers: FeatureLoader = () => import('../features/developers/routes.tsx').then((m) => m.developerRouteElements);
const devices: FeatureLoader = () => import('../features/devices/routes.tsx').then((m) => m.deviceRouteElements);
const indents: FeatureLoader = () => import('../features/indents/routes.tsx').then((m) => m.indentRouteElements);
const invoices: FeatureLoader = () => import('../features/invoices/routes.tsx').then((m) => m.invoiceRouteElements);
const notifications: FeatureLoader = () => import('../features/notifications/routes.tsx').then((m) => m.notificationRouteElements);
const parties: FeatureLoader = () => import('../features/parties/routes.tsx').then((m) => m.partyRouteElements);
const plants: FeatureLoader = () => import('../features/plants/routes.tsx').then((m) => m.plantRouteElements);
const reports: FeatureLoader = () => import('../features/reports/routes.tsx').then((m) => m.reportRouteElements);
const requests: FeatureLoader = () => import('../features/requests/routes.tsx').then((m) => m.requestRouteElements);
const rfqs: FeatureLoader = () => import('../features/rfqs/routes.tsx').then((m) => m.rfqRouteElements);
const roles: FeatureLoader = () => import('../features/roles/routes.tsx').then((m) => m.roleRouteElements);
const routeMasters: FeatureLoader = () => import('../features/route-masters/routes.tsx').then((m) => m.routeMasterRouteElements);
const settings: FeatureLoader = () => import('../features/settings/routes.tsx').then((m) => m.settingsRouteElements);
const staff: FeatureLoader = () => import('../features/staff/routes.tsx').then((m) => m.staffRouteElements);
const stops: FeatureLoader = () => import('../features/stops/routes.tsx').then((m) => m.stopRouteElements);
const tracking: FeatureLoader = () => import('../features/tracking/routes.tsx').then((m) => m.trackingRouteElements);
const whatsNew: FeatureLoader = () => import('../features/whats-new/routes.tsx').then((m) => m.whatsNewRouteElements);

const orders: FeatureLoader = async () => {
  const [list, offline, eway] = await Promise.all([
    import('../features/orders/routes.tsx'),
    import('../features/orders/offline-routes.tsx'),
    import('../features/orders/eway-bill-page.tsx'),
  ]);
  return { ...list.orderRouteElements, ...offline.offlineOrderEditRouteElements, ...eway.ewayBillRouteElements };
};

const dashboard: FeatureLoader = async () => {
  const [home, extend] = await Promise.all([
    import('../features/dashboard/dashboard-page.tsx'),
    import('../features/dashboard/extend-dashboard-page.tsx'),
  ]);
  return { dashboard: <home.DashboardPage />, 'extend-dashboard': <extend.ExtendDashboardPage /> };
};

const plans: FeatureLoader = () =>
  import('../features/plans/plan-pages.tsx').then((m) => ({
    plan: <m.PlanPage />,
    'joining-fees': <m.JoiningFeesPage />,
    'my-plan': <m.MyPlanPage />,
  }));

const profile: FeatureLoader = () =>
  import('../features/account/profile-pages.tsx').then((m) => ({
    'user-profile': <m.ProfilePage />,
    'edit-profile': <m.EditProfilePage />,
    'change-password': <m.ChangePasswordPage />,
  }));

/**
 * The login page loads like any page: the form's library (react-hook-form) and its error summary
 * stay out of the first download every signed-in page and the driver's trip page fetch.
 */
const signIn: FeatureLoader = () => import('../features/auth/login-page.tsx').then((m) => ({ login: <m.LoginPage /> }));

const passwordReset: FeatureLoader = async () => {
  const [forgot, reset] = await Promise.all([
    import('../features/auth/forgot-password-page.tsx'),
    import('../features/auth/reset-password-page.tsx'),
  ]);
  const intro =
    'Open the link we mailed you to choose a new password. The link works once, for one hour. Need a new one? Enter your email.';
  return {
    'forgot-password': <forgot.ForgotPasswordPage />,
    'reset-password': <forgot.ForgotPasswordPage intro={intro} />,
    'password-reset-token': <reset.ResetPasswordTokenPage />,
  };
};

const gate: FeatureLoader = () =>
  import('../features/gate/gate-page.tsx').then((m) => ({
    'gate-inbound': <m.GatePage dir="inbound" />,
    'gate-outbound': <m.GatePage dir="outbound" />,
  }));

/**
 * Which feature draws a route, by its section (the id before the first dot) or, where two features
 * share a section, by the whole id, which wins. A test loads every feature and checks that each of
 * its ids leads back to it, so a page added to a feature is found without touching this table
 * unless it opens in another feature's section.
 */
export const FEATURES: readonly (readonly [FeatureLoader, readonly string[]])[] = [
  [
    admin,
    [
      'admin-outbox',
      'admin-shippers',
      'admin-plans',
      'admin-payments',
      'admin-gst-rates',
      'admin-emission-factors',
      'admin-notices',
      'admin-devices',
      'country',
      'state',
      'city',
    ],
  ],
  [businessUnits, ['business']],
  ...CARRIER_PORTAL_FEATURES,
  [rfqs, ['rfp', 'contract']],
  [carriers, ['carrier']],
  [dashboard, ['dashboard', 'extend-dashboard']],
  [developers, ['developers']],
  [driver, ['driver-trip']],
  [devices, ['devices', 'carrier-devices']],
  [gate, ['gate-inbound', 'gate-outbound']],
  [indents, ['indent']],
  [invoices, ['payment-summary']],
  [notifications, ['notification']],
  [orders, ['offline-outbound', 'offline-inbound', 'order-outbound', 'order-inbound', 'outbound-tracking.eway', 'inbound-tracking.eway']],
  [parties, ['client', 'vendor', 'client-contact']],
  [passwordReset, ['forgot-password', 'reset-password', 'password-reset-token']],
  [signIn, ['login']],
  [plans, ['plan', 'joining-fees', 'my-plan']],
  [plants, ['plant', 'sla-edit', 'contract-sla-edit']],
  [profile, ['user-profile', 'edit-profile', 'change-password']],
  [reports, ['my-reports']],
  [requests, ['request-outbound', 'request-inbound']],
  [roles, ['role']],
  [routeMasters, ['route']],
  [
    settings,
    [
      'settings',
      'product-new',
      'product-edit',
      'package-new',
      'package-edit',
      'vehicle-type-new',
      'vehicle-type-edit',
      'request-settings',
      'payment-settings',
    ],
  ],
  [staff, ['staff']],
  [stops, ['stop']],
  [
    tracking,
    [
      'outbound-tracking',
      'inbound-tracking',
      'all-in-one-map',
      'public-live',
      'public-fastag',
      'order-outbound.outbound-live-tracking',
      'order-inbound.inbound-live-tracking',
      'order-outbound.outbound-location-tracking',
      'order-inbound.inbound-location-tracking',
      'order-outbound.outbound-tracking-by-type',
      'order-inbound.inbound-toll-tracking',
      'indent.indent-toll-tracking',
      'indent.indent-location-tracking',
    ],
  ],
  [whatsNew, ['whats-new']],
];

const owners = new Map(FEATURES.flatMap(([loader, keys]) => keys.map((key) => [key, loader] as const)));

/** The feature that draws a route id, if any (the whole id first, then its section). */
export function featureFor(id: string): FeatureLoader | undefined {
  return owners.get(id) ?? owners.get(id.split('.')[0] ?? id);
}

import { configAnswer } from '@freightdesk/shared/schemas/answers-masters-account';
import { registerHealthRoutes } from './lib/health.ts';
import { registerMetricsRoute } from './lib/metrics.ts';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { accountRoutes } from './modules/account/account.routes.ts';
import { apiKeyRoutes } from './modules/api-keys/api-keys.routes.ts';
import { adminRoutes } from './modules/admin/admin.routes.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { carrierGroupRoutes, carrierRoutes } from './modules/carriers/carriers.routes.ts';
import { businessUnitRoutes } from './modules/business-units/business-units.routes.ts';
import { clientContactRoutes, partyRoutes } from './modules/parties/parties.routes.ts';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.ts';
import { deviceAdminRoutes, deviceRoutes } from './modules/devices/devices.routes.ts';
import { geographyAdminRoutes, geographyOptionRoutes } from './modules/geography/geography.routes.ts';
import { planAdminRoutes, planRoutes } from './modules/plans/plans.routes.ts';
import { noticeAdminRoutes, noticeRoutes } from './modules/notices/notices.routes.ts';
import { awardRoutes, carrierOrderRoutes, offlineOrderRoutes, orderRoutes } from './modules/orders/orders.routes.ts';
import { carrierVehicleRoutes } from './modules/orders/carrier-vehicles.ts';
import { carrierPodRoutes, podRoutes } from './modules/orders/pods.routes.ts';
import { carrierConsignmentNoteRoutes, consignmentNoteRoutes } from './modules/consignment-notes/consignment-notes.routes.ts';
import { gateBoardRoutes, gateMoveRoutes } from './modules/gate/gate.routes.ts';
import { carrierCompanyRoutes } from './modules/carrier-company/carrier-company.ts';
import { carrierShipperRoutes } from './modules/carrier-company/carrier-shippers.ts';
import { notificationRoutes } from './modules/notifications/notifications.routes.ts';
import { pushRoutes } from './modules/push/push.routes.ts';
import { webhookRoutes } from './modules/webhooks/webhooks.routes.ts';
import { contractDocumentRoutes } from './modules/documents/contract-documents.routes.ts';
import { invoiceDocumentRoutes } from './modules/documents/invoice-documents.routes.ts';
import { documentRoutes } from './modules/documents/documents.routes.ts';
import { registerEwayBillAlerts } from './modules/eway-bills/eway-bill-alerts.ts';
import { carrierEwayBillRoutes, ewayBillRoutes } from './modules/eway-bills/eway-bills.routes.ts';
import { plantRoutes } from './modules/plants/plants.routes.ts';
import { routeMasterRoutes } from './modules/route-masters/route-masters.routes.ts';
import { carrierScorecardRoutes } from './modules/carrier-scorecard/carrier-scorecard.routes.ts';
import { emissionRoutes } from './modules/emissions/emissions.routes.ts';
import { registerEmissionJobs } from './modules/emissions/emissions-job.ts';
import { carrierPortalRoutes } from './modules/requests/carrier-portal.routes.ts';
import { registerRequestJobs, requestRoutes } from './modules/requests/requests.routes.ts';
import { roleRoutes } from './modules/roles/roles.routes.ts';
import { trackingSettingsRoutes } from './modules/settings/tracking-settings.routes.ts';
import { shipperAdminRoutes } from './modules/shippers/shippers.routes.ts';
import { staffRoutes } from './modules/staff/staff.routes.ts';
import { stopRoutes } from './modules/stops/stops.routes.ts';
import { registerTracking } from './modules/tracking/tracking.ts';
import { registerExpiryNotices } from './modules/verification/expiry-notices.ts';
import {
  carrierVerificationRoutes,
  orderVerificationRoutes,
  verificationSettingsRoutes,
} from './modules/verification/verification.routes.ts';
import { carrierIndentRoutes, indentRoutes } from './modules/indents/indents.routes.ts';
import { gstRateAdminRoutes, gstRateRoutes } from './modules/invoices/gst-rates.routes.ts';
import { carrierInvoiceRoutes, invoiceRoutes } from './modules/invoices/invoices.routes.ts';
import { exportRoutes } from './modules/reports/exports.routes.ts';
import { reportRoutes } from './modules/reports/reports.routes.ts';
import { carrierContractRoutes, carrierRfqRoutes } from './modules/rfqs/carrier-rfqs.routes.ts';
import { contractRoutes, rfqRoutes } from './modules/rfqs/rfqs.routes.ts';
import {
  bidVisibilityRoutes,
  packageRoutes,
  paymentSettingRoutes,
  productRoutes,
  vehicleTypeRoutes,
} from './modules/settings/settings.routes.ts';

/** A route plugin and the prefix it is mounted at. */
type Mount = readonly [FastifyPluginAsync, string];

/**
 * Every route plugin and the prefix it is mounted at, in the order they are registered (the
 * OpenAPI document lists them so). A module's routes are one line here.
 */
const ROUTES: readonly Mount[] = [
  [authRoutes, '/api'],
  [accountRoutes, '/api'],
  [adminRoutes, '/api/admin'],
  [geographyAdminRoutes, '/api/admin'],
  [planAdminRoutes, '/api/admin'],
  [gstRateAdminRoutes, '/api/admin/gst-rates'],
  [gstRateRoutes, '/api/gst-rates'],
  [invoiceRoutes, '/api/invoices'],
  [carrierInvoiceRoutes, '/api/carrier/invoices'],
  [exportRoutes, '/api/exports'],
  [reportRoutes, '/api/reports'],
  [planRoutes, '/api'],
  [shipperAdminRoutes, '/api/admin/shippers'],
  [noticeAdminRoutes, '/api/admin/notices'],
  [noticeRoutes, '/api/whats-new'],
  [deviceAdminRoutes, '/api/admin/devices'],
  [deviceRoutes, '/api/devices'],
  [dashboardRoutes, '/api/dashboard'],
  [requestRoutes(1), '/api/requests/outbound'],
  [requestRoutes(2), '/api/requests/inbound'],
  [carrierPortalRoutes, '/api/carrier'],
  [carrierCompanyRoutes, '/api/carrier/company'],
  [carrierShipperRoutes, '/api/carrier/shippers'],
  [awardRoutes(1), '/api/requests/outbound'],
  [awardRoutes(2), '/api/requests/inbound'],
  [orderRoutes(1), '/api/orders/outbound'],
  [orderRoutes(2), '/api/orders/inbound'],
  [carrierOrderRoutes, '/api/carrier/orders'],
  [carrierVehicleRoutes, '/api/carrier/vehicles'],
  // Order execution (issue 9): the gate, proofs of delivery.
  [podRoutes(1), '/api/orders/outbound'],
  [podRoutes(2), '/api/orders/inbound'],
  [carrierPodRoutes, '/api/carrier/orders'],
  [consignmentNoteRoutes(1), '/api/orders/outbound'],
  [consignmentNoteRoutes(2), '/api/orders/inbound'],
  [carrierConsignmentNoteRoutes, '/api/carrier/orders'],
  [gateMoveRoutes(1), '/api/orders/outbound'],
  [gateMoveRoutes(2), '/api/orders/inbound'],
  [gateBoardRoutes(1), '/api/gate/outbound'],
  [gateBoardRoutes(2), '/api/gate/inbound'],
  // Verified vehicles and drivers (issue 37): VAHAN and SARATHI through ULIP.
  [orderVerificationRoutes(1), '/api/orders/outbound'],
  [orderVerificationRoutes(2), '/api/orders/inbound'],
  [carrierVerificationRoutes, '/api/carrier/orders'],
  [ewayBillRoutes(1), '/api/orders/outbound'],
  [ewayBillRoutes(2), '/api/orders/inbound'],
  [carrierEwayBillRoutes, '/api/carrier/orders'],
];

/**
 * Documents, notifications and offline orders (mounted after the e-way bill alerts' job). Built for
 * each app, as they were when each was registered in buildApp.
 */
const documentMounts = (): Mount[] => [
  [offlineOrderRoutes(1), '/api/offline-orders/outbound'],
  [offlineOrderRoutes(2), '/api/offline-orders/inbound'],
  [notificationRoutes, '/api/notifications'],
  [apiKeyRoutes, '/api/api-keys'],
  [pushRoutes, '/api/user'],
  [webhookRoutes, '/api/webhooks'],
  [documentRoutes, '/api'],
  [contractDocumentRoutes, '/api'],
  [invoiceDocumentRoutes, '/api'],
];

/** The masters and settings (mounted after the request jobs). */
const masterMounts = (): Mount[] => [
  [geographyOptionRoutes, '/api/geo'],
  [businessUnitRoutes, '/api/business-units'],
  [stopRoutes, '/api/stops'],
  [roleRoutes, '/api/roles'],
  [staffRoutes, '/api/staff'],
  [carrierRoutes, '/api/carriers'],
  [carrierGroupRoutes, '/api/carrier-groups'],
  [partyRoutes('client'), '/api/clients'],
  [partyRoutes('vendor'), '/api/vendors'],
  [clientContactRoutes, '/api/client-contacts'],
  [routeMasterRoutes, '/api/route-masters'],
  [productRoutes, '/api/products'],
  [packageRoutes, '/api/packages'],
  [vehicleTypeRoutes, '/api/vehicle-types'],
  [bidVisibilityRoutes, '/api/bid-visibility-settings'],
  [paymentSettingRoutes, '/api/payment-settings'],
  [trackingSettingsRoutes, '/api/settings/tracking'],
  [verificationSettingsRoutes, '/api/settings/verification'],
  [plantRoutes, '/api/plants'],
];

/** RFQs, contracts and indents (mounted after tracking). */
const contractMounts = (): Mount[] => [
  [rfqRoutes, '/api/rfqs'],
  [carrierRfqRoutes, '/api/carrier/rfqs'],
  [contractRoutes, '/api/contracts'],
  [carrierContractRoutes, '/api/carrier/contracts'],
  [indentRoutes, '/api/indents'],
  [carrierIndentRoutes, '/api/carrier/indents'],
];

async function mount(app: FastifyInstance, mounts: readonly Mount[]): Promise<void> {
  for (const [plugin, prefix] of mounts) {
    await app.register(plugin, { prefix });
  }
}

/** The server's own public routes: its health and what the browser needs of its configuration. */
export function registerServerRoutes(app: FastifyInstance): void {
  const { config } = app.deps;
  registerHealthRoutes(app);
  registerMetricsRoute(app, config.metricsToken);
  /** What the browser needs to know of the server's configuration (map tiles). */
  app.get('/api/config', { config: { access: 'public' }, schema: { response: { 200: configAnswer } } }, async () => ({
    data: { mapTileUrl: config.mapTileUrl, mapTileAttribution: config.mapTileAttribution },
  }));
}

/**
 * Mounts every module's routes, and the jobs and tracking that modules register along with them,
 * in the order of registration the OpenAPI document lists them by.
 */
export async function mountRoutes(app: FastifyInstance): Promise<void> {
  await mount(app, ROUTES);
  registerEwayBillAlerts(app.deps.jobs, app.deps.database.db);
  registerExpiryNotices(app);
  await mount(app, documentMounts());
  registerRequestJobs(app);
  await mount(app, masterMounts());
  // Tracking (issue 10): ingest, live positions, trips' events, boards, public links.
  await registerTracking(app);
  await mount(app, contractMounts());
  // Emissions (issue 37): an order's figure, the factor versions, the job that keeps finished loads' figures.
  await app.register(emissionRoutes, { prefix: '/api/emissions' });
  await app.register(carrierScorecardRoutes, { prefix: '/api/carrier/scorecard' });
  registerEmissionJobs(app);
}

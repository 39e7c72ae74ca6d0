import type { Fixtures } from './isolation-fixtures.ts';
import type { TestContext } from './harness.ts';
import { multipartFile } from './import-files.ts';
import { type Operation, sample } from './openapi.ts';

/**
 * How the isolation test (lib/isolation.test.ts) calls a route: the demo shipper's ids its path
 * names and whose rule guards it, a body that passes validation (so what refuses the call is the
 * policy, not a 400), and the call itself with a session token, an API key or nothing.
 */

/** What a path names: its ids, and whose rule guards it (`plant`: also a staff user's plants). */
/** `list`: a list with a path parameter (a report): it answers anyone allowed, so what must not leak is the shipper's rows. */
export type Target = { values: Record<string, string | number>; scope: 'tenant' | 'plant' | 'admin' | 'self' | 'public' | 'list' };

const MASTERS: Record<string, string> = {
  'business-units': 'businessUnit',
  stops: 'stop',
  clients: 'client',
  vendors: 'vendor',
  'route-masters': 'routeMaster',
  products: 'product',
  packages: 'package',
  'vehicle-types': 'vehicleType',
  'bid-visibility-settings': 'bidVisibility',
  'payment-settings': 'paymentSetting',
  roles: 'role',
  staff: 'staff',
  carriers: 'carrierLink',
  'carrier-groups': 'group',
};

/** The probe of the demo shipper's records `f` (and its API key `demoKeyId`). */
export function routeProbe(t: TestContext, f: Fixtures, demoKeyId: number) {
  function targetOf(url: string): Target | undefined {
    const id = (key: string) => f.ids[key] ?? 0;
    const [, , area, second, , third] = url.split('/');
    if (url.startsWith('/api/auth/')) {
      return { values: {}, scope: 'public' };
    }
    if (area === 'requests') {
      const request = second === 'inbound' ? id('inboundRequest') : url.includes('/award') ? id('awardedRequest') : id('outboundRequest');
      return {
        values: { id: url.includes('/bids/') ? id('awardedRequest') : request, bidId: id('bid'), docId: id('requestDocument') },
        scope: 'plant',
      };
    }
    if (area === 'orders') {
      return { values: { id: second === 'inbound' ? id('inboundOrder') : id('order'), docId: id('orderDocument') }, scope: 'plant' };
    }
    if (area === 'emissions' && second === 'orders') {
      return { values: { id: id('order') }, scope: 'plant' };
    }
    if (area === 'offline-orders') {
      return { values: { id: second === 'inbound' ? id('offlineInbound') : id('offlineOutbound') }, scope: 'plant' };
    }
    if (area === 'rfqs') {
      return { values: { id: id('rfq'), docId: id('rfqDocument') }, scope: 'plant' };
    }
    if (area === 'carrier' && second === 'rfqs') {
      return { values: { id: id('rfq'), docId: id('rfqDocument') }, scope: 'tenant' };
    }
    if (area === 'contracts' || (area === 'carrier' && second === 'contracts')) {
      return { values: { id: id('contract'), docId: id('contractDocument'), laneId: 1 }, scope: area === 'contracts' ? 'plant' : 'tenant' };
    }
    if (area === 'indents' || (area === 'carrier' && second === 'indents')) {
      return { values: { id: id('indent') }, scope: area === 'indents' ? 'plant' : 'tenant' };
    }
    if (area === 'invoices' || (area === 'carrier' && second === 'invoices')) {
      return {
        values: { id: id('invoice'), docId: id('invoiceDocument'), noteId: id('invoice') },
        scope: area === 'invoices' ? 'plant' : 'tenant',
      };
    }
    if (area === 'carrier') {
      const isOrder = second === 'orders';
      return {
        values: { id: isOrder ? id('order') : id('outboundRequest'), docId: id(isOrder ? 'orderDocument' : 'requestDocument') },
        scope: 'tenant',
      };
    }
    if (area === 'plants') {
      return { values: { id: f.plantId, kind: 'sla' }, scope: 'plant' };
    }
    if (area && MASTERS[area]) {
      return { values: { id: id(MASTERS[area] ?? '') }, scope: 'tenant' };
    }
    if (area === 'api-keys') {
      return { values: { id: demoKeyId }, scope: 'tenant' };
    }
    if (area === 'exports') {
      return { values: { id: id('export') }, scope: 'self' };
    }
    if (area === 'notifications') {
      return { values: { id: id('notification') }, scope: 'self' };
    }
    if (area === 'devices') {
      return { values: { id: id('device') }, scope: 'tenant' };
    }
    if (area === 'plan' && second === 'payments') {
      return { values: { id: url.endsWith('/invoice.pdf') ? id('paidPayment') : id('payment') }, scope: 'tenant' };
    }
    if (area === 'admin') {
      const values =
        second === 'shippers' ? id('industry') : second === 'users' ? id('ownerUser') : second === 'devices' ? id('device') : 1;
      return { values: { id: values }, scope: 'admin' };
    }
    if (area === 'tracking' && url.split('/')[4] === 'orders') {
      const order = second === 'inbound' ? id('inboundOrder') : id('order');
      return { values: { id: order, linkId: id('trackingLink') }, scope: 'plant' };
    }
    if (area === 'tracking' && second === 'devices') {
      return { values: { id: id('trackingDevice') }, scope: 'tenant' };
    }
    if (area === 'trip') {
      return { values: { token: 'probe', documentId: 1 }, scope: 'public' };
    }
    if (area === 'public' && second === 'tracking') {
      return { values: { token: 'probe' }, scope: 'public' };
    }
    if (area === 'reports') {
      // A summary report over the demo shipper's orders by plant: the marked plant must show to nobody else.
      return { values: { name: 'spend?groupBy=plant' }, scope: 'list' };
    }
    if (area === 'webhooks') {
      return { values: { id: id('webhookEndpoint'), deliveryId: id('webhookDelivery') }, scope: 'tenant' };
    }
    if (area === 'dashboard' && third === undefined) {
      return { values: { card: 'orders' }, scope: 'plant' };
    }
    return undefined;
  }

  /** A body that passes validation, so what refuses the call is the policy and not a 400. */
  function bodyFor(op: Operation): unknown {
    const [, , area] = op.url.split('/');
    const master = area ? MASTERS[area] : undefined;
    if (op.url.endsWith('/status')) {
      return { status: 'inactive' };
    }
    if (op.url.endsWith('/award')) {
      return area === 'rfqs' ? { lanes: [{ laneId: 1, splits: [{ carrierLinkId: 1, sharePct: 100 }] }] } : f.bodies.award;
    }
    if (op.url.endsWith('/rounds')) {
      return { endsAt: new Date(Date.now() + 7_200_000).toISOString() };
    }
    if (op.url.endsWith('/terminate')) {
      return { reason: 'Probe' };
    }
    if (op.method === 'PUT' && area === 'indents') {
      return op.url.endsWith('/backups') ? { backupCarrierLinkIds: [] } : { vehicles: 1, reportingAt: '2027-05-04T10:00:00+05:30' };
    }
    if (op.url.endsWith('/answer')) {
      return { answer: 'reject', reason: 'Probe' };
    }
    if (op.url.endsWith('/cancel') && area === 'indents') {
      return { reason: 'Probe' };
    }
    if (op.url.endsWith('/quotes')) {
      return { quotes: [{ laneId: 1, amountRupees: 1000 }] };
    }
    if (op.method === 'PUT' && area === 'rfqs') {
      return f.bodies.rfq;
    }
    if (op.url.endsWith('/assign') && area === 'carrier') {
      return { vehicleNumber: 'MH12AB1234', driverName: 'Ramesh', driverMobile: '9822012345' };
    }
    if (op.method === 'PUT' && area === 'requests') {
      return f.bodies[op.url.includes('inbound') ? 'inboundRequest' : 'outboundRequest'];
    }
    if (op.method === 'PUT' && master && f.bodies[master]) {
      return f.bodies[master];
    }
    if (op.method === 'PUT' && area === 'plants') {
      return op.url.includes('/sla/') ? { text: 'Terms' } : f.bodies.plant;
    }
    if (op.url.endsWith('/block')) {
      return { status: 'blocked' };
    }
    return op.body ? sample(op.body) : undefined;
  }

  async function send(op: Operation, token: string | undefined, url: string) {
    const headers = token?.startsWith('fdk_') ? { 'x-api-key': token } : token ? t.as(token) : {};
    if (op.method === 'POST' && /\/(attachments|documents)$/.test(op.url)) {
      const form = multipartFile('probe.pdf', Buffer.from('%PDF-1.7\n%%EOF\n'), { fields: { kind: 'other' } });
      return t.app.inject({ method: 'POST', url, headers: { ...headers, ...form.headers }, payload: form.payload });
    }
    const body = op.method === 'GET' || op.method === 'DELETE' ? undefined : bodyFor(op);
    return t.app.inject({ method: op.method as 'POST', url, headers, payload: body as object | undefined });
  }

  return { targetOf, send };
}

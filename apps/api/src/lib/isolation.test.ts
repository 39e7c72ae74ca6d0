import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { API_SCOPES } from '@freightdesk/shared/api-scopes';
import { PERMISSIONS } from '@freightdesk/shared/permissions';
import { insertApiKey } from '../repositories/api-keys.repository.ts';
import type { Access } from './access.ts';
import { newApiKey } from './api-keys.ts';
import { useTestApp } from '../test/harness.ts';
import { multipartFile } from '../test/import-files.ts';
import { createFixtures, type Fixtures, MARK } from '../test/isolation-fixtures.ts';
import { fill, type Operation, operations, sample } from '../test/openapi.ts';
import { createStaff } from '../test/staff.ts';

/**
 * Generated from the OpenAPI document: every route that names a record is called with the demo
 * shipper's ids by another shipper, a carrier the shipper never linked, staff without the
 * permission, staff of another plant, API keys of that other shipper and that carrier, and no
 * token; every list is read by them too. Any 2xx on the shipper's data (or its mark in a list) is
 * a leak. A new route is covered without a new test;
 * a route whose ids this test cannot place fails it until it is placed below.
 */
// Every route is called by each hostile user in a minute or two: no key budget may refuse them first.
const t = useTestApp({ env: () => ({ API_KEY_CALLS_PER_MINUTE: '1000000' }) });
let f: Fixtures;
/** An API key of the demo shipper: what the key routes are called with. */
let demoKeyId = 0;
const who: Record<'tenant' | 'carrier' | 'staffNoPermission' | 'staffElsewhere' | 'tenantKey' | 'carrierKey', string> = {
  tenant: '',
  carrier: '',
  staffNoPermission: '',
  staffElsewhere: '',
  // API keys (issue 34, sent as X-API-Key) of the other shipper and the unlinked carrier, every scope they may hold.
  tenantKey: '',
  carrierKey: '',
};

/** What a path names: its ids, and whose rule guards it (`plant`: also a staff user's plants). */
/** `list`: a list with a path parameter (a report): it answers anyone allowed, so what must not leak is the shipper's rows. */
type Target = { values: Record<string, string | number>; scope: 'tenant' | 'plant' | 'admin' | 'self' | 'public' | 'list' };

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
    const values = second === 'shippers' ? id('industry') : second === 'users' ? id('ownerUser') : second === 'devices' ? id('device') : 1;
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

/** The one permission of the staff user "without permission" (a role needs one). */
const HELD = 'list-whats-new';
/** Does the route need a permission the staff user without permission does not hold? */
const needsPermission = (access: Access | undefined) =>
  access !== undefined &&
  access !== 'public' &&
  access !== 'authenticated' &&
  (('anyOf' in access && !access.anyOf.includes(HELD)) ||
    ('permission' in access && access.permission !== undefined && access.permission !== HELD));
const PLANT_LISTS = /^\/api\/(requests|orders|offline-orders|plants|dashboard|indents|invoices)\b/;

type Leak = { who: string; call: string; status: number };

beforeAll(async () => {
  f = await createFixtures(t);
  who.tenant = await t.login('noplan@demo.test');
  // A carrier the demo shipper never linked: Sunrise Polymers adds it to its own carriers.
  const before = t.mails.length;
  const added = await t.app.inject({
    method: 'POST',
    url: '/api/carriers',
    headers: t.as(who.tenant),
    payload: { name: 'Xeno Freight', contactName: 'Xavier', mobile: '9700000001', email: 'xeno@carrier.test' },
  });
  expect(added.statusCode, added.body).toBe(201);
  const link = /#\/password\/reset\/([\w-]+)/.exec(t.mails.slice(before).at(-1)?.text ?? '')?.[1];
  await t.app.inject({
    method: 'POST',
    url: '/api/auth/reset-password',
    payload: { token: link, password: 'Xeno12345', passwordConfirmation: 'Xeno12345' },
  });
  who.carrier = await t.login('xeno@carrier.test', 'Xeno12345');
  who.staffNoPermission = (await createStaff(t, f.owner, { permissions: [HELD] })).token;
  who.staffElsewhere = (await createStaff(t, f.owner, { permissions: [...PERMISSIONS], plantIds: [f.otherPlantId] })).token;
  demoKeyId = await demoShipperKey();
  who.carrierKey = await carrierKey(who.carrier);
  who.tenantKey = await shipperKey('noplan@demo.test');
});

async function demoShipperKey(): Promise<number> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/api-keys',
    headers: t.as(f.owner),
    payload: { name: `${MARK} key`, scopes: ['orders:read'], expiresInDays: 1 },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id as number;
}

/** A key of the carrier with every scope it may grant, made through the API. */
async function carrierKey(token: string): Promise<string> {
  const scopes = API_SCOPES.filter((s) => !s.startsWith('masters:'));
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/api-keys',
    headers: t.as(token),
    payload: { name: 'Probe', scopes, expiresInDays: 1 },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.key as string;
}

/** A key of a shipper with every scope, stored directly (the plan-less shipper may not make one through the API). */
async function shipperKey(email: string): Promise<string> {
  const { key, hash, prefix } = newApiKey();
  const result = (await t.database.db.execute(sql`select id, industry_id from users where email = ${email}`)) as unknown as {
    rows: { id: number; industry_id: number }[];
  };
  const user = result.rows[0];
  expect(user).toBeDefined();
  await t.seed((db) =>
    insertApiKey(db, {
      industryId: user?.industry_id,
      name: 'Probe',
      keyHash: hash,
      prefix,
      scopes: [...API_SCOPES],
      createdBy: user?.id ?? 0,
      expiresAt: new Date(Date.now() + 86_400_000),
    }),
  );
  return key;
}

describe('generated tenant isolation of every route', () => {
  it('gives nobody else a 2xx on the demo shipper’s records, and no list shows them', { timeout: 300_000 }, async () => {
    const ops = operations(t.app).filter((op) => op.url.startsWith('/api/') && op.url !== '/api/auth/logout');
    const unplaced = ops.filter((op) => op.params.length && !targetOf(op.url)).map((op) => `${op.method} ${op.url}`);
    expect(unplaced, 'routes whose ids the isolation test cannot place: add them to targetOf').toEqual([]);
    const leaks: Leak[] = [];
    let checked = 0;
    // Reads first, then writes, so a write that should fail cannot hide a later read's leak.
    const ordered = [...ops.filter((op) => op.method === 'GET'), ...ops.filter((op) => op.method !== 'GET')];
    for (const op of ordered) {
      const target = op.params.length ? targetOf(op.url) : undefined;
      if (target?.scope === 'public' || op.access === 'public') {
        continue;
      }
      const url = fill(op.url, target?.values ?? {});
      const call = `${op.method} ${url}`;
      const anonymous = await send(op, undefined, url);
      checked++;
      if (anonymous.statusCode !== 401) {
        leaks.push({ who: 'no token', call, status: anonymous.statusCode });
      }
      for (const [name, token] of Object.entries(who)) {
        const elsewhere = name === 'staffElsewhere';
        if (elsewhere && !(target ? ['plant', 'self', 'list'].includes(target.scope) : PLANT_LISTS.test(op.url))) {
          continue;
        }
        if (name === 'staffNoPermission' && !needsPermission(op.access) && target?.scope !== 'self' && target?.scope !== 'admin') {
          continue;
        }
        const res = await send(op, token, url);
        checked++;
        const ok = res.statusCode >= 200 && res.statusCode < 300;
        const list = !target || target.scope === 'list';
        const listsMark = list && op.method === 'GET' && res.body.includes(MARK);
        if ((!list && ok) || listsMark || (name === 'staffNoPermission' && needsPermission(op.access) && res.statusCode !== 403)) {
          leaks.push({ who: name, call, status: res.statusCode });
        }
      }
    }
    expect(checked).toBeGreaterThan(400);
    expect(leaks).toEqual([]);
    // The reports' check can fail: the owner's own spend by plant shows the marked plant.
    const own = await t.app.inject({ method: 'GET', url: '/api/reports/spend?groupBy=plant', headers: t.as(f.owner) });
    expect(own.body).toContain(`${MARK} Plant`);
  });
});

import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PERMISSION_AREAS, PERMISSIONS } from './permissions.ts';
import { notificationTarget, PUBLIC_PATHS, ROUTES } from './routes.ts';

// The product spec sits in ../shared/seed beside the repository (spec README).
const seedDir = path.resolve(import.meta.dirname, '../../../../shared/seed');
const specFile = readdirSync(seedDir).find((f) => f.endsWith('.txt'));
const spec = readFileSync(path.join(seedDir, specFile ?? ''), 'utf8');

describe('permission catalogue', () => {
  it('holds every permission the spec names in brackets', () => {
    const named = new Set([...spec.matchAll(/\[([a-z][a-z-]*)\]/g)].map((m) => m[1]));
    expect(named.size).toBeGreaterThan(50);
    for (const p of named) {
      expect(PERMISSIONS, p).toContain(p);
    }
  });
  it('holds nothing the spec does not name', () => {
    for (const p of PERMISSIONS) {
      expect(new RegExp(`(^|[^a-z-])${p}([^a-z-]|$)`).test(spec), p).toBe(true);
    }
  });
  it('groups every permission exactly once for the role matrix', () => {
    const grouped = Object.values(PERMISSION_AREAS).flat();
    expect([...grouped].sort()).toEqual([...PERMISSIONS].sort());
  });
});

describe('route table', () => {
  const byPath = new Map(ROUTES.map((r) => [r.path, r]));

  it('has unique ids and paths', () => {
    expect(new Set(ROUTES.map((r) => r.id)).size).toBe(ROUTES.length);
    expect(byPath.size).toBe(ROUTES.length);
  });

  it('makes exactly the spec’s public routes public, and the driver’s trip link (record 0302)', () => {
    expect([...PUBLIC_PATHS].sort()).toEqual(
      [
        '/login',
        '/forgot-password',
        '/reset-password',
        '/password/reset/:token',
        '/redirect',
        '/fast/:id',
        '/live/:id',
        '/trip/:token',
      ].sort(),
    );
  });

  it('carries the spec’s permissions', () => {
    const expectations: [string, string | undefined][] = [
      ['/payment-summary', 'payment-summary'],
      ['/industry-transporter/import', 'add-industry-transporter'],
      ['/request/inbound/view-bid/:id/:req_id', 'list-bids-inbound-request'],
      ['/request/outbound/view-bid/:id/:req_id', 'edit-outbound-request'],
      ['/offline/outbound/order', 'list-outbound-order'],
      ['/plant/view/:id', 'list-plant'],
      ['/plant/edit/:id', 'edit-plant'],
      ['/industry-request-settings', 'bid-list'],
      ['/industry-payment-settings/edit/:id', 'add-edit-delete'],
      ['/contract', 'list-indent'],
      ['/indent/updateBackupTransporter/:id', 'detail-indent'],
      ['/my-plan', 'list-plan'],
      ['/dashboard', undefined],
    ];
    for (const [p, permission] of expectations) {
      expect(byPath.get(p)?.permission, p).toBe(permission);
    }
  });

  it('enforces login and list-terms-conditions on both SLA routes', () => {
    for (const p of ['/sla/edit/:id', '/plant/contract-sla/edit/:id']) {
      expect(byPath.get(p)).toMatchObject({ requiresAuth: true, permission: 'list-terms-conditions' });
    }
  });

  it('lists the tracking boards, gate and notification targets', () => {
    for (const p of [
      '/inbound-tracking/:tab?/:select?',
      '/inbound-tracking/rail-track-list/:id',
      '/inboundtracking/rail-location/:id',
      '/outboundtracking/rail-location/:id',
      '/outbound-tracking/multiple-eway-bill/:id/:type',
      '/gate-in-out/inbound',
      '/order/inbound/:id',
      '/order/outbound/:id/:tab?/:select?',
      '/rfp/detail/view-bid/:rfp_id/:rfp_bid_id',
      '/settings/:tab?/:select?',
    ]) {
      expect(byPath.has(p), p).toBe(true);
    }
    expect(byPath.has('/outbound-tracking/rail-track-list/:id')).toBe(false);
  });
});

describe('notification targets', () => {
  it('follow spec section 2', () => {
    expect(notificationTarget({ type: 'request', referId: 7, requestType: 2 })).toBe('/request/inbound/detail/7');
    expect(notificationTarget({ type: 'request', referId: 0, requestType: 1 })).toBe('/request/outbound');
    expect(notificationTarget({ type: 'order', referId: 3, requestType: 1 })).toBe('/order/outbound/3');
    expect(notificationTarget({ type: 'order', referId: -1, requestType: 2 })).toBe('/order/inbound/');
    expect(notificationTarget({ type: 'rfp', referId: 5 })).toBe('/rfp/detail/5');
    expect(notificationTarget({ type: 'indent', referId: 0 })).toBe('/indent');
  });
  it('send a disabled webhook endpoint to the Developers page', () => {
    expect(notificationTarget({ type: 'webhook', referId: 4 })).toBe('/settings/developers');
  });
});

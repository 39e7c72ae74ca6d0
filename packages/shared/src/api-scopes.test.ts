import { describe, expect, it } from 'vitest';
import { API_SCOPES, SCOPE_PERMISSIONS, areaOf, grantableScopes, permissionsOfScopes, requiredScope } from './api-scopes.ts';
import { PERMISSIONS } from './permissions.ts';

describe('API key scopes', () => {
  it('needs a read scope for GET and a write scope for every other method', () => {
    expect(requiredScope('GET', '/api/orders/outbound/:id')).toBe('orders:read');
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      expect(requiredScope(method, '/api/orders/outbound/:id')).toBe('orders:write');
    }
    expect(requiredScope('GET', '/api/carrier/invoices')).toBe('invoices:read');
    expect(requiredScope('POST', '/api/requests/outbound')).toBe('requests:write');
  });

  it('gives routes of no area (sign-in, keys, staff, admin …) no scope, and does not match a prefix inside a word', () => {
    for (const url of ['/api/api-keys', '/api/auth/logout', '/api/staff', '/api/admin/users', '/api/reports/spend', '/api/carriersx']) {
      expect(areaOf(url), url).toBeNull();
    }
    expect(areaOf('/api/carriers/:id')).toBe('masters');
  });

  it('lets an owner grant every scope, a carrier the carrier areas and a plan-less shipper none', () => {
    expect(grantableScopes({ userType: 3, permissions: [...PERMISSIONS] }, true)).toEqual([...API_SCOPES]);
    expect(grantableScopes({ userType: 3, permissions: [...PERMISSIONS] }, false)).toEqual([]);
    expect(grantableScopes({ userType: 2, permissions: [] }, false)).not.toContain('masters:read');
    expect(grantableScopes({ userType: 4, permissions: [...SCOPE_PERMISSIONS['orders:read']] }, true)).toEqual(['orders:read']);
  });

  it('grants a key only permissions its creator holds', () => {
    expect(permissionsOfScopes(['orders:read'], ['list-outbound-order', 'list-stop'])).toEqual(['list-outbound-order']);
  });
});

import { describe, expect, it } from 'vitest';
import { AppError, foundOr404 } from './errors.ts';
import type { Viewer } from './policy.ts';
import { ruleOrForbidden } from './policy-require.ts';

const staff = (permissions: Viewer['permissions']): Viewer => ({
  id: 7,
  userType: 3,
  industryId: 1,
  carrierId: null,
  permissions,
  plantIds: [],
  businessUnitIds: [],
});
const carrier: Viewer = { id: 9, userType: 2, industryId: null, carrierId: 4, permissions: [], plantIds: [], businessUnitIds: [] };

const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return error instanceof AppError ? { status: error.statusCode, message: error.message } : error;
  }
  return 'no refusal';
};

describe('ruleOrForbidden: the one turn from "no rule" to 403', () => {
  it('hands back the rule the policy gives', () => {
    expect(ruleOrForbidden(staff(['list-outbound-order']), 'order', 'list', 1)).toBeTruthy();
    expect(ruleOrForbidden(staff(['payment-summary']), 'invoice', 'read')).toBeTruthy();
    expect(ruleOrForbidden(carrier, 'contract', 'read')).toBeTruthy();
  });

  it('tells a shipper user which permissions would admit the call, for every kind', () => {
    expect(refusal(() => ruleOrForbidden(staff([]), 'order', 'list', 2))).toEqual({
      status: 403,
      message: "You need the 'list-inbound-order' or 'list-offline-inbound-order' permission for this.",
    });
    expect(refusal(() => ruleOrForbidden(staff([]), 'invoice', 'read'))).toEqual({
      status: 403,
      message: "You need the 'payment-summary' permission for this.",
    });
    for (const kind of ['request', 'rfq', 'contract', 'indent'] as const) {
      expect(refusal(() => ruleOrForbidden(staff([]), kind, 'change'))).toMatchObject({
        status: 403,
        message: expect.stringMatching(/^You need the '[a-z-]+'.* permission for this\.$/),
      });
    }
  });

  it('gives a carrier the plain refusal, never a shipper permission name', () => {
    for (const kind of ['request', 'order', 'rfq', 'contract', 'indent', 'invoice'] as const) {
      expect(refusal(() => ruleOrForbidden(carrier, kind, 'export'))).toEqual({
        status: 403,
        message: 'You do not have permission to do this.',
      });
    }
  });
});

describe('foundOr404', () => {
  it('answers the first row, or 404 naming what was looked for', async () => {
    expect(await foundOr404(Promise.resolve([{ id: 3 }, { id: 4 }]), 'Order')).toEqual({ id: 3 });
    await expect(foundOr404(Promise.resolve([]), 'Contract')).rejects.toMatchObject({ statusCode: 404, message: 'Contract not found.' });
  });
});

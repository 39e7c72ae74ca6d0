import { describe, expect, it } from 'vitest';
import type { BillableOrder } from '@freightdesk/shared/schemas/invoice-views';
import {
  type DraftLine,
  draftTotals,
  insertIndex,
  kindsToAdd,
  linesBody,
  linesFromBillable,
  orderGroups,
  previewBody,
} from './invoice-draft.ts';

const order = (over: Partial<BillableOrder> = {}): BillableOrder => ({
  id: 7,
  number: 'ORD-7',
  plantId: 2,
  plantName: 'Pune',
  vehicleNumber: 'MH12AB1234',
  deliveredAt: '2026-05-01T10:00:00Z',
  freightPaise: 4_500_000,
  detentionPaise: 0,
  detentionHours: 0,
  shortageQty: 0,
  damageQty: 0,
  ...over,
});

const line = (orderId: number, kind: DraftLine['kind'], amountRupees?: number): DraftLine => ({
  orderId,
  orderNumber: `ORD-${orderId}`,
  vehicleNumber: null,
  kind,
  amountRupees,
  reason: '',
  expectedPaise: null,
});

describe('an order added from the picker', () => {
  it('brings a freight line at what the platform expects, in rupees', () => {
    expect(linesFromBillable(order())).toEqual([
      {
        orderId: 7,
        orderNumber: 'ORD-7',
        vehicleNumber: 'MH12AB1234',
        kind: 'freight',
        amountRupees: 45_000,
        reason: '',
        expectedPaise: 4_500_000,
      },
    ]);
  });
  it('adds detention only when the vehicle waited past the free hours', () => {
    const lines = linesFromBillable(order({ detentionPaise: 150_050, detentionHours: 30 }));
    expect(lines.map((l) => [l.kind, l.amountRupees])).toEqual([
      ['freight', 45_000],
      ['detention', 1500.5],
    ]);
  });
  it('leaves the freight empty when the platform knows no rate', () => {
    const [freight] = linesFromBillable(order({ freightPaise: null }));
    expect(freight?.amountRupees).toBeUndefined();
    expect(freight?.expectedPaise).toBeNull();
  });
});

describe('adding lines to an order', () => {
  const lines = [line(1, 'freight'), line(2, 'freight'), line(1, 'loading'), line(2, 'detention')];
  it('offers freight and detention once per order, the other kinds again and again', () => {
    expect(kindsToAdd(lines, 1)).toEqual(['detention', 'loading', 'unloading', 'other', 'deduction']);
    expect(kindsToAdd(lines, 2)).toEqual(['loading', 'unloading', 'other', 'deduction']);
  });
  it('puts a new line after the order’s last line', () => {
    expect(insertIndex(lines, 1)).toBe(3);
    expect(insertIndex(lines, 2)).toBe(4);
    expect(insertIndex(lines, 9)).toBe(4);
  });
  it('groups the lines by order, in the order they were added', () => {
    expect(orderGroups(lines).map((g) => [g.orderId, g.indexes])).toEqual([
      [1, [0, 2]],
      [2, [1, 3]],
    ]);
  });
});

describe('the totals while typing', () => {
  it('are the charges less the deductions, to the paisa', () => {
    const t = draftTotals([line(1, 'freight', 45_000.1), line(1, 'detention', 0.2), line(1, 'deduction', 1000), line(2, 'freight', 100)]);
    expect(t).toEqual({ chargesPaise: 4_510_030, deductionsPaise: 100_000, taxablePaise: 4_410_030, orders: 2 });
  });
  it('count an empty or mistyped amount as nothing', () => {
    expect(draftTotals([line(1, 'freight'), line(1, 'loading', Number.NaN), line(1, 'other', 50)]).taxablePaise).toBe(5000);
  });
});

describe('the body sent', () => {
  it('keeps the draft’s order and drops blank reasons', () => {
    const lines = [line(2, 'freight', 10), { ...line(2, 'other', 5), reason: '  Toll  ' }];
    expect(linesBody(lines)).toEqual([
      { orderId: 2, kind: 'freight', amountRupees: 10, reason: undefined },
      { orderId: 2, kind: 'other', amountRupees: 5, reason: 'Toll' },
    ]);
  });
});

describe('the draft the server works out before sending (issue 33)', () => {
  const line = (amountRupees: number | undefined, kind: 'freight' | 'deduction' = 'freight'): DraftLine => ({
    orderId: 7,
    orderNumber: 'OB-2026-000007',
    vehicleNumber: null,
    kind,
    amountRupees,
    reason: kind === 'deduction' ? 'Shortage' : '',
    expectedPaise: null,
  });
  it('is sent once every line has its amount and the charges exceed the deductions', () => {
    const draft = { invoiceDate: '2026-12-05', gstScheme: 'fcm' as const, lines: [line(30_000)] };
    expect(previewBody(draft)).toEqual({
      invoiceDate: '2026-12-05',
      gstScheme: 'fcm',
      lines: [{ orderId: 7, kind: 'freight', amountRupees: 30_000, reason: undefined }],
    });
    expect(previewBody({ ...draft, lines: [line(30_000), line(undefined)] })).toBeNull();
    expect(previewBody({ ...draft, lines: [line(Number.NaN)] })).toBeNull();
    expect(previewBody({ ...draft, lines: [line(100), line(200, 'deduction')] })).toBeNull();
    expect(previewBody({ ...draft, lines: [] })).toBeNull();
  });
});

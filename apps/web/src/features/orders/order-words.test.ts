import { describe, expect, it } from 'vitest';
import type { OrderTimelineEntry } from '@freightdesk/shared/schemas/order-detail';
import { moveTitle } from './order-timeline.tsx';

const entry = (from: string | null, to: string): OrderTimelineEntry => ({
  from,
  to,
  by: 1,
  byName: 'Asha Kulkarni',
  byCompany: 'Demo Industries',
  byLabel: 'Asha Kulkarni, Demo Industries',
  reason: null,
  at: '2026-11-24T06:10:00.000Z',
});

describe('order page words', () => {
  it('names POD decisions and same-status changes as people say them', () => {
    expect(moveTitle(entry('delivered', 'arrived'), 1)).toBe('POD sent back to the carrier');
    expect(moveTitle(entry('delivered', 'closed'), 1)).toBe('POD accepted, closed');
    expect(moveTitle(entry('arrived', 'arrived'), 1)).toBe('Update');
    expect(moveTitle(entry('loaded', 'gate_out'), 1)).toBe('In transit');
    expect(moveTitle(entry('unloaded', 'gate_out'), 2)).toBe('Gate out');
    expect(moveTitle(entry(null, 'placed'), 1)).toBe('Placed');
  });
});

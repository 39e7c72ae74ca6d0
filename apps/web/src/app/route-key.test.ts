import { describe, expect, it } from 'vitest';
import { routeKey } from './route-key.ts';

describe('routeKey', () => {
  it('changes with the record an address names', () => {
    expect(routeKey({ id: '5', single: '1' })).not.toBe(routeKey({ id: '8', single: '1' }));
    expect(routeKey({ id: '5', req_id: '2' })).not.toBe(routeKey({ id: '5', req_id: '3' }));
    expect(routeKey({ id: '5', single: '1' })).toBe(routeKey({ single: '1', id: '5' }));
  });

  it('stays the same across tabs of one record', () => {
    expect(routeKey({ id: '5', tab: 'bids' })).toBe(routeKey({ id: '5', tab: 'history' }));
    expect(routeKey({ tab: 'products', select: '2' })).toBe(routeKey({}));
  });
});

import { describe, expect, it } from 'vitest';
import { notificationUrl } from './push.ts';

describe('notification targets', () => {
  it('sends a carrier to the RFQ it may quote, a shipper to the RFQ detail', () => {
    expect(notificationUrl(2, { type: 'rfp', referId: 7, requestType: 1 })).toBe('/carrier/rfqs/7');
    expect(notificationUrl(2, { type: 'rfp', referId: 0, requestType: 1 })).toBe('/carrier/rfqs');
    expect(notificationUrl(3, { type: 'rfp', referId: 7, requestType: 1 })).toBe('/rfp/detail/7');
    expect(notificationUrl(2, { type: 'order', referId: 7, requestType: 1 })).toBe('/carrier/orders');
  });

  it('sends a carrier to the indent it may answer, a shipper to the indent detail', () => {
    expect(notificationUrl(2, { type: 'indent', referId: 9, requestType: 1 })).toBe('/carrier/indents/9');
    expect(notificationUrl(2, { type: 'indent', referId: 0, requestType: 1 })).toBe('/carrier/indents');
    expect(notificationUrl(3, { type: 'indent', referId: 9, requestType: 1 })).toBe('/indent/detail/9');
  });
});

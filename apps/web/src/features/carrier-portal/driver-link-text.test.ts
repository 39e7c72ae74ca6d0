import { describe, expect, it } from 'vitest';
import { sendAddresses, tripMessage } from './driver-link-text.ts';

describe('the driver’s trip link message', () => {
  const url = 'https://fd.example.in/#/trip/AbC_123-xyz';

  it('names the trip and the vehicle, then the link', () => {
    expect(tripMessage({ number: 'OB-2026-000004', vehicleNumber: 'MH12AB1234' }, url)).toBe(
      'Freightdesk trip OB-2026-000004, MH12AB1234: https://fd.example.in/#/trip/AbC_123-xyz',
    );
  });

  it('opens SMS to the driver and WhatsApp to +91 and the number, with the text encoded', () => {
    const to = sendAddresses('9822055511', tripMessage({ number: 'OB-1', vehicleNumber: 'MH12AB1234' }, url));
    expect(to.sms).toBe(`sms:9822055511?body=${encodeURIComponent(`Freightdesk trip OB-1, MH12AB1234: ${url}`)}`);
    expect(to.whatsapp).toMatch(/^https:\/\/wa\.me\/919822055511\?text=Freightdesk%20trip%20OB-1%2C%20MH12AB1234%3A%20https%3A%2F%2F/);
  });
});

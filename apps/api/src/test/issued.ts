import type { IssuedParties } from '@freightdesk/shared/schemas/invoice-views';

const party = { address: null, city: null, state: 'Maharashtra', pincode: null, pan: null };

/** The parties of an invoice a test writes straight into the table (`invoices.issued`), as JSON text for `::jsonb`. */
export const issuedFixture = JSON.stringify({
  supplier: { ...party, name: 'Test carrier', gstin: null },
  recipient: { ...party, name: 'Test shipper, plant', gstin: '27AAPFU0939F1ZV' },
  placeOfSupply: 'Maharashtra',
  carrierName: 'Test carrier',
  vehicles: {},
  issuedAt: '2026-06-01T00:00:00.000Z',
} satisfies IssuedParties);
